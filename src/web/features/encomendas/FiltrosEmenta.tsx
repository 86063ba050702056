import { lazy, Suspense, useId, useState } from 'react'
import { FILTROS_RAPIDOS } from '../../../shared/catalogo-ecra.ts'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { type Filtros, quantosFiltros, SEM_FILTROS } from './filtros.ts'

/** The 14 allergens' checkboxes: a panel few people open, loaded when opened (docs/decisions/0010). */
const FiltroAlergenios = lazy(() => import('./FiltroAlergenios.tsx').then((m) => ({ default: m.FiltroAlergenios })))

const produtosTexto = (n: number) => (n === 1 ? '1 produto' : `${n} produtos`)

/**
 * The catalogue's filters (decision 0026): three toggles a person can combine, a panel of the 14 allergens to avoid, how
 * many are on and how many products show, and 'Limpar filtros'. Kept on the device by the caller (filtros.ts).
 */
export function FiltrosEmenta({
  filtros,
  definir,
  mostrados,
}: {
  filtros: Filtros
  definir: (f: Filtros) => void
  /** How many products the filters leave. */
  mostrados: number
}) {
  const tituloId = useId()
  const painelId = useId()
  const [aberto, setAberto] = useState(false)
  const n = quantosFiltros(filtros)
  const extra = filtros.evitar.filter(
    (c) => !(c === 'gluten' && filtros.semGluten) && !(c === 'leite' && filtros.semLactose),
  )
  return (
    <section className="ementa-filtros" aria-labelledby={tituloId}>
      <h2 id={tituloId} className="visually-hidden">
        Filtros
      </h2>
      <div className="ementa-filtros-botoes">
        {FILTROS_RAPIDOS.map((r) => (
          <button
            key={r.chave}
            type="button"
            className="ementa-filtro"
            aria-pressed={filtros[r.chave]}
            onClick={() => definir({ ...filtros, [r.chave]: !filtros[r.chave] })}
          >
            <span className="ementa-filtro-marca" aria-hidden="true" />
            {r.nome}
          </button>
        ))}
        <button
          type="button"
          className="ementa-filtro"
          aria-expanded={aberto}
          aria-controls={painelId}
          onClick={() => setAberto((a) => !a)}
        >
          Alergénios{extra.length > 0 && ` (${extra.length})`}
          <span className="ementa-filtro-seta" aria-hidden="true">
            {aberto ? '▴' : '▾'}
          </span>
        </button>
      </div>
      <div id={painelId} hidden={!aberto}>
        {aberto && (
          <Suspense fallback={<p className="muted">A carregar…</p>}>
            <FiltroAlergenios filtros={filtros} definir={definir} />
          </Suspense>
        )}
      </div>
      <div className="ementa-filtros-estado">
        {/* Always there, so that each change of the count is read out; only the count (the button is not news). */}
        <p aria-live="polite">
          {n > 0 && `${n === 1 ? '1 filtro ativo' : `${n} filtros ativos`} · ${produtosTexto(mostrados)}`}
        </p>
        {n > 0 && (
          <button type="button" className="enc-link-button" onClick={() => definir(SEM_FILTROS)}>
            Limpar filtros
          </button>
        )}
      </div>
      {n > 0 && quantosFiltros({ ...filtros, vegetariano: false }) > 0 && (
        <p className="field-hint ementa-filtros-nota">
          Os produtos sem informação sobre alergénios não aparecem com estes filtros: pergunte na loja.
        </p>
      )}
    </section>
  )
}

/** What the catalogue says when the filters leave no product. */
export function SemResultados({ definir, texto }: { definir: (f: Filtros) => void; texto?: string }) {
  return (
    <div className="ementa-sem-resultados">
      <EmptyState>{texto ?? 'Nenhum produto corresponde aos filtros escolhidos.'}</EmptyState>
      <p className="enc-centro">
        <button type="button" className="button button-secondary" onClick={() => definir(SEM_FILTROS)}>
          Limpar filtros
        </button>
      </p>
    </div>
  )
}
