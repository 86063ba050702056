import { ALERGENIOS } from '../../../shared/alergenios.ts'
import { AlergenioIcone } from './AlergenioIcone.tsx'
import { alternarEvitar, evitarDe, type Filtros } from './filtros.ts'

/**
 * The 14 allergens of Annex II, each a checkbox 'Evitar …' with its pictogram and name. 'Sem glúten' and 'Sem lactose'
 * show here as gluten and milk avoided (one choice, two ways to reach it).
 */
export function FiltroAlergenios({ filtros, definir }: { filtros: Filtros; definir: (f: Filtros) => void }) {
  const evitados = evitarDe(filtros)
  return (
    <fieldset className="ementa-filtro-alergenios">
      <legend>Evitar alergénios</legend>
      <div className="ementa-filtro-grelha">
        {ALERGENIOS.map((a) => {
          const marcado = evitados.includes(a.codigo)
          return (
            <label key={a.codigo} className="ementa-filtro-alergenio">
              <input
                type="checkbox"
                checked={marcado}
                onChange={() => {
                  // Unticking gluten or milk also turns off the toggle that avoids it.
                  if (marcado && a.codigo === 'gluten' && filtros.semGluten) {
                    definir({ ...filtros, semGluten: false, evitar: filtros.evitar.filter((c) => c !== 'gluten') })
                  } else if (marcado && a.codigo === 'leite' && filtros.semLactose) {
                    definir({ ...filtros, semLactose: false, evitar: filtros.evitar.filter((c) => c !== 'leite') })
                  } else definir(alternarEvitar(filtros, a.codigo))
                }}
              />
              <AlergenioIcone codigo={a.codigo} />
              <span>{a.nome}</span>
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}
