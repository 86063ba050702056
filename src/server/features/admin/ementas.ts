import type { z } from 'zod'
import {
  ENCERRAMENTO_MAX_DIAS,
  type EncerramentoAdmin,
  type EncerramentoSchema,
  type MarcaProdutoSchema,
  type ProdutoAdmin,
} from '../../../shared/admin-ementas.ts'
import { diaNoFuso } from '../../../shared/fusos.ts'
import { DAY, isoNow } from '../../platform/clock.ts'
import { HttpError, notFound } from '../../platform/errors.ts'
import type { Encerramento } from '../restaurantes/service.ts'
import { type AdminDeps, atorDe, auditar, type Staff } from './context.ts'
import { lojaAoAlcance } from './lojas.ts'
import type { AdminFeatures } from './service.ts'

export const ementasMensagens = {
  produtoNaoExiste: 'Este produto não está na ementa da loja.',
  ateAntesDe: 'O último dia não pode ser anterior ao primeiro.',
  ateNoPassado: 'Escolha um último dia de hoje em diante.',
  longo: `Um encerramento dura no máximo ${ENCERRAMENTO_MAX_DIAS} dias. Para mais, pause as encomendas da loja.`,
  encerramentoNaoExiste: 'Este encerramento não existe.',
} as const

const invalido = (campo: string, message: string) =>
  new HttpError(400, message, 'Dados inválidos', { [campo]: message })

const vistaEncerramento = (e: Encerramento): EncerramentoAdmin => ({
  id: e.id,
  id_loja: e.id_loja,
  de: e.de,
  ate: e.ate,
  motivo: e.motivo,
})

/**
 * Stores at work from the back-office, beside the pause (lojas.ts): products sold out for today (the menus are
 * features/encomendas') and the days a store is closed beyond its weekly hours (the stores are features/restaurantes').
 * Each change is audited in its transaction, within the staff member's reach (an admin all stores, a gestor their
 * restaurants', a store its own).
 */
export function createAdminEmentas({ db, clock, lojas }: AdminDeps, catalogo: AdminFeatures['catalogo']) {
  return {
    /** The products a customer may order from the store, with whether each is sold out today. */
    async produtos(staff: Staff, idLoja: number): Promise<ProdutoAdmin[]> {
      await lojaAoAlcance(lojas, staff, idLoja)
      return catalogo.produtosGestao(idLoja)
    },

    /**
     * Marks a product sold out for today (back by itself the next day, the store's date in its zone) or orderable again.
     * A product already so stays as it is, and nothing is written.
     */
    async esgotar(staff: Staff, idLoja: number, codProduto: string, esgotado: boolean, ip: string) {
      await lojaAoAlcance(lojas, staff, idLoja)
      const produto = (await catalogo.produtosGestao(idLoja)).find((p) => p.cod_produto === codProduto)
      if (!produto) throw notFound(ementasMensagens.produtoNaoExiste)
      if (produto.esgotado === esgotado) return produto
      const depois = { ...produto, esgotado }
      await db.transaction().execute(async (trx) => {
        const { fuso } = await lojaAoAlcance(lojas, staff, idLoja, trx)
        await catalogo.definirEsgotado(trx, idLoja, codProduto, esgotado, fuso)
        const dia = diaNoFuso(clock.now(), fuso)
        await auditar(trx, clock, atorDe(staff, ip), {
          acao: esgotado ? 'produto.esgotar' : 'produto.repor',
          entidade: 'produto',
          entidadeId: `${idLoja}/${codProduto}`,
          antes: { id_loja: idLoja, ...produto, dia },
          depois: { id_loja: idLoja, ...depois, dia },
        })
      })
      catalogo.esgotadosAlterados(idLoja)
      return depois
    },

    /**
     * Marks a product alcoholic (sold to adults only) and sets its take-away packaging (decision 0037), as the POS
     * may not say. What the POS says stands: its `restricted` is not taken off here, its `embalagem` wins over this one.
     * The same marks again write nothing.
     */
    async marcar(
      staff: Staff,
      idLoja: number,
      { cod_produto: codProduto, alcoolico, embalagem }: z.output<typeof MarcaProdutoSchema>,
      ip: string,
    ): Promise<ProdutoAdmin> {
      await lojaAoAlcance(lojas, staff, idLoja)
      const produto = (await catalogo.produtosGestao(idLoja)).find((p) => p.cod_produto === codProduto)
      if (!produto) throw notFound(ementasMensagens.produtoNaoExiste)
      if (produto.alcoolico === alcoolico && produto.embalagem === embalagem) return produto
      const depois: ProdutoAdmin = {
        ...produto,
        alcoolico,
        embalagem,
        apenas_maiores: produto.restrito_pos || alcoolico,
        embalagem_efetiva: produto.embalagem_pos ?? embalagem,
      }
      const marcas = (p: ProdutoAdmin) => ({
        id_loja: idLoja,
        nome: p.nome,
        alcoolico: p.alcoolico,
        embalagem: p.embalagem,
      })
      await db.transaction().execute(async (trx) => {
        await lojaAoAlcance(lojas, staff, idLoja, trx)
        await catalogo.definirMarca(trx, idLoja, codProduto, { alcoolico, embalagem })
        await auditar(trx, clock, atorDe(staff, ip), {
          acao: 'produto.marcar',
          entidade: 'produto',
          entidadeId: `${idLoja}/${codProduto}`,
          antes: marcas(produto),
          depois: marcas(depois),
        })
      })
      catalogo.marcasAlteradas(idLoja)
      return depois
    },

    /** The store's closures that have not ended (today's included), the earliest first. */
    async encerramentos(staff: Staff, idLoja: number): Promise<EncerramentoAdmin[]> {
      const { fuso } = await lojaAoAlcance(lojas, staff, idLoja)
      return (await lojas.encerramentos([idLoja], diaNoFuso(clock.now(), fuso))).map(vistaEncerramento)
    },

    /** Closes the store for orders from `de` to `ate` (inclusive, the store's dates), with an optional label. */
    async adicionarEncerramento(
      staff: Staff,
      idLoja: number,
      { de, ate, motivo }: z.output<typeof EncerramentoSchema>,
      ip: string,
    ): Promise<EncerramentoAdmin> {
      if (ate < de) throw invalido('ate', ementasMensagens.ateAntesDe)
      if ((Date.parse(ate) - Date.parse(de)) / DAY + 1 > ENCERRAMENTO_MAX_DIAS) {
        throw invalido('ate', ementasMensagens.longo)
      }
      return db.transaction().execute(async (trx) => {
        const { fuso } = await lojaAoAlcance(lojas, staff, idLoja, trx)
        if (ate < diaNoFuso(clock.now(), fuso)) throw invalido('ate', ementasMensagens.ateNoPassado)
        const novo = { id_loja: idLoja, de, ate, motivo }
        const id = await lojas.adicionarEncerramento(trx, novo, isoNow(clock))
        const depois = vistaEncerramento({ id, ...novo })
        await auditar(trx, clock, atorDe(staff, ip), {
          acao: 'loja.encerramento.adicionar',
          entidade: 'loja_encerramento',
          entidadeId: id,
          depois,
        })
        return depois
      })
    },

    /** Removes a closure of the store (404 when the store has none of this id). */
    async removerEncerramento(staff: Staff, idLoja: number, id: number, ip: string): Promise<EncerramentoAdmin> {
      return db.transaction().execute(async (trx) => {
        await lojaAoAlcance(lojas, staff, idLoja, trx)
        const antes = await lojas.removerEncerramento(trx, idLoja, id)
        if (!antes) throw notFound(ementasMensagens.encerramentoNaoExiste)
        await auditar(trx, clock, atorDe(staff, ip), {
          acao: 'loja.encerramento.remover',
          entidade: 'loja_encerramento',
          entidadeId: id,
          antes: vistaEncerramento(antes),
        })
        return vistaEncerramento(antes)
      })
    },
  }
}
