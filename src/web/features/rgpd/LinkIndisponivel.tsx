import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Link } from 'react-router'
import { paths } from '../../../shared/routes.ts'
import { ApiError } from '../../lib/api.ts'
import { PRIVATE_DATA_KEY } from '../../lib/private-data.ts'
import { ErrorState } from '../../ui/ErrorState.tsx'
import { Loading } from '../../ui/Loading.tsx'
import { ModalLink } from '../../ui/modal-route.tsx'
import { textos } from './textos.ts'

/** The link's request cannot be used: expired or used (410), malformed (400, 404), or another account's (403). */
export function linkIndisponivel(error: unknown): boolean {
  return error instanceof ApiError && [400, 403, 404, 410].includes(error.status)
}

/**
 * A failed read of an e-mailed link's request: the reason in words, with the way to ask again (Gerir RGPD) and, for
 * another account's link, to sign out; a session that ended meanwhile (401) goes to login through the private data;
 * anything else (offline, a server failure) can be tried again.
 */
export function PedidoIndisponivel({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const queryClient = useQueryClient()
  const semSessao = error instanceof ApiError && error.status === 401
  useEffect(() => {
    if (semSessao) void queryClient.invalidateQueries({ queryKey: PRIVATE_DATA_KEY })
  }, [semSessao, queryClient])
  if (semSessao) return <Loading />
  if (!linkIndisponivel(error)) return <ErrorState error={error} onRetry={onRetry} />
  // 410 and 403 say why in the server's words (the contract's); a malformed link (400, 404) is one that does not work.
  const propria = error instanceof ApiError && (error.status === 410 || error.status === 403)
  return (
    <LinkInvalido
      message={propria ? error.message : textos.linkInvalido}
      outraConta={error instanceof ApiError && error.status === 403}
    />
  )
}

export function LinkInvalido({ message, outraConta = false }: { message: string; outraConta?: boolean }) {
  return (
    <main className="page" id="conteudo">
      <h1>Não é possível usar este link</h1>
      <p className="rgpd-aviso" role="alert">
        {message}
      </p>
      <div className="rgpd-acoes">
        {outraConta && (
          <Link className="button" to={paths.logout}>
            Terminar sessão
          </Link>
        )}
        <ModalLink className={outraConta ? 'button button-secondary' : 'button'} to={paths.rgpd}>
          Gerir RGPD
        </ModalLink>
      </div>
    </main>
  )
}
