import { useSyncExternalStore } from 'react'

/** A `useSyncExternalStore` subscription for a value that never changes on its own (only its reading differs). */
export const noChanges = () => () => undefined

/**
 * False in the server's render and in the browser's hydration of it, true in every render after: for what the browser
 * alone can say, or says otherwise than the server (its own locale data), shown once the page is the browser's.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  )
