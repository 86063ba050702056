import { type ComponentProps, type ComponentType, createElement, lazy, useState } from 'react'

/** The parts asked for so far and not yet in (main.tsx waits for them before it hydrates the server's page). */
const asked = new Set<Promise<unknown>>()

/** Resolves once every part asked for so far has arrived (or failed: the part then asks again as it renders). */
export function partsLoaded(): Promise<unknown> {
  return Promise.allSettled([...asked])
}

/**
 * A part of a screen in a chunk of its own (React's `lazy`), asked for as soon as the screen's module runs rather than
 * when the part first renders: a form shown once the server has answered the screen's read downloads during that read,
 * not after it. It keeps the screen's first load within its budget (docs/decisions/0010-first-load-budget.md). Once in,
 * a part renders at once, without suspending: the browser's hydration of a server page finds it as the server rendered
 * it (main.tsx waits for the parts first). Each mount keeps the form it started with, so that a part that arrives
 * while it is shown is not mounted anew. A fetch that failed early (no connection) is made again when the part renders;
 * render it under a `<Suspense>`.
 */
// biome-ignore lint/suspicious/noExplicitAny: React's own `lazy` takes any component type.
export function lazyPart<C extends ComponentType<any>>(load: () => Promise<C>) {
  let loaded: C | undefined
  const early = load().then((component) => {
    loaded = component
    return component
  })
  asked.add(early)
  void early.then(
    () => asked.delete(early),
    () => asked.delete(early),
  )
  const Lazy = lazy(() =>
    early.catch(load).then((component) => {
      loaded = component
      return { default: component }
    }),
  )
  // biome-ignore lint/correctness/noComponentHookFactories: a factory called once, at a module's top level, as `lazy` is.
  return function Part(props: ComponentProps<C>) {
    // In an object: a component is a function, which useState would call as an initializer.
    const [{ Shown }] = useState(() => ({ Shown: (loaded ?? Lazy) as ComponentType<ComponentProps<C>> }))
    return createElement(Shown, props)
  }
}
