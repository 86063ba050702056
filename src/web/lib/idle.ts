import { useEffect, useState } from 'react'

/** Runs `work` when the browser is idle (soon after, where it has no idle callbacks): off the first screen's tasks. */
export function whenIdle(work: () => void): void {
  if (window.requestIdleCallback) window.requestIdleCallback(work)
  else window.setTimeout(work, 1)
}

let loaded = false

/** Runs `work` once the page has loaded (its images too) and the browser is idle: after the first screen has painted. */
export function afterPageLoad(work: () => void): void {
  if (loaded || document.readyState === 'complete') {
    loaded = true
    whenIdle(work)
    return
  }
  window.addEventListener(
    'load',
    () => {
      loaded = true
      whenIdle(work)
    },
    { once: true },
  )
}

/**
 * False until the page has loaded and the browser is idle, then true: for reads the first screen does not need (the
 * header's unread count), which would otherwise compete on a slow link with the screen's own script and image.
 */
export function usePageLoaded(): boolean {
  const [ready, setReady] = useState(loaded)
  useEffect(() => {
    if (ready) return
    let current = true
    afterPageLoad(() => {
      if (current) setReady(true)
    })
    return () => {
      current = false
    }
  }, [ready])
  return ready
}
