import { PASSWORD_LENGTH } from '../../../shared/constants.ts'
import type { AlterarPasswordSchema } from '../../../shared/conta.ts'
import { deferredForm, useDeferredApiForm } from '../../ui/deferred-form.tsx'
import { Field } from '../../ui/Field.tsx'
import { RouteModal, useCloseModal } from '../../ui/modal-route.tsx'
import { NO_NATIVE_SUBMIT } from '../../ui/no-native-submit.ts'
import { useAlterarPassword } from './use-alterar-password.ts'

const loadAlterarPasswordSchema = (): Promise<typeof AlterarPasswordSchema> =>
  import('../../../shared/conta.ts').then((m) => m.AlterarPasswordSchema)

export function AlterarPasswordPage() {
  return (
    <RouteModal title="Alterar password">
      <AlterarPasswordForm />
    </RouteModal>
  )
}

const AlterarPasswordForm = deferredForm(function AlterarPasswordForm() {
  const alterar = useAlterarPassword()
  const close = useCloseModal()
  const { form, onSubmit, errorOf, submission } = useDeferredApiForm({
    schema: loadAlterarPasswordSchema,
    defaultValues: { password: '', confirmacaoPassword: '' },
    submit: (values) => alterar.mutateAsync(values),
    onSuccess: () =>
      submission.showDialog({ title: 'Sucesso', message: 'Password alterada com sucesso', afterClose: close }),
  })
  const { register } = form
  return (
    <>
      <form {...NO_NATIVE_SUBMIT} className="form" onSubmit={onSubmit} noValidate>
        <Field
          label="Password"
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          hint={`${PASSWORD_LENGTH} dígitos`}
          error={errorOf('password')}
          {...register('password', { deps: ['confirmacaoPassword'] })}
        />
        <Field
          label="Confirmação da password"
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          error={errorOf('confirmacaoPassword')}
          {...register('confirmacaoPassword')}
        />
        <div className="form-actions">
          <button type="submit" className="button">
            Guardar
          </button>
        </div>
      </form>
      {submission.feedback}
    </>
  )
})
