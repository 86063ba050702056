import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { type AceitarConviteSchema, adminPaths, STAFF_PASSWORD_MIN } from '../../../shared/admin.ts'
import { Field } from '../../ui/Field.tsx'
import { useApiForm } from '../../ui/form.tsx'
import { AdminPasso } from './AdminLayout.tsx'
import { adminPost } from './api.ts'

const schema = (): Promise<typeof AceitarConviteSchema> =>
  import('../../../shared/admin.ts').then((m) => m.AceitarConviteSchema)

/** `/admin/convite/:token`: the invited person chooses a password (the link works once), then signs in. */
export function ConvitePage() {
  const { token = '' } = useParams()
  const [feito, setFeito] = useState(false)
  const { form, onSubmit, errorOf, submission } = useApiForm({
    schema,
    defaultValues: { token, nova: '', confirmacao: '' },
    submit: (values) => adminPost<null>('/convite/aceitar', values),
    onSuccess: () => setFeito(true),
  })
  if (feito) {
    return (
      <AdminPasso titulo="Palavra-passe definida">
        <p>Já pode entrar no back-office.</p>
        <Link className="button" to={adminPaths.entrar}>
          Entrar
        </Link>
      </AdminPasso>
    )
  }
  return (
    <AdminPasso titulo="Definir palavra-passe">
      <p>Escolha a sua palavra-passe, com pelo menos {STAFF_PASSWORD_MIN} caracteres.</p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <input type="hidden" {...form.register('token')} />
        <Field
          label="Nova palavra-passe"
          type="password"
          autoComplete="new-password"
          required
          error={errorOf('nova')}
          {...form.register('nova', { deps: ['confirmacao'] })}
        />
        <Field
          label="Confirmar nova palavra-passe"
          type="password"
          autoComplete="new-password"
          required
          error={errorOf('confirmacao')}
          {...form.register('confirmacao')}
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
