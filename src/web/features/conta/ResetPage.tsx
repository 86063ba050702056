import { DEFAULT_PAIS } from '../../../shared/constants.ts'
import type { ResetSchema } from '../../../shared/conta.ts'
import { href, paths } from '../../../shared/routes.ts'
import { deferredForm, useDeferredApiForm } from '../../ui/deferred-form.tsx'
import { ModalLink, RouteModal, useModalNavigate } from '../../ui/modal-route.tsx'
import { PhoneField, phoneFieldProps } from '../../ui/PhoneField.tsx'

const loadResetSchema = (): Promise<typeof ResetSchema> => import('../../../shared/conta.ts').then((m) => m.ResetSchema)

import { NO_NATIVE_SUBMIT } from '../../ui/no-native-submit.ts'
import { comNumeroEnviado } from './numero-enviado.ts'
import { useReset } from './use-reset.ts'

export function ResetPage() {
  return (
    <RouteModal title="Recuperar password">
      <ResetForm />
      <ul className="modal-links">
        <li>
          Lembrou-se da password? <ModalLink to={paths.login}>Iniciar sessão</ModalLink>
        </li>
      </ul>
    </RouteModal>
  )
}

const ResetForm = deferredForm(function ResetForm() {
  const reset = useReset()
  const openModal = useModalNavigate()
  const { form, onSubmit, errorOf, submission } = useDeferredApiForm({
    schema: loadResetSchema,
    defaultValues: { telemovel: '', pais: DEFAULT_PAIS },
    submit: (values) => reset.mutateAsync(values),
    onSuccess: ({ hash }, values) =>
      openModal(href(paths.confirmReset, { hash }), { replace: true, ...comNumeroEnviado(values) }),
  })
  return (
    <>
      <form {...NO_NATIVE_SUBMIT} className="form" onSubmit={onSubmit} noValidate>
        <p className="form-intro">
          Indique o número de telemóvel da sua conta. Vamos enviar-lhe um código por SMS para definir uma nova password.
        </p>
        <PhoneField
          label="Telemóvel"
          {...phoneFieldProps(form, errorOf, 'telemovel', 'pais')}
          autoComplete="username"
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
