import { useSyncExternalStore } from 'react'
import { useLocation } from 'react-router'
import { paths } from '../../shared/routes.ts'
import type { ApiError } from '../lib/api.ts'
import { type LoginReturnState, loginReturnOf, loginReturnState } from '../lib/login-return.ts'
import { onboardingSeenOnDevice, usePrivateData } from '../lib/private-data.ts'
import { noChanges } from '../lib/use-hydrated.ts'

/**
 * Who may open a screen (spec §2 "Routing guards"), set in the route's `handle.access`:
 * - `open`: anyone, no guard at all (onboarding itself, legal texts, not found);
 * - `public` (default): onboarding must have been seen; a temporary account is sent to complete its data;
 * - `guest`: as public, and a logged-in person goes to the profile (login, sign-up, recovery);
 * - `private`: as public, and a guest goes to login, which brings them back once logged in (lib/login-return.ts);
 * - `account`: login required but allowed to a temporary account (the personal data form itself);
 * - `cartao`: as private, and when the server cannot be reached at all, the screen opens on the loyalty card this device
 *   kept (lib/cartao-guardado.tsx; it says itself when there is none).
 * (/logout is `open` and applies "login required" itself, so that logging out there does not bounce to login.)
 */
export type Access = 'open' | 'public' | 'guest' | 'private' | 'account' | 'cartao'

export type Verdict =
  | { kind: 'render' }
  | { kind: 'wait' }
  | { kind: 'redirect'; to: string; state?: LoginReturnState | undefined }
  | { kind: 'error'; error: unknown; retry: () => void }

const RENDER: Verdict = { kind: 'render' }
const WAIT: Verdict = { kind: 'wait' }
const redirect = (to: string, state?: LoginReturnState): Verdict => ({ kind: 'redirect', to, state })

/**
 * Decides from the private data. Public screens do not wait for the server when this device already saw the
 * onboarding (remembered in localStorage); the server's answer, when it comes, still wins. A guest sent to login from
 * a login-required screen comes back to it once logged in.
 */
export function useGuard(access: Access): Verdict {
  const query = usePrivateData()
  // The screen's location (the routes' shown one, which trails the address bar while a chunk loads).
  const location = useLocation()
  const data = query.data
  // Read only while the server has not answered; false in the server's render and the hydration of it (no storage there).
  // The device's flag changes only through this app, which re-renders then anyway.
  const seenOnDevice = useSyncExternalStore(
    noChanges,
    () => !data && onboardingSeenOnDevice(),
    () => false,
  )
  if (access === 'open') return RENDER
  const loginRequired = access !== 'public' && access !== 'guest'
  if (!data) {
    // No answer for want of a connection (status 0; not a refusal, which has one): the card kept on the device. As soon
    // as the first try fails, not after the retries: at the till the code shows at once.
    if (access === 'cartao' && (query.failureReason as ApiError | null)?.status === 0) return RENDER
    if (query.isError) {
      // Offline or the server is down: content screens still show what they can.
      return loginRequired ? { kind: 'error', error: query.error, retry: () => void query.refetch() } : RENDER
    }
    return access === 'public' && seenOnDevice ? RENDER : WAIT
  }
  const { user } = data
  if (!user.sawOnboarding) return redirect(paths.onboarding)
  if (user.data?.temporario === 1 && access !== 'account') return redirect(paths.alterarDadosPessoais)
  if (access === 'guest' && user.loggedIn) return redirect(loginReturnOf(location) ?? paths.perfil)
  if (loginRequired && !user.loggedIn) {
    return redirect(paths.login, loginReturnState(`${location.pathname}${location.search}`))
  }
  return RENDER
}
