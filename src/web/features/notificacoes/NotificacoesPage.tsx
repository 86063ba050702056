import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { Link, useNavigate } from 'react-router'
import { formatDateTime } from '../../../shared/format.ts'
import { paths } from '../../../shared/routes.ts'
import { useHeader } from '../../app/header.tsx'
import { leituraAoSair, useNotificacoes } from '../../app/notificacoes.ts'
import { usePrivateData } from '../../app/private-data.ts'
import { QueryView } from '../../lib/query.tsx'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { RichText } from '../../ui/RichText.tsx'
import './notificacoes.css'

/**
 * Spec §2/§4: newest first, DD/MM/YYYY HH:mm, title, text (sanitised HTML), unread highlighted; leaving the screen
 * marks all as read; 'Não existem notificações'; 'Fechar' goes back.
 */
export function NotificacoesPage() {
  useHeader('Notificações')
  const query = useNotificacoes()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const guest = usePrivateData().data?.user.loggedIn !== true

  // What the screen showed is marked read when it is left, for another screen or with the page hidden or closed.
  const leitura = useRef<ReturnType<typeof leituraAoSair> | null>(null)
  useEffect(() => {
    const atual = leituraAoSair(queryClient)
    leitura.current = atual
    return () => atual.sair()
  }, [queryClient])
  const lista = query.data
  useEffect(() => {
    if (lista) leitura.current?.mostrou(lista, guest)
  }, [lista, guest])

  const fechar = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0
    if (idx > 0) navigate(-1)
    else navigate(paths.home, { replace: true })
  }

  return (
    <main className="page notificacoes" id="conteudo">
      <h1 className="visually-hidden">Notificações</h1>
      <QueryView query={query}>
        {(notificacoes) =>
          notificacoes.length === 0 ? (
            <EmptyState>Não existem notificações</EmptyState>
          ) : (
            <ul className="notificacoes-lista">
              {notificacoes.map((n) => (
                <li key={n.id} className={n.read ? 'notificacao' : 'notificacao notificacao-nova'}>
                  <article aria-labelledby={`notificacao-${n.id}`}>
                    <p className="notificacao-data">
                      {!n.read && <span className="notificacao-marca">Nova</span>}
                      <time dateTime={new Date(n.timestamp * 1000).toISOString()}>
                        {formatDateTime(n.timestamp * 1000)}
                      </time>
                    </p>
                    <h2 id={`notificacao-${n.id}`} className="notificacao-titulo">
                      {n.ligacao ? <Link to={n.ligacao}>{n.titulo}</Link> : n.titulo}
                    </h2>
                    <RichText html={n.texto} className="notificacao-texto" />
                  </article>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
      <p className="actions">
        <button type="button" className="button" onClick={fechar}>
          Fechar
        </button>
      </p>
    </main>
  )
}
