import { useCallback, useState } from 'react'
import { flushSync } from 'react-dom'
import { runWithBusy } from './busy.ts'

// Apart from busy.ts, which every form's first load carries: only the counter tablet uses this.
/**
 * The same rule for a screen that says it is busy in its own way (the counter tablet's button labels): `busy` turns
 * on and off as `runWithBusy` says, `pending` from the call's start to its answer; `run` answers or throws as the
 * call did.
 */
export function useBusy() {
  const [busy, setBusy] = useState(false)
  // From the tap to the answer, whether or not it is said yet: what must not be tapped meanwhile is disabled by it.
  const [pending, setPending] = useState(false)
  const run = useCallback(async <R>(call: () => Promise<R>): Promise<R> => {
    setPending(true)
    try {
      // Drawn there and then, as the forms' overlay is: the 1.5 s count from when the label is on the screen.
      const outcome = await runWithBusy(call, (shown) => flushSync(() => setBusy(shown)))
      if (!outcome.ok) throw outcome.error
      return outcome.value
    } finally {
      setPending(false)
    }
  }, [])
  return { busy, pending, run }
}
