import { useId, useState } from 'react'
import { Link } from 'react-router'
import { ALERGENIOS, type CodigoAlergenio } from '../../../shared/alergenios.ts'
import type { Catalogo, ProdutoCatalogo } from '../../../shared/catalogo.ts'
import { formatMoney } from '../../../shared/format.ts'
import { avisarAdicao, useEncomendaLocal } from './carrinho.ts'
import { evitarDe, type Filtros, passa, temFiltros, useFiltros } from './filtros.ts'
import { DE_UMA_LISTA, produtoHref } from './ProdutoCartao.tsx'
import { resumoAlergenios } from './ProdutoInfo.tsx'
import { extrasIniciais, precoUnitario, temEscolhaObrigatoria } from './regras.ts'

/** The products `sugeridos` names, as found in the same catalogue (one the customer cannot see is left out). */
export function sugeridosDe(p: ProdutoCatalogo, catalogo: Catalogo): ProdutoCatalogo[] {
  const todos = new Map(catalogo.categorias.flatMap((c) => c.produtos.map((x) => [x.id, x] as const)))
  return p.sugeridos.flatMap((id) => {
    const s = todos.get(id)
    return s && s.id !== p.id ? [s] : []
  })
}

const NOME = new Map(ALERGENIOS.map((a) => [a.codigo, a.nome.toLocaleLowerCase('pt-PT')] as const))

/**
 * Why a product does not pass the filters that are on, in words ('contém glúten', 'pode conter leite'); empty when it
 * passes. The verdict is `passa`'s (callers gate on it; kept here, out of the catalogue's first load): the reasons only say it.
 */
export function porQueNaoPassa(p: ProdutoCatalogo, f: Filtros): string[] {
  if (passa(p, f)) return []
  const motivos: string[] = []
  if (f.vegetariano && !p.vegetariano) motivos.push('não é vegetariano')
  const evitar = evitarDe(f)
  if (evitar.length > 0 && p.alergenios === null) motivos.push('sem informação sobre alergénios')
  const contem = new Set(p.alergenios?.map((a) => a.codigo) ?? [])
  const vestigios = new Set(p.pode_conter.map((a) => a.codigo))
  const contidos = evitar.filter((c) => contem.has(c))
  const possiveis = evitar.filter((c) => !contem.has(c) && vestigios.has(c))
  const nomes = (cs: CodigoAlergenio[]) => cs.map((c) => NOME.get(c) ?? c).join(', ')
  if (contidos.length > 0) motivos.push(`contém ${nomes(contidos)}`)
  if (possiveis.length > 0) motivos.push(`pode conter ${nomes(possiveis)}`)
  return motivos
}

/** The warning beside a suggestion the device's filters would hide; null when it passes (or no filter is on). */
export function avisoFiltros(p: ProdutoCatalogo, f: Filtros): string | null {
  if (!temFiltros(f) || passa(p, f)) return null
  const motivos = porQueNaoPassa(p, f)
  return `Não corresponde aos seus filtros${motivos.length > 0 ? `: ${motivos.join('; ')}` : ''}.`
}

/**
 * 'Acompanha bem com' (decision 0026): each suggested product with its price, its allergens in short (EU 1169/2011: known
 * before the purchase, as on its page, which its name opens) and one tap to add a full dose with its mandatory extras.
 * A product that needs a choice first (a drink to pick, a minimum of extras), or that the filters on this device would
 * hide (said in words beside it), opens its own page instead: nothing goes into the cart blindly. That page goes back
 * to this one after 'Adicionar' (`DE_UMA_LISTA`).
 */
export function Sugeridos({
  produto,
  catalogo,
  filtros,
}: {
  produto: ProdutoCatalogo
  catalogo: Catalogo
  /** The filters to check against; the device's by default. */
  filtros?: Filtros
}) {
  const tituloId = useId()
  const { adicionar, linhas, id_tipo_entrega: tipo } = useEncomendaLocal()
  const [doDispositivo] = useFiltros()
  const f = filtros ?? doDispositivo
  const [adicionado, setAdicionado] = useState<ProdutoCatalogo | null>(null)
  const lista = sugeridosDe(produto, catalogo)
  if (lista.length === 0) return null
  // The cart's count in the announcement: adding the same product again changes the text, so it is read out again.
  const noCarrinho = adicionado ? linhas.filter((l) => l.id === adicionado.id).reduce((n, l) => n + l.qtd, 0) : 0
  return (
    <section className="ementa-sugeridos" aria-labelledby={tituloId}>
      <h2 id={tituloId}>Acompanha bem com</h2>
      <ul>
        {lista.map((s) => {
          const extras = extrasIniciais(s)
          const unitario = precoUnitario(s, tipo, extras)
          const aviso = avisoFiltros(s, f)
          return (
            <li key={s.id} className="ementa-sugerido">
              <span className="ementa-sugerido-texto">
                <Link className="enc-produto-nome ementa-sugerido-nome" to={produtoHref(s)} state={DE_UMA_LISTA}>
                  {s.nome}
                </Link>
                <span className="enc-produto-preco">{formatMoney(unitario)}</span>
                {resumoAlergenios(s).map((linha) => (
                  <span key={linha} className="ementa-sugerido-alergenios">
                    {linha}
                  </span>
                ))}
                {aviso && <span className="ementa-sugerido-filtro">{aviso}</span>}
              </span>
              {s.esgotado ? (
                <span className="muted">Esgotado</span>
              ) : aviso || temEscolhaObrigatoria(s) ? (
                <Link className="button button-secondary ementa-sugerido-acao" to={produtoHref(s)} state={DE_UMA_LISTA}>
                  Escolher<span className="visually-hidden"> {s.nome}</span>
                </Link>
              ) : (
                <button
                  type="button"
                  className="button button-secondary ementa-sugerido-acao"
                  onClick={() => {
                    adicionar({
                      id: s.id,
                      qtd: 1,
                      complementares: extras,
                      opcoes: [],
                      nome: s.nome,
                      unitario: precoUnitario(s, 0, extras),
                      unitarioNaLoja: precoUnitario(s, 1, extras),
                      detalhes: s.complementares.filter((c) => extras.includes(c.id)).map((c) => c.nome),
                    })
                    avisarAdicao(`1 × ${s.nome}`)
                    setAdicionado(s)
                  }}
                >
                  Adicionar<span className="visually-hidden"> {s.nome}</span>
                </button>
              )}
            </li>
          )
        })}
      </ul>
      <p className="ementa-sugerido-aviso" aria-live="polite">
        {adicionado && `Adicionado ao carrinho: 1 × ${adicionado.nome} (${noCarrinho} no carrinho)`}
      </p>
    </section>
  )
}
