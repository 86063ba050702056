import { Navigate, type NavigateProps } from 'react-router'
import { useServerRedirect } from '../lib/server-redirect.ts'

/**
 * A screen that sends the visitor elsewhere on its first render (a guard, a product gone from the menu). In the
 * browser, the router goes; in the server's render, the server answers with an HTTP redirect instead of a page the
 * browser would leave at once, when the place needs no history state (one that does renders nothing there, and the
 * browser goes once it has the page).
 */
export function Redirect({ to, state }: { to: string; state?: NavigateProps['state'] }) {
  const serverRedirect = useServerRedirect()
  if (import.meta.env.SSR) {
    if (state === undefined) serverRedirect(to)
    return null
  }
  return <Navigate to={to} replace state={state} />
}
