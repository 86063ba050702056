import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useEffect } from 'react'
import { Navigate, NavLink, useNavigate } from 'react-router'
import { adminPaths, PAPEL_NOME, type Papel } from '../../../shared/admin.ts'
import { ApiError } from '../../lib/api.ts'
import { adminPost, isSemSessao } from './api.ts'
import { adminKeys } from './keys.ts'
import { SECCOES } from './seccoes.ts'
import { destinoDe, useSessao } from './use-sessao.ts'
import './admin.css'

/** The page title (`… · Back-office`). */
export function useTitulo(titulo: string) {
  useEffect(() => {
    document.title = `${titulo} · Back-office · Balcão`
  }, [titulo])
}

/** A sign-in step's frame (no navigation): the sign-in, the password change, the TOTP screens, an invitation. */
export function AdminPasso({ titulo, children }: { titulo: string; children: ReactNode }) {
  useTitulo(titulo)
  return (
    <div className="admin admin-passo">
      <header className="admin-bar">
        <p className="admin-marca">Balcão · Back-office</p>
      </header>
      <main id="conteudo" className="admin-main admin-cartao">
        <h1>{titulo}</h1>
        {children}
      </main>
    </div>
  )
}

/**
 * The back-office's shell: a header (who is signed in, their role, 'Terminar sessão'), the sections, and the page.
 * Only a complete sign-in sees it: without a session the page goes to /admin/entrar, with a step pending to that step.
 */
export function AdminLayout({
  titulo,
  apenasAdmin = false,
  papeis,
  children,
}: {
  titulo: string
  apenasAdmin?: boolean
  /** The roles the page is for (the server refuses the others too); every role when not given. */
  papeis?: readonly Papel[]
  children: ReactNode
}) {
  useTitulo(titulo)
  const sessao = useSessao()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  if (sessao.isPending) {
    return (
      <p className="admin-carregando" role="status">
        A carregar…
      </p>
    )
  }
  if (sessao.isError) {
    if (isSemSessao(sessao.error)) return <Navigate to={adminPaths.entrar} replace />
    return (
      <main id="conteudo" className="admin-main" role="alert">
        <p>{sessao.error instanceof ApiError ? sessao.error.message : 'Ocorreu um erro inesperado.'}</p>
      </main>
    )
  }
  const { email, papel, pendente } = sessao.data
  if (pendente !== null) return <Navigate to={destinoDe(pendente)} replace />

  const sair = async () => {
    await adminPost('/sair').catch(() => undefined)
    queryClient.removeQueries({ queryKey: adminKeys.all })
    await navigate(adminPaths.entrar, { replace: true })
  }

  return (
    <div className="admin">
      <a className="skip-link" href="#conteudo">
        Saltar para o conteúdo
      </a>
      <header className="admin-bar">
        <p className="admin-marca">Balcão · Back-office</p>
        <p className="admin-quem">
          <span className="admin-email">{email}</span>
          <span className="admin-papel">{PAPEL_NOME[papel]}</span>
        </p>
        <button type="button" className="button button-secondary" onClick={() => void sair()}>
          Terminar sessão
        </button>
      </header>
      <div className="admin-corpo">
        <nav className="admin-nav" aria-label="Secções">
          <ul>
            {SECCOES.filter((s) => s.papeis.includes(papel)).map((s) => (
              <li key={s.nome}>
                {s.para ? (
                  <NavLink to={s.para} end={s.fim}>
                    {s.nome}
                  </NavLink>
                ) : (
                  <span className="admin-em-breve">
                    {s.nome} <small>(em breve)</small>
                  </span>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <main id="conteudo" className="admin-main">
          {(apenasAdmin && papel !== 'admin') || (papeis && !papeis.includes(papel)) ? (
            <p role="alert">Não tem permissão para esta área.</p>
          ) : (
            children
          )}
        </main>
      </div>
    </div>
  )
}
