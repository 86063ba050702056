import { useCallback, useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import type { PrivateData } from '../../../shared/conta.ts'
import { paths } from '../../../shared/routes.ts'
import { ApiError } from '../../lib/api.ts'
import { SEM_SESSAO, usePrivateData, useSetPrivateData } from '../../lib/private-data.ts'
import { desativarPush } from '../../lib/push.ts'
import { ErrorState } from '../../ui/ErrorState.tsx'
import { useHeader } from '../../ui/header.tsx'
import { Loading } from '../../ui/Loading.tsx'
import { Redirect } from '../../ui/Redirect.tsx'
import { useLogout } from './use-logout.ts'

/**
 * Spec §4: calls the logout endpoint, clears the private data, goes home; if the call fails, says so and retries. It
 * guards itself (route access `open`): a guest goes to login, but the person who just logged out here must not be sent
 * there when the data says "guest".
 */
export function LogoutPage() {
  useHeader('Terminar sessão')
  const navigate = useNavigate()
  const setPrivateData = useSetPrivateData()
  const { mutateAsync: logout } = useLogout()
  const query = usePrivateData()
  const loggedIn = query.data?.user.loggedIn
  const started = useRef(false)
  const [failure, setFailure] = useState<unknown>(null)

  const end = useCallback(async () => {
    let data: PrivateData
    // A shared phone must not go on receiving this customer's notifications (best effort: never holds the logout up).
    await Promise.race([desativarPush().catch(() => {}), new Promise((r) => setTimeout(r, 1500))])
    try {
      data = await logout()
    } catch (error) {
      // The session is already over on the server: nothing left to end.
      if (!(error instanceof ApiError && error.status === 401)) {
        // Offline or a server failure: the session still works, so the device must not pretend it ended (a shared
        // phone would stay logged in the moment it is back online). Say so and offer to try again.
        setFailure(error)
        return
      }
      data = SEM_SESSAO
    }
    await navigate(paths.home, { replace: true, flushSync: true })
    setPrivateData(data)
  }, [logout, navigate, setPrivateData])

  useEffect(() => {
    if (loggedIn !== true || started.current) return
    started.current = true
    void end()
  }, [loggedIn, end])

  if (failure) {
    return (
      <ErrorState
        error={failure}
        onRetry={() => {
          setFailure(null)
          void end()
        }}
      />
    )
  }
  if (query.isError && !started.current) {
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />
  }
  if (query.data && !loggedIn && !started.current) return <Redirect to={paths.login} />
  return <Loading label="A terminar sessão…" />
}
