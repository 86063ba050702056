import type { CodigoAlergenio } from '../../../shared/alergenios.ts'
import type { ProdutoCatalogo } from '../../../shared/catalogo.ts'
import { carrinhoDe, linhasDe } from './apresentacao.ts'
import { type Contexto, daLojaOuErro, naLoja } from './contexto.ts'
import type { Encomenda } from './encomendas-repository.ts'

/** An allergen as the ticket names it. */
interface AlergenioTalao {
  codigo: CodigoAlergenio
  nome: string
}

/** One line of the kitchen ticket: what to make, and what the menu says it contains. */
export interface LinhaTalao {
  qtd: number
  produto: string
  porcao: 'dose' | 'meia'
  complementos: string[]
  opcoes: string[]
  observacoes: string | null
  /** What the product contains, as its menu says now; null: the menu says nothing (or no longer has it). */
  alergenios: AlergenioTalao[] | null
  pode_conter: AlergenioTalao[]
}

/** What a kitchen ticket prints of an order (features/impressoras lays it out). */
export interface TalaoCozinha {
  id: number
  id_loja: number
  codigo: string
  nome: string
  id_tipo_entrega: 0 | 1
  /** The pick-up time (ISO UTC), or null: as soon as possible. */
  levantar_em: string | null
  mesa: number | null
  verificar_idade: boolean
  recipiente_proprio: boolean
  criada_em: string
  linhas: LinhaTalao[]
}

/**
 * The kitchen ticket's reading of an order: its lines with the allergens of their products, which the order does not
 * keep, read from the store's menu by the codes the order was placed with (by the product's name for an order from
 * before they were kept, or whose lines do not line up with its cart).
 */
export function createTalaoCozinha({ repo, catalogo, log }: Contexto) {
  async function produtosDaLoja(idLoja: number): Promise<ProdutoCatalogo[]> {
    try {
      return (await catalogo.catalogo(idLoja)).categorias.flatMap((c) => c.produtos)
    } catch (error) {
      // A store with no menu now (or no orders from the app any more) still prints what was ordered, allergens unsaid.
      log.warn({ idLoja, err: (error as Error).message }, 'kitchen ticket without the menu: allergens left unsaid')
      return []
    }
  }

  async function paraTalao(p: Encomenda): Promise<TalaoCozinha> {
    const linhas = linhasDe(p.linhas)
    const carrinho = carrinhoDe(p.carrinho)
    const codigos = carrinho?.length === linhas.length ? carrinho : null
    const produtos = await produtosDaLoja(p.id_loja)
    const porId = new Map(produtos.map((x) => [x.id, x]))
    const porNome = new Map(produtos.map((x) => [x.nome, x]))
    return {
      id: p.id,
      id_loja: p.id_loja,
      codigo: String(p.id),
      nome: p.nome,
      id_tipo_entrega: p.id_tipo_entrega === 1 ? 1 : 0,
      levantar_em: p.levantar_em,
      mesa: p.mesa,
      verificar_idade: p.verificar_idade === 1,
      recipiente_proprio: p.recipiente_proprio === 1,
      criada_em: p.criada_em,
      linhas: linhas.map((l, i) => {
        const codigo = codigos?.[i]?.id
        const produto = (codigo !== undefined ? porId.get(codigo) : undefined) ?? porNome.get(l.produto)
        return {
          qtd: l.qtd,
          produto: l.produto,
          porcao: l.porcao,
          complementos: l.complementos,
          opcoes: l.opcoes,
          observacoes: l.observacoes,
          alergenios: produto?.alergenios ?? null,
          pode_conter: produto?.pode_conter ?? [],
        }
      }),
    }
  }

  return {
    /**
     * An order's kitchen ticket. With `idLoja` (a store asking for a reprint), only an order on that store's board:
     * unknown or never paid, 404; another store's, 403, as the board's other routes answer. Without it (the printer's
     * job, which names its order), undefined when the order is not there or never reached a board.
     */
    async talao(id: number, idLoja?: number): Promise<TalaoCozinha | undefined> {
      const p = await repo.find(id)
      if (idLoja !== undefined) return paraTalao(daLojaOuErro(p, idLoja))
      return p && naLoja(p) ? paraTalao(p) : undefined
    },
  }
}

export type TalaoCozinhaLeitura = ReturnType<typeof createTalaoCozinha>
