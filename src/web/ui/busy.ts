/**
 * When a submission says it is running (docs/decisions/0015): not before it has run this long, so that an answer
 * faster than a person can notice shows nothing at all…
 */
export const BUSY_DELAY_MS = 300
/** …and, once it is said, for at least this long (spec §9's 1.5 s), so that it never flickers. */
export const BUSY_MIN_MS = 1500

export type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown }

/**
 * Runs the call and says it is running (`show(true)`) only if it is still running after BUSY_DELAY_MS; once said,
 * the outcome waits until it has been said for BUSY_MIN_MS, and `show(false)` comes just before the outcome, so that
 * whatever the caller does next (focus a field, open a dialog, leave the screen) happens with the indicator gone. The
 * minimum counts from when `show(true)` has returned: a caller that puts the indicator on the screen there and then
 * (the forms' overlay) keeps it on the screen that long, however long a busy phone took to draw it.
 */
export async function runWithBusy<R>(call: () => Promise<R>, show: (busy: boolean) => void): Promise<Outcome<R>> {
  let shownAt: number | null = null
  const timer = setTimeout(() => {
    show(true)
    shownAt = Date.now()
  }, BUSY_DELAY_MS)
  let outcome: Outcome<R>
  try {
    outcome = { ok: true, value: await call() }
  } catch (error) {
    outcome = { ok: false, error }
  }
  clearTimeout(timer)
  if (shownAt !== null) {
    const left = BUSY_MIN_MS - (Date.now() - shownAt)
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left))
    show(false)
  }
  return outcome
}
