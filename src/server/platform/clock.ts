import { diaEmLisboa } from '../../shared/format.ts'

/** Time as the server sees it; tests pass a clock they move by hand. */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }

export const isoNow = (clock: Clock) => clock.now().toISOString()
export const isoIn = (clock: Clock, ms: number) => new Date(clock.now().getTime() + ms).toISOString()

/** `YYYY-MM-DD` of the clock's day in Lisbon, for age checks. */
export function lisbonToday(clock: Clock): string {
  return diaEmLisboa(clock.now())
}

export const MINUTE = 60_000
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR

/** A clock for tests: starts where told and only moves when asked. */
export function manualClock(start: string | Date = '2026-11-22T10:00:00.000Z') {
  let current = new Date(start).getTime()
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms
    },
    /** At this instant (a suite that shares one clock, each of whose tests starts at its own). */
    set(at: string | Date) {
      current = new Date(at).getTime()
    },
  }
}
