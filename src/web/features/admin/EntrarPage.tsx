import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import type { EntrarAdminSchema, SessaoAdmin } from '../../../shared/admin.ts'
import { Field } from '../../ui/Field.tsx'
import { useApiForm } from '../../ui/form.tsx'
import { AdminPasso } from './AdminLayout.tsx'
import { adminPost } from './api.ts'
import { adminKeys } from './keys.ts'
import { destinoDe } from './use-sessao.ts'

const schema = (): Promise<typeof EntrarAdminSchema> =>
  import('../../../shared/admin.ts').then((m) => m.EntrarAdminSchema)

/** `/admin/entrar`: e-mail and password; then the step the sign-in still owes, or the back-office. */
export function EntrarPage() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { form, onSubmit, errorOf, submission } = useApiForm({
    schema,
    defaultValues: { email: '', password: '' },
    submit: (values) => adminPost<Omit<SessaoAdmin, 'id'>>('/entrar', values),
    onSuccess: (sessao) => {
      queryClient.removeQueries({ queryKey: adminKeys.all })
      queryClient.setQueryData(adminKeys.sessao(), sessao)
      void navigate(destinoDe(sessao.pendente), { replace: true })
    },
  })
  const { register } = form
  return (
    <AdminPasso titulo="Entrar">
      <form className="form" onSubmit={onSubmit} noValidate>
        <Field
          label="Email"
          type="email"
          autoComplete="username"
          required
          error={errorOf('email')}
          {...register('email')}
        />
        <Field
          label="Palavra-passe"
          type="password"
          autoComplete="current-password"
          required
          error={errorOf('password')}
          {...register('password')}
        />
        <div className="form-actions">
          <button type="submit" className="button">
            Entrar
          </button>
        </div>
      </form>
      {submission.feedback}
    </AdminPasso>
  )
}
