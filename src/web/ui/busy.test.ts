import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BUSY_DELAY_MS, BUSY_MIN_MS, type Outcome, runWithBusy } from './busy.ts'

/** A call that answers (or fails) after `ms` of fake time. */
const answerIn = <R>(ms: number, value: R, fail = false) =>
  new Promise<R>((resolve, reject) => setTimeout(() => (fail ? reject(value) : resolve(value)), ms))

/** Runs a call under fake time and records, at each moment, what was said and when the outcome came. */
function watch<R>(call: () => Promise<R>) {
  const said: [number, boolean][] = []
  let done: [number, Outcome<R>] | null = null
  const start = Date.now()
  void runWithBusy(call, (busy) => said.push([Date.now() - start, busy])).then((outcome) => {
    done = [Date.now() - start, outcome]
  })
  return { said, done: () => done }
}

describe('runWithBusy: the overlay only for a call still running after 300 ms, then for at least 1.5 s', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('says nothing for a call that answers before the delay, and answers as soon as it does', async () => {
    const w = watch(() => answerIn(56, 'ok'))
    await vi.advanceTimersByTimeAsync(56)
    expect(w.done()).toEqual([56, { ok: true, value: 'ok' }])
    await vi.advanceTimersByTimeAsync(5000)
    expect(w.said).toEqual([])
  })

  it('says nothing for a call that answers just before the delay', async () => {
    const w = watch(() => answerIn(BUSY_DELAY_MS - 1, 'ok'))
    await vi.advanceTimersByTimeAsync(BUSY_DELAY_MS + 100)
    expect(w.said).toEqual([])
    expect(w.done()?.[0]).toBe(BUSY_DELAY_MS - 1)
  })

  it('shows a call still running at 300 ms and keeps it 1.5 s, the outcome after it has gone', async () => {
    const w = watch(() => answerIn(400, 'ok'))
    await vi.advanceTimersByTimeAsync(BUSY_DELAY_MS - 1)
    expect(w.said).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(w.said).toEqual([[BUSY_DELAY_MS, true]])
    // Answered at 400 ms, but the overlay stays until 300 + 1500.
    await vi.advanceTimersByTimeAsync(BUSY_DELAY_MS + BUSY_MIN_MS - 1 - BUSY_DELAY_MS)
    expect(w.done()).toBeNull()
    expect(w.said).toEqual([[BUSY_DELAY_MS, true]])
    await vi.advanceTimersByTimeAsync(1)
    expect(w.said).toEqual([
      [BUSY_DELAY_MS, true],
      [BUSY_DELAY_MS + BUSY_MIN_MS, false],
    ])
    expect(w.done()).toEqual([BUSY_DELAY_MS + BUSY_MIN_MS, { ok: true, value: 'ok' }])
  })

  it('counts the 1.5 s from when the indicator is on the screen, however long it took to draw', async () => {
    const said: [number, boolean][] = []
    const start = Date.now()
    void runWithBusy(
      () => answerIn(400, 'ok'),
      (busy) => {
        // A busy phone: drawing the overlay takes 40 ms of the main thread.
        if (busy) vi.setSystemTime(Date.now() + 40)
        said.push([Date.now() - start, busy])
      },
    )
    await vi.advanceTimersByTimeAsync(BUSY_DELAY_MS + BUSY_MIN_MS + 100)
    const [shown, hidden] = said
    expect(shown).toEqual([BUSY_DELAY_MS + 40, true])
    expect((hidden?.[0] ?? 0) - (shown?.[0] ?? 0)).toBeGreaterThanOrEqual(BUSY_MIN_MS)
  })

  it('hides a call that outlasts the 1.5 s as soon as it answers', async () => {
    const w = watch(() => answerIn(2500, 'ok'))
    await vi.advanceTimersByTimeAsync(2500)
    expect(w.said).toEqual([
      [BUSY_DELAY_MS, true],
      [2500, false],
    ])
    expect(w.done()?.[0]).toBe(2500)
  })

  it('times a failure the same way, and gives it back as the outcome', async () => {
    const error = new Error('no')
    const fast = watch(() => answerIn(20, error, true))
    await vi.advanceTimersByTimeAsync(20)
    expect(fast.done()).toEqual([20, { ok: false, error }])
    const slow = watch(() => answerIn(700, error, true))
    await vi.advanceTimersByTimeAsync(BUSY_DELAY_MS + BUSY_MIN_MS)
    expect(slow.said.map(([, busy]) => busy)).toEqual([true, false])
    expect(slow.done()).toEqual([BUSY_DELAY_MS + BUSY_MIN_MS, { ok: false, error }])
  })
})
