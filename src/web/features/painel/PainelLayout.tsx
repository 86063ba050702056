import { type ReactNode, useEffect, useState } from 'react'
import { flushSync } from 'react-dom'
import { NavLink, useNavigate } from 'react-router'
import { paths } from '../../../shared/routes.ts'
import { ApiError } from '../../lib/api.ts'
import { Dialog } from '../../ui/Dialog.tsx'
import './painel.css'

interface PainelLayoutProps {
  /** The document title (`… · Balcão`). */
  title: string
  /** The paired store, shown in the bar. */
  loja?: { nome: string; restaurante: string } | null | undefined
  /** Whether the bar offers 'Sair' (a paired tablet). */
  sair?: boolean
  children: ReactNode
  className?: string
}

/**
 * The frame of a staff page: a bar with the store's name and 'Sair', and the page's main content. 'Sair' asks first:
 * pairing the tablet again needs the store's key, which staff at the counter seldom have at hand.
 */
export function PainelLayout({ title, loja, sair = false, children, className }: PainelLayoutProps) {
  const navigate = useNavigate()
  const [confirmarSaida, setConfirmarSaida] = useState(false)
  useEffect(() => {
    document.title = `${title} · Balcão`
  }, [title])
  return (
    <div className="painel">
      <a className="skip-link" href="#conteudo">
        Saltar para o conteúdo
      </a>
      <header className="painel-bar">
        <p className="painel-bar-marca">
          <span className="painel-bar-app">Balcão</span>
          {loja && (
            <span className="painel-bar-loja">
              <span className="visually-hidden">Loja: </span>
              {loja.nome}
              {loja.restaurante && <span className="painel-bar-restaurante"> · {loja.restaurante}</span>}
            </span>
          )}
        </p>
        {sair && (
          <nav className="painel-bar-nav" aria-label="Painel">
            <NavLink to={paths.painelCaixa}>Caixa</NavLink>
            <NavLink to={paths.painelEncomendas}>Encomendas</NavLink>
            <NavLink to={paths.painelHoje}>Hoje</NavLink>
            <button
              type="button"
              className="painel-bar-sair"
              aria-haspopup="dialog"
              onClick={() => setConfirmarSaida(true)}
            >
              Sair
            </button>
          </nav>
        )}
      </header>
      <main id="conteudo" className={className ? `painel-main ${className}` : 'painel-main'}>
        {children}
      </main>
      {confirmarSaida && (
        <Dialog
          title="Terminar a sessão deste tablet?"
          message={
            'O tablet deixa de estar associado à loja: a caixa e as encomendas fecham aqui.\nPara o voltar a usar, é preciso introduzir a chave da loja (48\u00a0caracteres).'
          }
          buttons={[
            { label: 'Cancelar', secondary: true, isDefault: true },
            { label: 'Terminar sessão', action: () => void navigate(paths.painelSair) },
          ]}
          onClose={() => flushSync(() => setConfirmarSaida(false))}
        />
      )}
    </div>
  )
}

/** While a staff page's data arrives (inside its main). */
export function PainelCarregando({ label = 'A carregar…' }: { label?: string }) {
  return (
    <p className="painel-carregando" role="status">
      {label}
    </p>
  )
}

/** A read that failed, with 'Tentar novamente' (inside a staff page's main). */
export function PainelErro({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const message = error instanceof ApiError ? error.message : 'Ocorreu um erro inesperado. Tente novamente.'
  return (
    <div className="painel-cartao" role="alert">
      <h1>Erro</h1>
      <p>{message}</p>
      <button type="button" className="button painel-botao" onClick={onRetry}>
        Tentar novamente
      </button>
    </div>
  )
}
