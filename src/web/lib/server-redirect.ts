import { createContext, useContext } from 'react'

/**
 * Where the server's render of a page found that the page sends the visitor elsewhere (a guard: the onboarding first,
 * login): entry-server.tsx gives each render an object of its own here, and the server answers with an HTTP redirect
 * instead of a page the browser would leave at once. Null in the browser.
 */
export const ServerRedirectContext = createContext<{ to?: string } | null>(null)

/** Records the server render's redirect; in the browser, does nothing (the screen's `<Navigate>` goes). */
export function useServerRedirect(): (to: string) => void {
  const redirect = useContext(ServerRedirectContext)
  return (to) => {
    if (redirect && redirect.to === undefined) redirect.to = to
  }
}
