import type { SelectHTMLAttributes } from 'react'
import type { Papel } from '../../../shared/admin.ts'
import type { RestauranteStaff } from '../../../shared/admin-restaurantes.ts'
import { CheckboxField, SelectField } from '../../ui/Field.tsx'

/**
 * A staff member's reach, chosen from what exists: a gestor's restaurants (at least one), a store account's store. The
 * invitation and the edit of a staff member show the same fields (the server checks each exists).
 */
export function AlcanceCampos({
  prefixo,
  papel,
  restaurantes,
  escolhidos,
  alternar,
  loja,
  erroRestaurantes,
  erroLoja,
}: {
  /** Keeps the controls' ids apart when two forms are on the page. */
  prefixo: string
  papel: Papel
  restaurantes: RestauranteStaff[] | undefined
  escolhidos: number[]
  alternar: (id: number, sim: boolean) => void
  loja: SelectHTMLAttributes<HTMLSelectElement> & { name: string }
  erroRestaurantes: string | undefined
  erroLoja: string | undefined
}) {
  if (papel === 'gestor') {
    // The error is the group's (no restaurant chosen), so it describes the fieldset, not one checkbox.
    const erroId = `${prefixo}-restaurantes-erro`
    return (
      <fieldset
        className="admin-alcance"
        aria-describedby={erroRestaurantes ? erroId : undefined}
        aria-invalid={erroRestaurantes ? true : undefined}
      >
        <legend>Restaurantes que gere</legend>
        {restaurantes?.map((r) => (
          <CheckboxField
            key={r.id}
            id={`${prefixo}-restaurante-${r.id}`}
            name={`${prefixo}-restaurante-${r.id}`}
            checked={escolhidos.includes(r.id)}
            onChange={(e) => alternar(r.id, e.target.checked)}
          >
            {r.name}
          </CheckboxField>
        ))}
        {erroRestaurantes && (
          <p id={erroId} className="field-error" role="alert">
            {erroRestaurantes}
          </p>
        )}
      </fieldset>
    )
  }
  if (papel === 'loja') {
    return (
      <SelectField label="Loja" id={`${prefixo}-loja`} error={erroLoja} {...loja}>
        <option value="">Escolha a loja</option>
        {restaurantes?.flatMap((r) =>
          r.lojas.map((l) => (
            <option key={l.id_loja} value={l.id_loja}>
              {l.name} ({r.name})
            </option>
          )),
        )}
      </SelectField>
    )
  }
  return null
}
