import { type ReactNode, Suspense, useEffect, useState } from 'react'

/** Whether the app's first render is under way (App ends it). */
let firstRender = true
/** Whether that first render hydrates the server's HTML (main.tsx), which already holds every part. */
let hydrating = false

/** Called once the app's first render is done: from then on, `Later` renders its children at once. */
export function firstRenderDone(): void {
  firstRender = false
  hydrating = false
}

/** Called before the browser hydrates the server's HTML: `Later` then renders what the server rendered. */
export function hydrationStarts(): void {
  hydrating = true
}

/**
 * Below-the-fold parts of the screen a page opens on, rendered in a task of their own just after it: on a slow phone
 * one long first render would block a tap (Lighthouse's TBT), where two short ones let the browser paint and answer in
 * between. Only in the app's first render: on a later navigation the screen comes whole, so that a restored scroll
 * position finds the page at its full height. The server renders them (the page's HTML is whole); hydrating them is
 * the work that waits, in a boundary of its own that React hydrates after the rest.
 */
export function Later({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(() => import.meta.env.SSR || hydrating || !firstRender)
  useEffect(() => {
    if (shown) return
    const timer = window.setTimeout(() => setShown(true), 0)
    return () => window.clearTimeout(timer)
  }, [shown])
  return <Suspense fallback={null}>{shown ? children : null}</Suspense>
}
