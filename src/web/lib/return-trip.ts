import { useEffect } from 'react'
import { useLocation } from 'react-router'

/**
 * What a form had typed when the person went to read something on a screen of its own (the terms from sign-up, spec
 * §2 "back link returns to sign-up"), given back when they return. Kept in memory, never in the device's storage (it
 * holds a phone number), and only for that trip: landing anywhere else forgets it, so the next person on a shared
 * phone does not find it.
 */
interface Trip {
  /** The form's path, where the values go back. */
  from: string
  /** The path read meanwhile. */
  to: string
  values: unknown
}

let trip: Trip | null = null

export function leaveForm(from: string, to: string, values: unknown): void {
  trip = { from, to, values }
}

/** The values left at `from`, once; null when the person did not come straight back. */
export function takeFormValues<T>(from: string): T | null {
  if (trip?.from !== from) return null
  const { values } = trip
  trip = null
  return values as T
}

/** In the shell: any location but the trip's two ends ends the trip. */
export function useReturnTripBounds(): void {
  const { pathname } = useLocation()
  useEffect(() => {
    if (trip && pathname !== trip.from && pathname !== trip.to) trip = null
  }, [pathname])
}
