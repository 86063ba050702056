import { useCallback, useState } from 'react'
import { runWithBusy } from './busy.ts'

// Apart from busy.ts, which every form's first load carries: only the counter tablet uses this.
/**
 * The same rule for a screen that says it is busy in its own way (the counter tablet's button labels): `busy` turns
 * on and off as `runWithBusy` says; `run` answers or throws as the call did.
 */
export function useBusy() {
  const [busy, setBusy] = useState(false)
  const run = useCallback(async <R>(call: () => Promise<R>): Promise<R> => {
    const outcome = await runWithBusy(call, setBusy)
    if (!outcome.ok) throw outcome.error
    return outcome.value
  }, [])
  return { busy, run }
}
