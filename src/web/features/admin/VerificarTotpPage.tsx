import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import type { CodigoTotpSchema } from '../../../shared/admin.ts'
import { Field } from '../../ui/Field.tsx'
import { useApiForm } from '../../ui/form.tsx'
import { AdminPasso } from './AdminLayout.tsx'
import { adminPost } from './api.ts'
import { adminKeys } from './keys.ts'
import { destinoDe, sessaoQuery } from './use-sessao.ts'

const schema = (): Promise<typeof CodigoTotpSchema> =>
  import('../../../shared/admin.ts').then((m) => m.CodigoTotpSchema)

/** `/admin/verificar`: the second step of a sign-in, the authenticator's code or one of the recovery codes. */
export function VerificarTotpPage() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { form, onSubmit, errorOf, submission } = useApiForm({
    schema,
    defaultValues: { codigo: '' },
    submit: (values) => adminPost<null>('/totp/verificar', values),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: adminKeys.sessao() })
      const sessao = await queryClient.fetchQuery(sessaoQuery()).catch(() => null)
      void navigate(sessao ? destinoDe(sessao.pendente) : '/admin/entrar', { replace: true })
    },
  })
  return (
    <AdminPasso titulo="Verificação em dois passos">
      <form className="form" onSubmit={onSubmit} noValidate>
        <Field
          label="Código"
          hint="Os 6 dígitos da aplicação de autenticação, ou um código de recuperação."
          autoComplete="one-time-code"
          required
          error={errorOf('codigo')}
          {...form.register('codigo')}
        />
        <div className="form-actions">
          <button type="submit" className="button">
            Verificar
          </button>
        </div>
      </form>
      {submission.feedback}
    </AdminPasso>
  )
}
