import { type ComponentType, lazy } from 'react'

/**
 * A part of a screen in a chunk of its own (React's `lazy`), asked for as soon as the screen's module runs rather than
 * when the part first renders: a form shown once the server has answered the screen's read downloads during that read,
 * not after it. It keeps the screen's first load within its budget (docs/decisions/0010-first-load-budget.md). A fetch
 * that failed early (no connection) is made again when the part renders; render it under a `<Suspense>`.
 */
// biome-ignore lint/suspicious/noExplicitAny: React's own `lazy` takes any component type.
export function lazyPart<C extends ComponentType<any>>(load: () => Promise<C>) {
  const early = load()
  return lazy(() => early.catch(load).then((component) => ({ default: component })))
}
