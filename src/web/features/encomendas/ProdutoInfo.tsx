import { useId } from 'react'
import { ALERGENIOS_DESCONHECIDOS } from '../../../shared/alergenios.ts'
import type { ProdutoCatalogo } from '../../../shared/catalogo.ts'
import { AlergenioIcone } from './AlergenioIcone.tsx'

/** What the product page says when the menu declares the allergens and none of the 14 is in the dish. */
export const SEM_ALERGENIOS =
  'Sem alergénios a declarar: não contém nenhum dos 14 alergénios de declaração obrigatória.'

/**
 * The same menu with traces: the 14 are not in the dish, but may be there as traces, and the sentence says so before
 * the 'Pode conter' list (a bare "does not contain any" right above "may contain gluten" would contradict it).
 */
export const SEM_ALERGENIOS_COM_VESTIGIOS =
  'Não contém nenhum dos 14 alergénios de declaração obrigatória, mas pode conter vestígios:'

/**
 * A product's allergens in one or two short lines, where there is no room for the whole section ('Acompanha bem com'):
 * the same rule as the product page's section, in the same words.
 */
export function resumoAlergenios(p: ProdutoCatalogo): string[] {
  if (p.alergenios === null) return [ALERGENIOS_DESCONHECIDOS]
  const nomes = (lista: ProdutoCatalogo['pode_conter']) => lista.map((a) => a.nome).join(', ')
  const linhas: string[] = []
  if (p.alergenios.length > 0) linhas.push(`Contém: ${nomes(p.alergenios)}`)
  if (p.pode_conter.length > 0) linhas.push(`Pode conter: ${nomes(p.pode_conter)}`)
  return linhas.length > 0 ? linhas : ['Sem alergénios a declarar']
}

const numero = new Intl.NumberFormat('pt-PT', { maximumFractionDigits: 1 })

/** The dish's marks, in words (an icon beside them is decoration): Vegetariano, Picante, Dieta, serves N, adults only. */
export function marcasDe(p: ProdutoCatalogo): string[] {
  const marcas: string[] = []
  if (p.vegetariano) marcas.push('Vegetariano')
  if (p.picante) marcas.push('Picante')
  if (p.dieta) marcas.push('Dieta')
  if (p.pessoas !== null && p.pessoas > 0) marcas.push(p.pessoas === 1 ? 'Para 1 pessoa' : `Para ${p.pessoas} pessoas`)
  // Sold to adults only (DL 50/2013): said to everyone, before any choice.
  if (p.apenas_maiores) marcas.push('Maiores de 18 anos')
  return marcas
}

/** The marks under the product's name. */
export function ProdutoMarcas({ produto }: { produto: ProdutoCatalogo }) {
  const marcas = marcasDe(produto)
  if (marcas.length === 0) return null
  return (
    <ul className="ementa-marcas" aria-label="Características">
      {marcas.map((m) => (
        <li key={m} className="ementa-marca">
          {m}
        </li>
      ))}
    </ul>
  )
}

/**
 * Allergens and nutrition (EU 1169/2011, DL 26/2016: known before the purchase). Unknown allergens are said to be
 * unknown, in words, never left as an empty section a person would read as "none".
 */
export function ProdutoAlergenios({ produto: p }: { produto: ProdutoCatalogo }) {
  const tituloId = useId()
  const contem = p.alergenios
  const nutricao = p.calorias !== null || p.sal !== null
  return (
    <section className="ementa-info" aria-labelledby={tituloId}>
      <h2 id={tituloId}>Alergénios</h2>
      {contem === null ? (
        <p className="ementa-desconhecidos">
          <svg className="ementa-icone" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.6" />
            <path d="M12 11v6M12 7.5h.01" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          {ALERGENIOS_DESCONHECIDOS}
        </p>
      ) : contem.length === 0 ? (
        <p className="ementa-nenhum">{p.pode_conter.length > 0 ? SEM_ALERGENIOS_COM_VESTIGIOS : SEM_ALERGENIOS}</p>
      ) : (
        <ListaAlergenios titulo="Contém" alergenios={contem} />
      )}
      {p.pode_conter.length > 0 && <ListaAlergenios titulo="Pode conter" alergenios={p.pode_conter} vestigios />}
      {nutricao && (
        <dl className="ementa-nutricao">
          {p.calorias !== null && (
            <div>
              <dt>Energia</dt>
              <dd>{numero.format(p.calorias)} kcal</dd>
            </div>
          )}
          {p.sal !== null && (
            <div>
              <dt>Sal</dt>
              <dd>{numero.format(p.sal)} g</dd>
            </div>
          )}
        </dl>
      )}
    </section>
  )
}

function ListaAlergenios({
  titulo,
  alergenios,
  vestigios = false,
}: {
  titulo: string
  alergenios: ProdutoCatalogo['pode_conter']
  vestigios?: boolean
}) {
  const id = useId()
  return (
    <>
      <h3 id={id} className="ementa-subtitulo">
        {titulo}
      </h3>
      <ul className={vestigios ? 'ementa-alergenios ementa-vestigios' : 'ementa-alergenios'} aria-labelledby={id}>
        {alergenios.map((a) => (
          <li key={a.codigo} className="ementa-alergenio">
            <AlergenioIcone codigo={a.codigo} />
            <span>{a.nome}</span>
          </li>
        ))}
      </ul>
    </>
  )
}
