import { useEffect, useRef } from 'react'
import { Navigate, useNavigate } from 'react-router'
import type { PrivateData } from '../../../shared/conta.ts'
import { paths } from '../../../shared/routes.ts'
import { useHeader } from '../../app/header.tsx'
import { forgetChave, usePrivateData, useSetPrivateData } from '../../app/private-data.ts'
import { ErrorState } from '../../ui/ErrorState.tsx'
import { Loading } from '../../ui/Loading.tsx'
import { useLogout } from './use-logout.ts'

const LOGGED_OUT: PrivateData = {
  user: { loggedIn: false, sawOnboarding: true, data: null },
  transacoes: [],
  ordering: [],
}

/**
 * Spec §4: calls the logout endpoint, clears the private data, goes home. It guards itself (route access `open`): a
 * guest goes to login, but the person who just logged out here must not be sent there when the data says "guest".
 */
export function LogoutPage() {
  useHeader('Terminar sessão')
  const navigate = useNavigate()
  const setPrivateData = useSetPrivateData()
  const { mutateAsync: logout } = useLogout()
  const query = usePrivateData()
  const loggedIn = query.data?.user.loggedIn
  const started = useRef(false)

  useEffect(() => {
    if (loggedIn !== true || started.current) return
    started.current = true
    void (async () => {
      let data: PrivateData | null = null
      try {
        data = await logout()
      } catch {
        // Offline: the device forgets the account anyway; the server session expires on its own.
      }
      forgetChave()
      await navigate(paths.home, { replace: true, flushSync: true })
      setPrivateData(data ?? LOGGED_OUT)
    })()
  }, [loggedIn, logout, navigate, setPrivateData])

  if (query.isError && !started.current) {
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />
  }
  if (query.data && !loggedIn && !started.current) return <Navigate to={paths.login} replace />
  return <Loading label="A terminar sessão…" />
}
