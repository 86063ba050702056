/** Runs `work` when the browser is idle (soon after, where it has no idle callbacks): off the first screen's tasks. */
export function whenIdle(work: () => void): void {
  if (window.requestIdleCallback) window.requestIdleCallback(work)
  else window.setTimeout(work, 1)
}
