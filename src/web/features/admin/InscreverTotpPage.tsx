import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import type { CodigoTotpSchema } from '../../../shared/admin.ts'
import { adminPaths } from '../../../shared/admin.ts'
import { ApiError } from '../../lib/api.ts'
import { Field } from '../../ui/Field.tsx'
import { useApiForm } from '../../ui/form.tsx'
import { AdminPasso } from './AdminLayout.tsx'
import { adminPost, isSemSessao } from './api.ts'
import { adminKeys } from './keys.ts'

const schema = (): Promise<typeof CodigoTotpSchema> =>
  import('../../../shared/admin.ts').then((m) => m.CodigoTotpSchema)

interface Inscricao {
  segredo: string
  uri: string
  qr: string
}

/**
 * `/admin/autenticacao`: the TOTP enrolment, mandatory for admins and gestores. A QR code for the authenticator app and
 * the same secret as text; a first code confirms it; the ten recovery codes are shown this once.
 */
export function InscreverTotpPage() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [inscricao, setInscricao] = useState<Inscricao | null>(null)
  const [erro, setErro] = useState<string | null>(null)
  const [codigos, setCodigos] = useState<string[] | null>(null)
  const iniciada = useRef(false)

  useEffect(() => {
    // Once: each start makes a new secret, and the one shown must be the one kept.
    if (iniciada.current) return
    iniciada.current = true
    adminPost<Inscricao>('/totp/iniciar').then(setInscricao, (error: unknown) => {
      if (isSemSessao(error)) void navigate(adminPaths.entrar, { replace: true })
      else setErro(error instanceof ApiError ? error.message : 'Ocorreu um erro inesperado.')
    })
  }, [navigate])

  const { form, onSubmit, errorOf, submission } = useApiForm({
    schema,
    defaultValues: { codigo: '' },
    submit: (values) => adminPost<{ codigos_recuperacao: string[] }>('/totp/confirmar', values),
    onSuccess: (data) => setCodigos(data.codigos_recuperacao),
  })

  if (codigos) {
    return (
      <AdminPasso titulo="Códigos de recuperação">
        <p>
          A autenticação em dois passos está ativa. Guarde estes códigos num lugar seguro: cada um permite entrar uma
          vez sem a aplicação de autenticação. Não voltam a ser mostrados.
        </p>
        <ul className="admin-codigos" aria-label="Códigos de recuperação">
          {codigos.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <div className="form-actions">
          <button
            type="button"
            className="button"
            onClick={() => {
              queryClient.removeQueries({ queryKey: adminKeys.sessao() })
              void navigate(adminPaths.inicio, { replace: true })
            }}
          >
            Continuar
          </button>
        </div>
      </AdminPasso>
    )
  }

  return (
    <AdminPasso titulo="Ativar autenticação em dois passos">
      <p>
        Na aplicação de autenticação (Google Authenticator, Microsoft Authenticator, 1Password…), leia o código QR ou
        introduza a chave secreta. Depois escreva o código de 6 dígitos que a aplicação mostra.
      </p>
      {erro && <p role="alert">{erro}</p>}
      {!inscricao && !erro && <p role="status">A preparar…</p>}
      {inscricao && (
        <>
          <img className="admin-qr" src={inscricao.qr} alt="Código QR para a aplicação de autenticação" />
          <p>
            Chave secreta:{' '}
            <code className="admin-segredo" data-testid="segredo-totp">
              {inscricao.segredo}
            </code>
          </p>
          <form className="form" onSubmit={onSubmit} noValidate>
            <Field
              label="Código de 6 dígitos"
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
            </div>
          </form>
        </>
      )}
      {submission.feedback}
    </AdminPasso>
  )
}
