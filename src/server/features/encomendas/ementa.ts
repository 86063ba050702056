import { ALERGENIOS, type CodigoAlergenio } from '../../../shared/alergenios.ts'
import type { Catalogo, ProdutoCatalogo } from '../../../shared/catalogo.ts'
import type { Ementa, ProdutoEmenta } from '../../../shared/ementa.ts'
import { ivaForaDaRegiao, type Regiao, taxaDaRegiao } from '../../../shared/regioes.ts'
import { precoNaTabela, TABELAS_PRECO_PADRAO, type TabelasPrecoLoja } from '../../../shared/tabelas-preco.ts'
import type { MarcaProduto } from './catalogo-repository.ts'
import { contribuicaoPorUnidade } from './embalagens.ts'
import { apenasMaiores } from './maioridade.ts'

type Familia = Ementa['seccoes'][number]['familias'][number]
type GrupoOpcoes = ProdutoEmenta['opcoes'][number]

/**
 * What a customer may order from a store's menu: visible sections, families and products that can be sold as the till
 * would (`podeSerEncomendado`, docs/decisions/0011-ordering.md). One place for this rule: the catalogue
 * the app shows and the prices a calculation uses both come from `orderable`.
 */
export function orderable(ementa: Ementa): { familia: Familia; produtos: ProdutoEmenta[] }[] {
  return ementa.seccoes
    .filter((s) => s.visivel)
    .flatMap((s) => s.familias.filter((f) => f.visivel))
    .map((familia) => ({
      familia,
      produtos: familia.produtos.filter(podeSerEncomendado).sort((a, b) => a.posicao - b.posicao),
    }))
    .filter(({ produtos }) => produtos.length > 0)
}

/**
 * A product the app can sell as the till would: visible, and with rules a customer can meet. A mandatory extra the app
 * may not offer (restricted), more mandatory extras than the most allowed, or a minimum above the extras on offer would
 * make an order the till cannot match: such a product stays at the counter. A product sold to adults only (its
 * `restricted`) is shown to everyone and refused to a minor at calculation (decision 0037, DL 50/2013).
 */
function podeSerEncomendado(p: ProdutoEmenta): boolean {
  if (!p.visivel) return false
  if (p.complementares.some((c) => c.obrigatorio && c.restricted)) return false
  const oferecidos = p.complementares.filter((c) => !c.restricted)
  const obrigatorios = oferecidos.filter((c) => c.obrigatorio).length
  if (p.max_complementos > 0 && (obrigatorios > p.max_complementos || p.min_complementos > p.max_complementos)) {
    return false
  }
  if (p.min_complementos > oferecidos.length) return false
  // Mandatory choices the product's own limit on options would not let the customer make.
  const minimos = p.opcoes.reduce((sum, g) => sum + regrasGrupo(p, g).min, 0)
  return p.maxopcoes === 0 || minimos <= p.maxopcoes
}

/**
 * How many options of a group the customer must (`min`) and may (`max`, 0: no limit) pick (decision 0026): the
 * group's `minopcoes`/`maxopcoes`, by default none required (each component of a `composto` product required) and one
 * at most.
 */
export function regrasGrupo(p: ProdutoEmenta, g: GrupoOpcoes): { min: number; max: number } {
  return { min: g.minopcoes ?? (p.composto ? 1 : 0), max: g.maxopcoes ?? 1 }
}

/**
 * The half portion's price (cents), or null when there is none: the family must allow half portions (`meiadose`) and
 * the product price one (`precomeia` above 0). A family that allows them may hold dishes that have none.
 */
export function precoMeia(familia: Familia, p: ProdutoEmenta): number | null {
  // Menus stored before have no `meiadose`.
  if (!familia.meiadose?.permitida) return null
  return p.precomeia ? p.precomeia : null
}

/**
 * What the product contains: its `alergenios` list with the flags' 1s added (`gluten` 1 adds `gluten`, `lactose` 1
 * adds `leite`), or null (unknown) when the menu sends no list. The flags alone never make the allergens known: ZoneSoft
 * sends `gluten: 0, lactose: 0` on every product by default, so a 0 there says nothing of the other twelve, nor even
 * surely of those two (decision 0026). A list naming gluten wins over `gluten: 0` (the safe reading). `[]`: none.
 */
export function alergeniosDe(p: ProdutoEmenta): CodigoAlergenio[] | null {
  if (!p.alergenios) return null
  const codigos = new Set<CodigoAlergenio>(p.alergenios)
  if (p.gluten) codigos.add('gluten')
  if (p.lactose) codigos.add('leite')
  return ALERGENIOS.map((a) => a.codigo).filter((c) => codigos.has(c))
}

const comNome = (codigos: readonly CodigoAlergenio[]) =>
  codigos.map((codigo) => ({ codigo, nome: ALERGENIOS.find((a) => a.codigo === codigo)?.nome ?? codigo }))

/** The image of a product, by the menu's `base_url` (spec §7: image host path plus the product's `imagem`). */
const imagemDe = (ementa: Ementa, imagem: string | null | undefined) => (imagem ? `${ementa.base_url}${imagem}` : null)

/** What the law adds to a catalogue (decision 0037): the back-office's marks, and the packaging contribution (cents). */
export interface LeiCatalogo {
  marcas: ReadonlyMap<string, MarcaProduto>
  contribuicaoEmbalagem: number
}

const SEM_MARCAS: LeiCatalogo = { marcas: new Map(), contribuicaoEmbalagem: 0 }

interface ContextoProduto {
  ementa: Ementa
  familia: Familia
  esgotado: boolean
  /** The codes of the products the catalogue shows: the only ones a suggestion may name. */
  visiveis: ReadonlySet<string>
  /** The store's price tier of each kind of sale. */
  tabelas: TabelasPrecoLoja
  lei: LeiCatalogo
}

function produtoCatalogo(
  p: ProdutoEmenta,
  { ementa, familia, esgotado, visiveis, tabelas, lei }: ContextoProduto,
): ProdutoCatalogo {
  const marca = lei.marcas.get(p.cod_produto)
  const meia = precoMeia(familia, p)
  const alergenios = alergeniosDe(p)
  return {
    id: p.cod_produto,
    nome: p.produto,
    descricao: p.descricao ?? null,
    pvp_com_iva: precoNaTabela(p, tabelas.take_away),
    pvp_na_loja_com_iva: precoNaTabela(p, tabelas.na_loja),
    imagem: imagemDe(ementa, p.imagem),
    complementares: p.complementares
      .filter((c) => !c.restricted)
      .map((c) => ({ id: c.codigo, nome: c.descricao, pvp_com_iva: c.preco, obrigatorio: c.obrigatorio })),
    opcoes: p.opcoes.flatMap((g) =>
      g.opcoes.map((o) => ({ id: o.codigo, nome: o.descricao, grupo: g.codigo, nome_grupo: g.descricao })),
    ),
    idCategoria: familia.codigo,
    min_complementos: p.min_complementos,
    max_complementos: p.max_complementos,
    maxopcoes: p.maxopcoes,
    esgotado,
    grupos_opcoes: p.opcoes.map((g) => ({ id: g.codigo, nome: g.descricao, ...regrasGrupo(p, g) })),
    destaque: p.highlight ?? false,
    alergenios: alergenios && comNome(alergenios),
    // What it contains is no trace of itself: 'Contém: Leite' and 'Pode conter: Leite' together read as a doubt.
    pode_conter: comNome((p.pode_conter ?? []).filter((c) => !alergenios?.includes(c))),
    calorias: p.calorias ?? null,
    sal: p.sal ?? null,
    vegetariano: p.vegetariano ?? false,
    picante: p.picante ?? false,
    dieta: p.dieta ?? false,
    pessoas: p.pessoas ?? null,
    tempo: p.tempo ?? null,
    meia_dose: meia !== null,
    pvp_meia_com_iva: meia,
    rotulo_dose: familia.dose ?? 'Dose',
    rotulo_meia: familia.meiadose?.rotulo ?? 'Meia dose',
    // A suggestion the customer could not open (hidden) is left out, not refused: the POS's menu is right.
    sugeridos: [...new Set(p.sugeridos ?? [])].filter((id) => id !== p.cod_produto && visiveis.has(id)),
    apenas_maiores: apenasMaiores(p, marca),
    contribuicao_embalagem: contribuicaoPorUnidade(p, marca, lei.contribuicaoEmbalagem),
  }
}

/**
 * The ordering catalogue (spec §3, simplified): a category per family, its products in the POS's order, those of
 * `esgotados` (codes sold out today) marked so, each priced in the store's tiers (`tabelas`) for both kinds of sale,
 * with what `lei` says of it (sold to adults only, its packaging contribution).
 */
export function paraCatalogo(
  ementa: Ementa,
  esgotados: ReadonlySet<string> = new Set(),
  tabelas: TabelasPrecoLoja = TABELAS_PRECO_PADRAO,
  lei: LeiCatalogo = SEM_MARCAS,
): Catalogo {
  const familias = orderable(ementa)
  const visiveis = new Set(familias.flatMap(({ produtos }) => produtos.map((p) => p.cod_produto)))
  return {
    categorias: familias.map(({ familia, produtos }) => ({
      id: familia.codigo,
      nome: familia.descricao,
      produtos: produtos.map((p) =>
        produtoCatalogo(p, { ementa, familia, esgotado: esgotados.has(p.cod_produto), visiveis, tabelas, lei }),
      ),
    })),
  }
}

/** The most products a menu may hold: a large restaurant's whole carta several times over; past it, a POS fault. */
export const MAX_PRODUTOS_EMENTA = 2000

/**
 * What the schema cannot say about a snapshot: codes the cart, the catalogue's routes and the POS rely on are unique,
 * the menu is of a size a phone can show, and every VAT rate is one of the store's region's (`regiao`: CIVA art. 18 and
 * the islands' regional decrees, decision 0036). The path of the first fault, as a validation error names it, or null.
 */
export function firstFault(ementa: Ementa, regiao: Regiao): { path: string; message: string } | null {
  const familias = new Set<string>()
  const produtos = new Set<string>()
  for (const [si, s] of ementa.seccoes.entries()) {
    for (const [fi, f] of s.familias.entries()) {
      // A family is a category of the catalogue, addressed by its code (`/catalogo/{categoria}`).
      if (familias.has(f.codigo)) {
        return { path: `seccoes.${si}.familias.${fi}.codigo`, message: `Código de família repetido: ${f.codigo}` }
      }
      familias.add(f.codigo)
      for (const [pi, p] of f.produtos.entries()) {
        const path = `seccoes.${si}.familias.${fi}.produtos.${pi}`
        if (produtos.has(p.cod_produto)) {
          return { path: `${path}.cod_produto`, message: `Código de produto repetido: ${p.cod_produto}` }
        }
        produtos.add(p.cod_produto)
        if (produtos.size > MAX_PRODUTOS_EMENTA) {
          return { path, message: `A ementa tem mais de ${MAX_PRODUTOS_EMENTA} produtos` }
        }
        const iva = ivaFault(p, regiao)
        if (iva) return { path: `${path}.${iva.campo}`, message: iva.message }
        const complementos = new Set<string>()
        for (const [ci, c] of p.complementares.entries()) {
          if (complementos.has(c.codigo)) {
            return { path: `${path}.complementares.${ci}.codigo`, message: `Complemento repetido: ${c.codigo}` }
          }
          complementos.add(c.codigo)
        }
        const opcoes = new Set<string>()
        for (const [gi, g] of p.opcoes.entries()) {
          for (const [oi, o] of g.opcoes.entries()) {
            if (opcoes.has(o.codigo)) {
              return { path: `${path}.opcoes.${gi}.opcoes.${oi}.codigo`, message: `Opção repetida: ${o.codigo}` }
            }
            opcoes.add(o.codigo)
          }
          const fault = grupoFault(p, g)
          if (fault) return { path: `${path}.opcoes.${gi}.${fault.campo}`, message: fault.message }
        }
        if (p.precomeia && p.precomeia > p.precovenda) {
          return { path: `${path}.precomeia`, message: 'A meia dose não pode custar mais do que a dose' }
        }
      }
    }
  }
  return sugeridosFault(ementa, produtos)
}

/**
 * The first VAT rate of a product or of one of its complements that is not one of the region's, named by the product
 * (and the complement), as the store's staff know them: where the POS must be corrected.
 */
export function ivaFault(p: ProdutoEmenta, regiao: Regiao): { campo: string; message: string } | null {
  if (!taxaDaRegiao(regiao, p.iva)) return { campo: 'iva', message: ivaForaDaRegiao(p.produto, p.iva, regiao) }
  for (const [ci, c] of p.complementares.entries()) {
    if (!taxaDaRegiao(regiao, c.iva)) {
      const nome = `${p.produto} (complemento ${c.descricao})`
      return { campo: `complementares.${ci}.iva`, message: ivaForaDaRegiao(nome, c.iva, regiao) }
    }
  }
  return null
}

/** A group whose minimum no customer could meet: a POS's typing mistake, refused rather than never orderable. */
function grupoFault(p: ProdutoEmenta, g: GrupoOpcoes): { campo: string; message: string } | null {
  const { min, max } = regrasGrupo(p, g)
  if (max > 0 && min > max) {
    return { campo: 'minopcoes', message: `O mínimo de opções (${min}) passa do máximo (${max})` }
  }
  if (min > g.opcoes.length) {
    return { campo: 'minopcoes', message: `O mínimo de opções (${min}) passa das opções do grupo (${g.opcoes.length})` }
  }
  return null
}

/**
 * Suggestions name products of the same menu, never the product itself: an unknown code is refused (a POS pointing at
 * a product it does not send). A suggestion of a product the customer cannot see (hidden) is accepted and left out of
 * the catalogue.
 */
function sugeridosFault(ementa: Ementa, codigos: ReadonlySet<string>): { path: string; message: string } | null {
  for (const [si, s] of ementa.seccoes.entries()) {
    for (const [fi, f] of s.familias.entries()) {
      for (const [pi, p] of f.produtos.entries()) {
        for (const [i, codigo] of (p.sugeridos ?? []).entries()) {
          const path = `seccoes.${si}.familias.${fi}.produtos.${pi}.sugeridos.${i}`
          if (!codigos.has(codigo)) return { path, message: `Produto sugerido desconhecido: ${codigo}` }
          if (codigo === p.cod_produto) return { path, message: 'Um produto não se sugere a si próprio' }
        }
      }
    }
  }
  return null
}
