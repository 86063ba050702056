import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { Perfil, PerfilDadosSchema } from '../../../shared/admin-pessoas.ts'
import { Field } from '../../ui/Field.tsx'
import { useApiForm } from '../../ui/form.tsx'
import { AdminLayout } from './AdminLayout.tsx'
import { adminPost } from './api.ts'
import { perfisQuery } from './ClienteAcoes.tsx'
import { adminKeys } from './keys.ts'

const schema = (): Promise<typeof PerfilDadosSchema> =>
  import('../../../shared/admin-pessoas.ts').then((m) => m.PerfilDadosSchema)

const VAZIO = { nome: '', classe: 'perfil-' }

/**
 * `/admin/perfis` (admins): the customer profiles (spec §3 `id_perfil`, §6), each a name for the staff and the style
 * class the app puts on its screens for the customers who have it.
 */
export function PerfisPage() {
  const queryClient = useQueryClient()
  const perfis = useQuery(perfisQuery())
  const [aEditar, setAEditar] = useState<Perfil | null>(null)
  const [aviso, setAviso] = useState<string | null>(null)
  const { form, onSubmit, errorOf, submission } = useApiForm({
    schema,
    defaultValues: VAZIO,
    submit: (v) => adminPost<Perfil>(aEditar ? `/perfis/${aEditar.id}` : '/perfis', v),
    onSuccess: (p) => {
      setAviso(aEditar ? `Perfil «${p.nome}» guardado.` : `Perfil «${p.nome}» criado.`)
      setAEditar(null)
      form.reset(VAZIO)
      void queryClient.invalidateQueries({ queryKey: adminKeys.perfis() })
    },
  })
  return (
    <AdminLayout titulo="Perfis de cliente" apenasAdmin>
      <h1>Perfis de cliente</h1>
      <p>
        Cada perfil tem um nome e a classe de estilo que a aplicação aplica aos clientes com esse perfil (por exemplo,
        perfil-vip).
      </p>
      <p role="status">{aviso}</p>
      {perfis.isError && <p role="alert">{perfis.error.message}</p>}
      {perfis.data && (
        <table className="admin-tabela">
          <caption className="visually-hidden">Perfis de cliente</caption>
          <thead>
            <tr>
              <th scope="col">Nome</th>
              <th scope="col">Classe de estilo</th>
              <th scope="col">
                <span className="visually-hidden">Ações</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {perfis.data.map((p) => (
              <tr key={p.id}>
                <td>{p.nome}</td>
                <td>
                  <code>{p.classe}</code>
                </td>
                <td>
                  <button
                    type="button"
                    className="button button-secondary"
                    aria-label={`Editar o perfil ${p.nome}`}
                    onClick={() => {
                      setAEditar(p)
                      form.reset({ nome: p.nome, classe: p.classe })
                    }}
                  >
                    Editar
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <section className="admin-cartao" aria-labelledby="perfil-form-titulo">
        <h2 id="perfil-form-titulo">{aEditar ? `Editar «${aEditar.nome}»` : 'Novo perfil'}</h2>
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <Field label="Nome" required error={errorOf('nome')} {...form.register('nome')} />
          <Field
            label="Classe de estilo"
            required
            hint="Começa por perfil-, só letras minúsculas, números e hífenes."
            error={errorOf('classe')}
            {...form.register('classe')}
          />
          <div className="admin-acoes">
            <button type="submit" className="button">
              {aEditar ? 'Guardar' : 'Criar perfil'}
            </button>
            {aEditar && (
              <button
                type="button"
                className="button button-secondary"
                onClick={() => {
                  setAEditar(null)
                  form.reset(VAZIO)
                }}
              >
                Cancelar
              </button>
            )}
          </div>
        </form>
      </section>
      {submission.feedback}
    </AdminLayout>
  )
}
