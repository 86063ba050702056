import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { flushSync } from 'react-dom'
import { type ConvidarSchema, PAPEIS, PAPEL_NOME, type Papel } from '../../../shared/admin.ts'
import type { RestauranteStaff } from '../../../shared/admin-restaurantes.ts'
import { Dialog } from '../../ui/Dialog.tsx'
import { CheckboxField, Field, SelectField } from '../../ui/Field.tsx'
import { useApiForm } from '../../ui/form.tsx'
import { AdminLayout } from './AdminLayout.tsx'
import { adminGet, adminPost } from './api.ts'
import { adminKeys } from './keys.ts'
import { useSessao } from './use-sessao.ts'

export interface Utilizador {
  id: number
  email: string
  papel: Papel
  restaurantes: number[]
  id_loja: number | null
  totp_ativo: boolean
  convite_pendente: boolean
  desativado_em: string | null
}

export const utilizadoresQuery = () => ({
  queryKey: adminKeys.utilizadores(),
  queryFn: ({ signal }: { signal: AbortSignal }) => adminGet<Utilizador[]>('/utilizadores', signal),
})

const schema = (): Promise<typeof ConvidarSchema> => import('../../../shared/admin.ts').then((m) => m.ConvidarSchema)

const estadoDe = (u: Utilizador) =>
  u.desativado_em ? 'Desativado' : u.convite_pendente ? 'Convite enviado' : u.totp_ativo ? 'Ativo (2 passos)' : 'Ativo'

/** `/admin/utilizadores` (admins): the staff, an invitation by e-mail, disabling an account. */
export function UtilizadoresPage() {
  const queryClient = useQueryClient()
  const lista = useQuery(utilizadoresQuery())
  // One's own account is not disabled from here (the server refuses it too).
  const eu = useSessao().data?.email
  const [aDesativar, setADesativar] = useState<Utilizador | null>(null)
  const [aviso, setAviso] = useState<string | null>(null)
  const desativar = useMutation({
    mutationFn: (id: number) => adminPost<Utilizador>(`/utilizadores/${id}/desativar`),
    onSuccess: (u) => {
      setAviso(`${u.email} foi desativado.`)
      void queryClient.invalidateQueries({ queryKey: adminKeys.all })
    },
  })
  const { form, onSubmit, errorOf, submission } = useApiForm({
    schema,
    defaultValues: { email: '', papel: 'gestor' },
    submit: (values) => adminPost<Utilizador>('/utilizadores', values),
    onSuccess: (u) => {
      setAviso(`Convite enviado para ${u.email}.`)
      form.reset()
      void queryClient.invalidateQueries({ queryKey: adminKeys.all })
    },
  })

  // A gestor's restaurants and a store account's store, chosen from what exists (their reach in the back-office).
  const restaurantes = useQuery({
    queryKey: adminKeys.restaurantes(),
    queryFn: ({ signal }) => adminGet<RestauranteStaff[]>('/restaurantes', signal),
  })
  const papel = form.watch('papel')
  const escolhidos = form.watch('restaurantes') ?? []
  const alternar = (id: number, sim: boolean) =>
    form.setValue('restaurantes', sim ? [...escolhidos, id] : escolhidos.filter((r) => r !== id), { shouldDirty: true })

  return (
    <AdminLayout titulo="Utilizadores" apenasAdmin>
      <h1>Utilizadores</h1>
      <p role="status">{aviso}</p>
      <section aria-labelledby="convidar">
        <h2 id="convidar">Convidar</h2>
        <form className="form admin-filtros" onSubmit={onSubmit} noValidate>
          <Field label="Email" type="email" required error={errorOf('email')} {...form.register('email')} />
          <SelectField label="Papel" error={errorOf('papel')} {...form.register('papel')}>
            {PAPEIS.map((p) => (
              <option key={p} value={p}>
                {PAPEL_NOME[p]}
              </option>
            ))}
          </SelectField>
          {papel === 'gestor' && (
            <fieldset className="admin-alcance">
              <legend>Restaurantes que gere</legend>
              {restaurantes.data?.map((r) => (
                <CheckboxField
                  key={r.id}
                  name={`restaurante-${r.id}`}
                  checked={escolhidos.includes(r.id)}
                  onChange={(e) => alternar(r.id, e.target.checked)}
                >
                  {r.name}
                </CheckboxField>
              ))}
              {errorOf('restaurantes') && (
                <p className="field-error" role="alert">
                  {errorOf('restaurantes')}
                </p>
              )}
            </fieldset>
          )}
          {papel === 'loja' && (
            <SelectField
              label="Loja"
              error={errorOf('id_loja')}
              {...form.register('id_loja', {
                setValueAs: (v) => (v === '' || v === undefined ? undefined : Number(v)),
              })}
            >
              <option value="">Escolha a loja</option>
              {restaurantes.data?.flatMap((r) =>
                r.lojas.map((l) => (
                  <option key={l.id_loja} value={l.id_loja}>
                    {l.name} ({r.name})
                  </option>
                )),
              )}
            </SelectField>
          )}
          <button type="submit" className="button">
            Enviar convite
          </button>
        </form>
      </section>
      <section aria-labelledby="equipa">
        <h2 id="equipa">Equipa</h2>
        {lista.isPending && <p role="status">A carregar…</p>}
        {lista.isError && <p role="alert">{lista.error.message}</p>}
        {lista.data && (
          <table className="admin-tabela">
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Papel</th>
                <th scope="col">Estado</th>
                <th scope="col">
                  <span className="visually-hidden">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {lista.data.map((u) => (
                <tr key={u.id}>
                  <td>{u.email}</td>
                  <td>{PAPEL_NOME[u.papel]}</td>
                  <td>{estadoDe(u)}</td>
                  <td>
                    {!u.desativado_em && u.email !== eu && (
                      <button
                        type="button"
                        className="button button-secondary"
                        aria-label={`Desativar ${u.email}`}
                        onClick={() => setADesativar(u)}
                      >
                        Desativar
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {aDesativar && (
        <Dialog
          title={`Desativar ${aDesativar.email}?`}
          message="A conta deixa de poder entrar e as suas sessões terminam já."
          buttons={[
            { label: 'Cancelar', secondary: true, isDefault: true },
            {
              label: 'Desativar',
              action: () => {
                desativar.mutate(aDesativar.id, {
                  onError: (error) => setAviso(error.message),
                })
              },
            },
          ]}
          onClose={() => flushSync(() => setADesativar(null))}
        />
      )}
      {submission.feedback}
    </AdminLayout>
  )
}
