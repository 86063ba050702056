import { type ReactNode, useEffect, useState } from 'react'

/** Whether the app's first render is under way (App ends it). */
let firstRender = true

/** Called once the app's first render is done: from then on, `Later` renders its children at once. */
export function firstRenderDone(): void {
  firstRender = false
}

/**
 * Below-the-fold parts of the screen a page opens on, rendered in a task of their own just after it: on a slow phone
 * one long first render would block a tap (Lighthouse's TBT), where two short ones let the browser paint and answer in
 * between. Only in the app's first render: on a later navigation the screen comes whole, so that a restored scroll
 * position finds the page at its full height.
 */
export function Later({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(() => !firstRender)
  useEffect(() => {
    if (shown) return
    const timer = window.setTimeout(() => setShown(true), 0)
    return () => window.clearTimeout(timer)
  }, [shown])
  return shown ? children : null
}
