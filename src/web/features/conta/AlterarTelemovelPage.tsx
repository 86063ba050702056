import { DEFAULT_PAIS } from '../../../shared/constants.ts'
import type { AlterarTelemovelSchema } from '../../../shared/conta.ts'
import { href, paths } from '../../../shared/routes.ts'
import { deferredForm, useDeferredApiForm } from '../../ui/deferred-form.tsx'
import { RouteModal, useModalNavigate } from '../../ui/modal-route.tsx'
import { PhoneField, phoneFieldProps } from '../../ui/PhoneField.tsx'

const loadAlterarTelemovelSchema = (): Promise<typeof AlterarTelemovelSchema> =>
  import('../../../shared/conta.ts').then((m) => m.AlterarTelemovelSchema)

import { NO_NATIVE_SUBMIT } from '../../ui/no-native-submit.ts'
import { comNumeroEnviado } from './numero-enviado.ts'
import { useAlterarTelemovel } from './use-alterar-telemovel.ts'

export function AlterarTelemovelPage() {
  return (
    <RouteModal title="Alterar telemóvel">
      <AlterarTelemovelForm />
    </RouteModal>
  )
}

const AlterarTelemovelForm = deferredForm(function AlterarTelemovelForm() {
  const alterar = useAlterarTelemovel()
  const openModal = useModalNavigate()
  const { form, onSubmit, errorOf, submission } = useDeferredApiForm({
    schema: loadAlterarTelemovelSchema,
    defaultValues: { telemovel: '', pais: DEFAULT_PAIS, confirmacaoTelemovel: '', confirmacaoPais: DEFAULT_PAIS },
    submit: (values) => alterar.mutateAsync(values),
    onSuccess: ({ hash }, values) =>
      openModal(href(paths.confirmPhoneChange, { hash }), { replace: true, ...comNumeroEnviado(values) }),
  })
  return (
    <>
      <form {...NO_NATIVE_SUBMIT} className="form" onSubmit={onSubmit} noValidate>
        <p className="form-intro">
          Indique o novo número duas vezes. Vamos enviar-lhe um código por SMS para o confirmar.
        </p>
        <PhoneField
          label="Telemóvel"
          {...phoneFieldProps(form, errorOf, 'telemovel', 'pais', { deps: ['confirmacaoTelemovel'] })}
        />
        <PhoneField
          label="Confirmação do telemóvel"
          {...phoneFieldProps(form, errorOf, 'confirmacaoTelemovel', 'confirmacaoPais')}
        />
        <div className="form-actions">
          <button type="submit" className="button">
            Enviar código
          </button>
        </div>
      </form>
      {submission.feedback}
    </>
  )
})
