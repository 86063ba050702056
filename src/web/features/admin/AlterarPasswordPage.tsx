import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { type AlterarPasswordAdminSchema, STAFF_PASSWORD_MIN } from '../../../shared/admin.ts'
import { Field } from '../../ui/Field.tsx'
import { useApiForm } from '../../ui/form.tsx'
import { AdminPasso } from './AdminLayout.tsx'
import { adminPost } from './api.ts'
import { adminKeys } from './keys.ts'
import { destinoDe, sessaoQuery } from './use-sessao.ts'

const schema = (): Promise<typeof AlterarPasswordAdminSchema> =>
  import('../../../shared/admin.ts').then((m) => m.AlterarPasswordAdminSchema)

/**
 * `/admin/alterar-palavra-passe`: forced at the first sign-in (a password someone else chose), open later too. Every
 * other session of the account ends; this device gets a new one.
 */
export function AlterarPasswordPage() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { form, onSubmit, errorOf, submission } = useApiForm({
    schema,
    defaultValues: { atual: '', nova: '', confirmacao: '' },
    submit: (values) => adminPost<null>('/alterar-password', values),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: adminKeys.sessao() })
      const sessao = await queryClient.fetchQuery(sessaoQuery()).catch(() => null)
      void navigate(sessao ? destinoDe(sessao.pendente) : '/admin/entrar', { replace: true })
    },
  })
  const { register } = form
  return (
    <AdminPasso titulo="Alterar palavra-passe">
      <p>Escolha uma palavra-passe só sua, com pelo menos {STAFF_PASSWORD_MIN} caracteres.</p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <Field
          label="Palavra-passe atual"
          type="password"
          autoComplete="current-password"
          required
          error={errorOf('atual')}
          {...register('atual')}
        />
        <Field
          label="Nova palavra-passe"
          type="password"
          autoComplete="new-password"
          required
          error={errorOf('nova')}
          {...register('nova', { deps: ['confirmacao'] })}
        />
        <Field
          label="Confirmar nova palavra-passe"
          type="password"
          autoComplete="new-password"
          required
          error={errorOf('confirmacao')}
          {...register('confirmacao')}
        />
        <div className="form-actions">
          <button type="submit" className="button">
            Guardar
          </button>
        </div>
      </form>
      {submission.feedback}
    </AdminPasso>
  )
}
