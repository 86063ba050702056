import { type FormEvent, useRef, useState } from 'react'
import { Navigate, useNavigate } from 'react-router'
import { paths } from '../../../shared/routes.ts'
import { ApiError } from '../../lib/api.ts'
import { useFieldIds } from '../../ui/Field.tsx'
import { useBusy } from '../../ui/use-busy.ts'
import { isSemSessao } from './api.ts'
import { PainelCarregando, PainelLayout } from './PainelLayout.tsx'
import { useEntrar } from './use-entrar.ts'
import { useErroDialog } from './use-erro-dialog.tsx'
import { useSessao } from './use-sessao.ts'

/**
 * `/painel/entrar`: pairs this tablet with a store, once, with the store key (`npm run store:key`, long: pasted rather
 * than typed, hidden unless 'Mostrar'). A tablet already paired goes straight to the till.
 */
export function EntrarPage() {
  const sessao = useSessao()
  const navigate = useNavigate()
  const entrar = useEntrar()
  const erro = useErroDialog()
  const [chave, setChave] = useState('')
  const [mostrar, setMostrar] = useState(false)
  const [erroChave, setErroChave] = useState<string | undefined>()
  const input = useRef<HTMLInputElement>(null)
  const running = useRef(false)
  const { busy: aEntrar, pending: aEntrarPendente, run } = useBusy()
  const { controlId, hintId, errorId, aria } = useFieldIds(undefined, erroChave, true)

  // Only an answer asked now says the tablet is paired: a remembered one may be of a session that has since ended (a
  // revoked key, 'Sair' elsewhere), and trusting it would send the tablet back to the till, and the till back here.
  if (sessao.isSuccess && sessao.isFetchedAfterMount && !entrar.isSuccess) {
    return <Navigate to={paths.painelCaixa} replace />
  }
  if (sessao.isPending || (sessao.isFetching && !sessao.isFetchedAfterMount)) {
    return (
      <PainelLayout title="Entrar">
        <PainelCarregando />
      </PainelLayout>
    )
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (running.current) return
    const valor = chave.trim()
    if (valor === '') {
      setErroChave('Campo de preenchimento obrigatório')
      input.current?.focus()
      return
    }
    setErroChave(undefined)
    running.current = true
    try {
      await run(() => entrar.mutateAsync(valor))
      await navigate(paths.painelCaixa, { replace: true })
    } catch (error) {
      const field = error instanceof ApiError ? error.fields?.chave : undefined
      if (field) {
        setErroChave(field)
        input.current?.focus()
      } else {
        erro.mostrar(error, () => input.current?.focus())
      }
    } finally {
      running.current = false
    }
  }

  // A failed check other than "not paired" (the server out of reach) still lets the person pair.
  const aviso = sessao.isError && !isSemSessao(sessao.error)
  return (
    <PainelLayout title="Entrar" className="painel-entrar">
      <form className="painel-cartao painel-form" noValidate onSubmit={onSubmit} aria-busy={aEntrar}>
        <h1>Associar este tablet à loja</h1>
        <p className="muted">
          Introduza a chave da loja. Fica associado até alguém tocar em Sair (ou a chave ser revogada).
        </p>
        {aviso && (
          <div className="painel-aviso painel-aviso-erro" role="alert">
            <p>Não foi possível verificar este tablet: {sessao.error.message}</p>
          </div>
        )}
        <div className={erroChave ? 'field field-invalid' : 'field'}>
          <label htmlFor={controlId}>Chave da loja</label>
          <p id={hintId} className="field-hint">
            Cole a chave completa (começa por “loja_”).
          </p>
          <div className="painel-chave">
            <input
              ref={input}
              id={controlId}
              name="chave"
              type={mostrar ? 'text' : 'password'}
              autoComplete="off"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              required
              value={chave}
              onChange={(e) => setChave(e.target.value)}
              {...aria}
            />
            <button
              type="button"
              className="button button-secondary painel-botao"
              aria-pressed={mostrar}
              aria-controls={controlId}
              onClick={() => setMostrar((m) => !m)}
            >
              Mostrar chave
            </button>
          </div>
          {erroChave && (
            <p id={errorId} className="field-error">
              {erroChave}
            </p>
          )}
        </div>
        <button type="submit" className="button painel-botao painel-botao-grande" disabled={aEntrarPendente}>
          {aEntrar ? 'A entrar…' : 'Entrar'}
        </button>
      </form>
      {erro.dialogo}
    </PainelLayout>
  )
}
