import type { ReactNode } from 'react'
import type { CodigoSmsSchema, PrivateData } from '../../../shared/conta.ts'
import { ApiError } from '../../lib/api.ts'
import { useSetPrivateData } from '../../lib/private-data.ts'
import { deferredForm, useDeferredApiForm } from '../../ui/deferred-form.tsx'
import { Field } from '../../ui/Field.tsx'

const loadCodigoSmsSchema = (): Promise<typeof CodigoSmsSchema> =>
  import('../../../shared/conta.ts').then((m) => m.CodigoSmsSchema)

import { NO_NATIVE_SUBMIT } from '../../ui/no-native-submit.ts'
import { useReenviarCodigo } from './use-reenviar-codigo.ts'

interface SmsCodeFormProps {
  hash: string
  intro: ReactNode
  /** The number the code went to, as a sentence says it, when known. */
  numero?: string | undefined
  confirm: (variables: { hash: string; codigo: string }) => Promise<PrivateData>
  onConfirmed: (data: PrivateData) => void
  /** Where an expired or spent code sends the person: the step that asks for a new one. */
  restart: () => void
}

/** The SMS code step of sign-up, recovery and phone change, with 'Reenviar código'. */
export const SmsCodeForm = deferredForm(function SmsCodeForm({
  hash,
  intro,
  numero,
  confirm,
  onConfirmed,
  restart,
}: SmsCodeFormProps) {
  const reenviar = useReenviarCodigo()
  const setPrivateData = useSetPrivateData()
  const { form, onSubmit, errorOf, submission } = useDeferredApiForm({
    schema: loadCodigoSmsSchema,
    defaultValues: { codigo: '' },
    submit: ({ codigo }) => confirm({ hash, codigo }),
    onSuccess: (data) => {
      setPrivateData(data)
      onConfirmed(data)
    },
    onErrorClosed: (error) => {
      if (error instanceof ApiError && error.status === 410) restart()
    },
  })

  async function resend() {
    const outcome = await submission.run(() => reenviar.mutateAsync(hash))
    if (outcome.ok) {
      submission.showDialog({
        title: 'Código reenviado',
        message: `Enviámos um novo código por SMS${numero ? ` para o número ${numero}` : ''}.`,
      })
      form.reset({ codigo: '' })
    } else {
      const { error } = outcome
      submission.showError(error, error instanceof ApiError && error.status === 410 ? restart : undefined)
    }
  }

  return (
    <>
      <form {...NO_NATIVE_SUBMIT} className="form" onSubmit={onSubmit} noValidate>
        <div className="form-intro">{intro}</div>
        <Field
          label="Código SMS"
          inputMode="numeric"
          autoComplete="one-time-code"
          error={errorOf('codigo')}
          {...form.register('codigo')}
        />
        <div className="form-actions">
          <button type="submit" className="button">
            Confirmar
          </button>
          <button type="button" className="button button-secondary" onClick={() => void resend()}>
            Reenviar código
          </button>
        </div>
      </form>
      {submission.feedback}
    </>
  )
})
