import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { type ConvidarSchema, PAPEIS, PAPEL_NOME, type Papel } from '../../../shared/admin.ts'
import type { RestauranteStaff } from '../../../shared/admin-restaurantes.ts'
import { Dialog } from '../../ui/Dialog.tsx'
import { Field, SelectField } from '../../ui/Field.tsx'
import { useApiForm } from '../../ui/form.tsx'
import { AdminLayout } from './AdminLayout.tsx'
import { AlcanceCampos } from './AlcanceCampos.tsx'
import { adminGet, adminPost } from './api.ts'
import { EditarUtilizador } from './EditarUtilizador.tsx'
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

/** A staff member's reach in words: a gestor's restaurants, a store account's store, an admin's everything. */
function alcanceDe(u: Utilizador, restaurantes: RestauranteStaff[] | undefined): string {
  if (u.papel === 'admin') return 'Tudo'
  if (u.papel === 'gestor') {
    const nomes = u.restaurantes.map((id) => restaurantes?.find((r) => r.id === id)?.name ?? `Restaurante ${id}`)
    return nomes.join(', ') || '—'
  }
  const loja = restaurantes?.flatMap((r) => r.lojas).find((l) => l.id_loja === u.id_loja)
  return loja ? loja.name : u.id_loja === null ? '—' : `Loja ${u.id_loja}`
}

/**
 * `/admin/utilizadores` (admins): the staff, an invitation by e-mail (again, for an address that was disabled),
 * changing a staff member's role and reach, disabling and reactivating an account.
 */
export function UtilizadoresPage() {
  const queryClient = useQueryClient()
  const lista = useQuery(utilizadoresQuery())
  // One's own account is not disabled or edited from here (the server refuses it too).
  const eu = useSessao().data?.email
  const [aDesativar, setADesativar] = useState<Utilizador | null>(null)
  const [aEditar, setAEditar] = useState<Utilizador | null>(null)
  const [aviso, setAviso] = useState<string | null>(null)
  // Each row's 'Editar': the form, closed (saved or cancelled), gives the focus back to the button that opened it.
  const botoesEditar = useRef(new Map<number, HTMLButtonElement>())
  const fecharEdicao = (id: number) => {
    flushSync(() => setAEditar(null))
    botoesEditar.current.get(id)?.focus()
  }
  const desativar = useMutation({
    mutationFn: (id: number) => adminPost<Utilizador>(`/utilizadores/${id}/desativar`),
    onSuccess: (u) => {
      setAviso(`${u.email} foi desativado.`)
      void queryClient.invalidateQueries({ queryKey: adminKeys.all })
    },
  })
  const reativar = useMutation({
    mutationFn: (id: number) => adminPost<Utilizador>(`/utilizadores/${id}/reativar`),
    onSuccess: (u) => {
      setAviso(`${u.email} foi reativado.`)
      void queryClient.invalidateQueries({ queryKey: adminKeys.all })
    },
    onError: (error) => setAviso(error.message),
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
        <p>
          Uma conta de loja tem a sua loja; um gestor, pelo menos um restaurante. Um endereço desativado pode ser
          convidado de novo.
        </p>
        <form className="form admin-filtros" onSubmit={onSubmit} noValidate>
          <Field label="Email" type="email" required error={errorOf('email')} {...form.register('email')} />
          <SelectField label="Papel" error={errorOf('papel')} {...form.register('papel')}>
            {PAPEIS.map((p) => (
              <option key={p} value={p}>
                {PAPEL_NOME[p]}
              </option>
            ))}
          </SelectField>
          <AlcanceCampos
            prefixo="convite"
            papel={papel}
            restaurantes={restaurantes.data}
            escolhidos={escolhidos}
            alternar={alternar}
            loja={form.register('id_loja', {
              setValueAs: (v) => (v === '' || v === undefined ? undefined : Number(v)),
            })}
            erroRestaurantes={errorOf('restaurantes')}
            erroLoja={errorOf('id_loja')}
          />
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
                <th scope="col">Alcance</th>
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
                  <td>{alcanceDe(u, restaurantes.data)}</td>
                  <td>{estadoDe(u)}</td>
                  <td>
                    {u.email !== eu && (
                      <div className="admin-acoes admin-acoes-linha">
                        {!u.desativado_em && (
                          <button
                            type="button"
                            className="button button-secondary"
                            aria-label={`Editar ${u.email}`}
                            ref={(botao) => {
                              if (botao) botoesEditar.current.set(u.id, botao)
                              else botoesEditar.current.delete(u.id)
                            }}
                            onClick={() => setAEditar(u)}
                          >
                            Editar
                          </button>
                        )}
                        {u.desativado_em ? (
                          <button
                            type="button"
                            className="button button-secondary"
                            aria-label={`Reativar ${u.email}`}
                            onClick={() => reativar.mutate(u.id)}
                          >
                            Reativar
                          </button>
                        ) : (
                          <button
                            type="button"
                            className="button button-secondary"
                            aria-label={`Desativar ${u.email}`}
                            onClick={() => setADesativar(u)}
                          >
                            Desativar
                          </button>
                        )}
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {aEditar && (
        <EditarUtilizador
          key={aEditar.id}
          utilizador={aEditar}
          restaurantes={restaurantes.data}
          onFeito={(u) => {
            setAviso(`${u.email} foi alterado.`)
            fecharEdicao(u.id)
            void queryClient.invalidateQueries({ queryKey: adminKeys.all })
          }}
          onCancelar={() => fecharEdicao(aEditar.id)}
        />
      )}
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
