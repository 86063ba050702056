import type { CodigoAlergenio } from '../../../shared/alergenios.ts'
import type { ProdutoCatalogo } from '../../../shared/catalogo.ts'
import { ESTADO } from '../../../shared/estado-pedido.ts'
import { carrinhoDe, paraHoje, paraLoja } from './apresentacao.ts'
import { type Contexto, daLojaOuErro, naLoja } from './contexto.ts'
import { type Encomenda, encomendasRepo } from './encomendas-repository.ts'

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
  /**
   * What the product contains, as its menu says now; null: unknown (the menu says nothing, no longer has the product,
   * or could not be read), never the same as none.
   */
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
  /** When the kitchen should start it (ISO UTC): its pick-up time less its preparation; null without a pick-up time. */
  preparar_em: string | null
  mesa: number | null
  verificar_idade: boolean
  recipiente_proprio: boolean
  criada_em: string
  linhas: LinhaTalao[]
}

/**
 * The kitchen printer's reads of orders (features/impressoras): an order's ticket, with its lines' allergens, which
 * the order does not keep, read from the store's menu by the codes the order was placed with (by the product's name
 * for an order from before they were kept, or whose lines do not line up with its cart); whether a store may reprint
 * one; and the codes of the orders its board lists as not printed. A cancelled order is never printed. Its code, its
 * pick-up and preparation times are the board's own (apresentacao.ts).
 */
export function createTalaoCozinha({ db, repo, catalogo, log }: Contexto) {
  async function produtosDaLoja(idLoja: number): Promise<ProdutoCatalogo[]> {
    try {
      return (await catalogo.catalogo(idLoja)).categorias.flatMap((c) => c.produtos)
    } catch (error) {
      // A store with no menu now (or no orders from the app any more) still prints what was ordered, its allergens
      // printed as unknown.
      log.warn({ idLoja, err: (error as Error).message }, 'kitchen ticket without the menu: allergens unknown')
      return []
    }
  }

  async function paraTalao(p: Encomenda): Promise<TalaoCozinha> {
    const o = paraLoja(p, [])
    const carrinho = carrinhoDe(p.carrinho)
    const codigos = carrinho?.length === o.linhas.length ? carrinho : null
    const produtos = await produtosDaLoja(p.id_loja)
    const porId = new Map(produtos.map((x) => [x.id, x]))
    const porNome = new Map(produtos.map((x) => [x.nome, x]))
    return {
      id: o.id,
      id_loja: p.id_loja,
      codigo: o.codigo,
      nome: o.nome,
      id_tipo_entrega: o.id_tipo_entrega,
      levantar_em: o.levantar_em,
      preparar_em: o.preparar_em,
      mesa: o.mesa,
      verificar_idade: o.verificar_idade,
      recipiente_proprio: o.recipiente_proprio,
      criada_em: o.criada_em,
      linhas: o.linhas.map((l, i) => {
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
    talao: {
      /**
       * The printer's job, which names its order: its ticket; 'cancelada' when the order was cancelled (nothing to
       * print, and the menu not read); undefined when the order is not there or never reached a board.
       */
      async ler(id: number): Promise<TalaoCozinha | 'cancelada' | undefined> {
        const p = await repo.find(id)
        if (!p || !naLoja(p)) return undefined
        return p.estado === ESTADO.cancelado ? 'cancelada' : paraTalao(p)
      },

      /**
       * A store asking for a reprint: only an order on its board (unknown or never paid, 404; another store's, 403, as
       * the board's other routes answer); whether it was cancelled. The order alone is read, not the menu.
       */
      async paraReimprimir(id: number, idLoja: number): Promise<{ cancelada: boolean }> {
        const p = daLojaOuErro(await repo.find(id), idLoja)
        return { cancelada: p.estado === ESTADO.cancelado }
      },

      /** Of these orders, those on the store's board and not cancelled, each with its code: id → code. */
      async codigosPorImprimir(idLoja: number, ids: number[]): Promise<Map<number, string>> {
        // As the board's day list reads them: its code is that list's (paraHoje), not one made here again.
        const encomendas = await encomendasRepo(db).listLojaPorIds(idLoja, ids)
        return new Map(encomendas.map((p) => [p.id, paraHoje(p).codigo]))
      },
    },
  }
}
