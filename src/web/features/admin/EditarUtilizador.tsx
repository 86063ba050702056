import { useEffect, useRef } from 'react'
import { type EditarStaffSchema, PAPEIS, PAPEL_NOME } from '../../../shared/admin.ts'
import type { RestauranteStaff } from '../../../shared/admin-restaurantes.ts'
import { SelectField } from '../../ui/Field.tsx'
import { useApiForm } from '../../ui/form.tsx'
import { AlcanceCampos } from './AlcanceCampos.tsx'
import { adminPost } from './api.ts'
import type { Utilizador } from './UtilizadoresPage.tsx'

const schema = (): Promise<typeof EditarStaffSchema> =>
  import('../../../shared/admin.ts').then((m) => m.EditarStaffSchema)

/**
 * An admin changes a staff member's role and reach (`POST /admin/api/utilizadores/:id`). The heading takes the focus
 * when the form opens, so a screen reader hears which account it edits.
 */
export function EditarUtilizador({
  utilizador,
  restaurantes,
  onFeito,
  onCancelar,
}: {
  utilizador: Utilizador
  restaurantes: RestauranteStaff[] | undefined
  onFeito: (u: Utilizador) => void
  onCancelar: () => void
}) {
  const titulo = useRef<HTMLHeadingElement>(null)
  useEffect(() => titulo.current?.focus(), [])
  const { form, onSubmit, errorOf, submission } = useApiForm({
    schema,
    defaultValues: {
      papel: utilizador.papel,
      restaurantes: utilizador.restaurantes,
      ...(utilizador.id_loja === null ? {} : { id_loja: utilizador.id_loja }),
    },
    submit: (values) => adminPost<Utilizador>(`/utilizadores/${utilizador.id}`, values),
    onSuccess: onFeito,
  })
  const papel = form.watch('papel')
  const escolhidos = form.watch('restaurantes') ?? []
  const alternar = (id: number, sim: boolean) =>
    form.setValue('restaurantes', sim ? [...escolhidos, id] : escolhidos.filter((r) => r !== id), { shouldDirty: true })

  return (
    <section aria-labelledby="editar-utilizador" className="admin-editar-utilizador">
      <h2 id="editar-utilizador" ref={titulo} tabIndex={-1}>
        Editar {utilizador.email}
      </h2>
      <p>Uma mudança de papel termina as sessões da conta; a pessoa volta a entrar com o novo papel.</p>
      <form className="form admin-filtros" onSubmit={onSubmit} noValidate>
        <SelectField label="Papel" error={errorOf('papel')} {...form.register('papel')}>
          {PAPEIS.map((p) => (
            <option key={p} value={p}>
              {PAPEL_NOME[p]}
            </option>
          ))}
        </SelectField>
        <AlcanceCampos
          prefixo="editar"
          papel={papel}
          restaurantes={restaurantes}
          escolhidos={escolhidos}
          alternar={alternar}
          loja={form.register('id_loja', {
            setValueAs: (v) => (v === '' || v === undefined || v === null ? undefined : Number(v)),
          })}
          erroRestaurantes={errorOf('restaurantes')}
          erroLoja={errorOf('id_loja')}
        />
        <div className="admin-acoes">
          <button type="submit" className="button">
            Guardar alterações
          </button>
          <button type="button" className="button button-secondary" onClick={onCancelar}>
            Cancelar
          </button>
        </div>
      </form>
      {submission.feedback}
    </section>
  )
}
