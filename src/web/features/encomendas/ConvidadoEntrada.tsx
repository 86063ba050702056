import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { Link } from 'react-router'
import type { z } from 'zod'
import { DEFAULT_PAIS } from '../../../shared/constants.ts'
import { CodigoSmsSchema, type HashResponse } from '../../../shared/conta.ts'
import { type Convidado, type ConvidadoTelemovelInput, ConvidadoTelemovelSchema } from '../../../shared/convidado.ts'
import { convidadoTextos } from '../../../shared/convidado-textos.ts'
import { paths } from '../../../shared/routes.ts'
import { ApiError, apiPost } from '../../lib/api.ts'
import { loginReturnState } from '../../lib/login-return.ts'
import { Field } from '../../ui/Field.tsx'
import { useApiForm } from '../../ui/form.tsx'
import { NO_NATIVE_SUBMIT } from '../../ui/no-native-submit.ts'
import { PhoneField } from '../../ui/PhoneField.tsx'
import { CONVIDADO_KEY } from './convidado.ts'
import './checkout.css'

type Telemovel = z.output<typeof ConvidadoTelemovelSchema>

/**
 * The checkout's door for a visitor (decision 0050): sign in (balance, points), or continue without an account, the
 * phone confirmed by an SMS code for this one order. Once confirmed, the checkout's form follows (FinalizarPage).
 */
export function ConvidadoEntrada({ anterior }: { anterior: Convidado | null }) {
  // A guest whose confirmation was used by an order goes straight to confirming again.
  const [semConta, setSemConta] = useState(anterior !== null)
  const [enviado, setEnviado] = useState<{ hash: string; numero: string } | null>(null)
  return (
    <main className="page chk-page" id="conteudo">
      <h1>Finalizar encomenda</h1>
      {!semConta ? (
        <section className="chk-painel" aria-labelledby="chk-entrar">
          <h2 id="chk-entrar">Como quer encomendar?</h2>
          <p>Com a sua conta junta pontos e pode usar o seu saldo. Também pode encomendar sem conta.</p>
          <div className="form-actions">
            <Link className="button" to={paths.login} state={loginReturnState(paths.finalizarPasso1)}>
              Iniciar sessão
            </Link>
            <button type="button" className="button button-secondary" onClick={() => setSemConta(true)}>
              {convidadoTextos.continuarSemConta}
            </button>
          </div>
        </section>
      ) : enviado === null ? (
        <PedirCodigo inicial={anterior} onEnviado={setEnviado} />
      ) : (
        <ConfirmarCodigo {...enviado} onVoltar={() => setEnviado(null)} />
      )}
    </main>
  )
}

function PedirCodigo({
  inicial,
  onEnviado,
}: {
  inicial: Convidado | null
  onEnviado: (enviado: { hash: string; numero: string }) => void
}) {
  const schema = useCallback(
    () => Promise.resolve(ConvidadoTelemovelSchema as unknown as z.ZodType<Telemovel, ConvidadoTelemovelInput>),
    [],
  )
  const { form, onSubmit, errorOf, submission } = useApiForm({
    schema,
    defaultValues: { telemovel: inicial?.telemovel ?? '', pais: inicial?.pais ?? DEFAULT_PAIS },
    submit: (values) => apiPost<HashResponse>('/api/convidado', values),
    onSuccess: ({ hash }, values) => onEnviado({ hash, numero: `+${values.pais} ${values.telemovel}` }),
  })
  return (
    <section className="chk-painel" aria-labelledby="chk-convidado">
      <h2 id="chk-convidado">{convidadoTextos.continuarSemConta}</h2>
      <form {...NO_NATIVE_SUBMIT} className="form" onSubmit={onSubmit} noValidate>
        <p className="form-intro">
          Enviamos um código por SMS para confirmar o seu telemóvel, só para esta encomenda. Depois, recebe por SMS a
          ligação para acompanhar o pedido.
        </p>
        <PhoneField
          label="Telemóvel"
          telemovel={form.register('telemovel')}
          pais={form.register('pais')}
          dial={String(form.watch('pais'))}
          error={errorOf('telemovel')}
          paisError={errorOf('pais')}
        />
        <div className="form-actions">
          <button type="submit" className="button">
            Enviar código
          </button>
        </div>
      </form>
      {submission.feedback}
    </section>
  )
}

function ConfirmarCodigo({ hash, numero, onVoltar }: { hash: string; numero: string; onVoltar: () => void }) {
  const queryClient = useQueryClient()
  const schema = useCallback(
    () => Promise.resolve(CodigoSmsSchema as unknown as z.ZodType<{ codigo: string }, { codigo: string }>),
    [],
  )
  const { form, onSubmit, errorOf, submission } = useApiForm({
    schema,
    defaultValues: { codigo: '' },
    submit: ({ codigo }) => apiPost<Convidado>(`/api/convidado/${hash}`, { codigo }),
    onSuccess: (convidado) => queryClient.setQueryData(CONVIDADO_KEY, { convidado }),
    // A code spent or expired: back to asking for a new one.
    onErrorClosed: (error) => {
      if (error instanceof ApiError && error.status === 410) onVoltar()
    },
  })
  async function reenviar() {
    const outcome = await submission.run(() => apiPost('/api/reenviar-codigo', { hash }))
    if (outcome.ok) {
      submission.showDialog({
        title: 'Código reenviado',
        message: `Enviámos um novo código por SMS para o número ${numero}.`,
      })
    } else {
      submission.showError(outcome.error)
    }
  }
  return (
    <section className="chk-painel" aria-labelledby="chk-codigo">
      <h2 id="chk-codigo">Confirmar telemóvel</h2>
      <form {...NO_NATIVE_SUBMIT} className="form" onSubmit={onSubmit} noValidate>
        <p className="form-intro">Enviámos um código por SMS para o número {numero}. Escreva-o aqui.</p>
        <Field
          label="Código SMS"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          error={errorOf('codigo')}
          {...form.register('codigo')}
        />
        <div className="form-actions">
          <button type="submit" className="button">
            Confirmar
          </button>
          <button type="button" className="button button-secondary" onClick={() => void reenviar()}>
            Reenviar código
          </button>
          <button type="button" className="link-button" onClick={onVoltar}>
            Alterar número
          </button>
        </div>
      </form>
      {submission.feedback}
    </section>
  )
}
