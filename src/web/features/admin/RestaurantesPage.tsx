import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import {
  avisoIvaLoja,
  type LojaStaff,
  type RestauranteEdicaoSchema,
  type RestauranteStaff,
} from '../../../shared/admin-restaurantes.ts'
import { Field } from '../../ui/Field.tsx'
import { useApiForm } from '../../ui/form.tsx'
import { AdminLayout } from './AdminLayout.tsx'
import { adminGet, adminPost } from './api.ts'
import { ImagemCampo } from './ImagemCampo.tsx'
import { adminKeys } from './keys.ts'
import { LojaForm } from './LojaForm.tsx'
import { papeisDe } from './seccoes.ts'

const schema = (): Promise<typeof RestauranteEdicaoSchema> =>
  import('../../../shared/admin-restaurantes.ts').then((m) => m.RestauranteEdicaoSchema)

type AEditar = { restaurante: RestauranteStaff } | { loja: LojaStaff } | null

/**
 * `/admin/restaurantes` (admins all, gestores their restaurants): each restaurant and its stores, and the form of the
 * one being edited. Exceptional closures, store keys and the pause of orders have screens of their own.
 */
export function RestaurantesPage() {
  const queryClient = useQueryClient()
  const lista = useQuery({
    queryKey: adminKeys.restaurantes(),
    queryFn: ({ signal }) => adminGet<RestauranteStaff[]>('/restaurantes', signal),
  })
  const [aEditar, setAEditar] = useState<AEditar>(null)
  const [aviso, setAviso] = useState<string | null>(null)
  const guardado = (nome: string, avisoIva?: string | null) => {
    setAviso(`«${nome}» foi guardado.${avisoIva ? ` ${avisoIvaLoja(avisoIva)}` : ''}`)
    setAEditar(null)
    void queryClient.invalidateQueries({ queryKey: adminKeys.restaurantes() })
  }
  // The saved store goes into the list at once: 'Editar' pressed again before the list is read anew must open what
  // was saved, not the form as it was before.
  const lojaGuardada = (loja: LojaStaff) => {
    queryClient.setQueryData<RestauranteStaff[]>(adminKeys.restaurantes(), (antes) =>
      antes?.map((r) => ({ ...r, lojas: r.lojas.map((l) => (l.id === loja.id ? loja : l)) })),
    )
    guardado(loja.name, loja.aviso_iva)
  }
  const restauranteGuardado = (restaurante: RestauranteStaff) => {
    queryClient.setQueryData<RestauranteStaff[]>(adminKeys.restaurantes(), (antes) =>
      antes?.map((r) => (r.id === restaurante.id ? { ...restaurante, lojas: r.lojas } : r)),
    )
    guardado(restaurante.name)
  }
  const editar = (alvo: AEditar) => {
    setAEditar(alvo)
    setAviso(null)
    requestAnimationFrame(() => document.getElementById('restaurantes-form')?.scrollIntoView())
  }

  return (
    <AdminLayout titulo="Restaurantes e lojas" papeis={papeisDe('restaurantes')}>
      <h1>Restaurantes e lojas</h1>
      <p role="status">{aviso}</p>
      {lista.isPending && <p role="status">A carregar…</p>}
      {lista.isError && <p role="alert">{lista.error.message}</p>}
      {lista.data?.length === 0 && <p>Não tem restaurantes atribuídos.</p>}
      {lista.data?.map((r) => (
        <section key={r.id} aria-labelledby={`restaurante-${r.id}`} className="admin-restaurante">
          <div className="admin-restaurante-cabecalho">
            <h2 id={`restaurante-${r.id}`}>{r.name}</h2>
            <button
              type="button"
              className="button button-secondary"
              aria-label={`Editar o restaurante ${r.name}`}
              onClick={() => editar({ restaurante: r })}
            >
              Editar restaurante
            </button>
          </div>
          <table className="admin-tabela">
            <thead>
              <tr>
                <th scope="col">Loja</th>
                <th scope="col">Morada</th>
                <th scope="col">Telefone</th>
                <th scope="col">Encomendas pela app</th>
                <th scope="col">
                  <span className="visually-hidden">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {r.lojas.map((l) => (
                <tr key={l.id}>
                  <td>
                    {l.name}
                    {l.aviso_iva && <p className="field-error">{avisoIvaLoja(l.aviso_iva)}</p>}
                  </td>
                  <td>
                    {l.address}, {l.postal_code} {l.city}
                  </td>
                  <td>{l.phone ?? '—'}</td>
                  <td>{l.horario_encomendas ? 'Sim' : 'Não'}</td>
                  <td className="admin-acoes">
                    <button
                      type="button"
                      className="button button-secondary"
                      aria-label={`Editar a loja ${l.name}`}
                      onClick={() => editar({ loja: l })}
                    >
                      Editar
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
      {aEditar && (
        <section id="restaurantes-form" aria-labelledby="restaurantes-form-titulo">
          {'loja' in aEditar ? (
            <>
              <h2 id="restaurantes-form-titulo">Editar a loja «{aEditar.loja.name}»</h2>
              <LojaForm
                key={aEditar.loja.id}
                loja={aEditar.loja}
                onGuardada={lojaGuardada}
                onCancelar={() => setAEditar(null)}
              />
            </>
          ) : (
            <>
              <h2 id="restaurantes-form-titulo">Editar o restaurante «{aEditar.restaurante.name}»</h2>
              <RestauranteForm
                key={aEditar.restaurante.id}
                restaurante={aEditar.restaurante}
                onGuardado={restauranteGuardado}
                onCancelar={() => setAEditar(null)}
              />
            </>
          )}
        </section>
      )}
    </AdminLayout>
  )
}

function RestauranteForm({
  restaurante,
  onGuardado,
  onCancelar,
}: {
  restaurante: RestauranteStaff
  onGuardado: (r: RestauranteStaff) => void
  onCancelar: () => void
}) {
  const { id, tag: _tag, lojas: _lojas, ...valores } = restaurante
  const { form, onSubmit, errorOf, submission } = useApiForm({
    schema,
    defaultValues: valores,
    submit: (values) => adminPost<RestauranteStaff>(`/restaurantes/${id}`, values),
    onSuccess: onGuardado,
  })
  return (
    <form className="form admin-formulario" onSubmit={onSubmit} noValidate>
      <Field label="Nome" required error={errorOf('name')} {...form.register('name')} />
      <Field label="Título" required error={errorOf('title')} {...form.register('title')} />
      <div className="field">
        <label htmlFor="restaurante-texto">Texto</label>
        <textarea id="restaurante-texto" rows={5} {...form.register('text')} />
      </div>
      <Field
        label="Cor"
        hint="No formato #RRGGBB (ex.: #6E2A17)."
        error={errorOf('color')}
        {...form.register('color')}
      />
      <ImagemCampo
        label="Imagem principal"
        valor={form.watch('image_main') ?? null}
        onChange={(url) => form.setValue('image_main', url, { shouldDirty: true })}
        erro={errorOf('image_main')}
      />
      <ImagemCampo
        label="Logótipo"
        valor={form.watch('image_logo') ?? null}
        onChange={(url) => form.setValue('image_logo', url, { shouldDirty: true })}
        erro={errorOf('image_logo')}
      />
      <div className="admin-acoes">
        <button type="submit" className="button">
          Guardar restaurante
        </button>
        <button type="button" className="button button-secondary" onClick={onCancelar}>
          Cancelar
        </button>
      </div>
      {submission.feedback}
    </form>
  )
}
