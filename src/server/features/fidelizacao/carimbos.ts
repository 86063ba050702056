import type { Selectable } from 'kysely'
import {
  CARIMBOS_POR_COMPRA,
  type CarimbosCliente,
  type CarimbosMovimento,
  type CartaoCarimbos,
  type CartaoCarimbosDados,
  carimbosMensagens,
  lerCodigos,
  type OfertaCarimbos,
} from '../../../shared/carimbos.ts'
import type { ProdutoComprado } from '../../../shared/fidelizacao.ts'
import type { CartoesCarimbosTable } from '../../db/schema.ts'
import { type Clock, isoNow } from '../../platform/clock.ts'
import { type Database, type DatabaseTransaction, lockInTransaction } from '../../platform/db.ts'
import { fieldError, HttpError, notFound } from '../../platform/errors.ts'
import {
  aplicarCarimbos,
  type CompraCarimbos,
  carimbosDaCompra,
  carimbosDaDevolucao,
  type EfeitoCarimbos,
  type SaldoCarimbos,
  SEM_CARIMBOS,
} from './ledger-carimbos.ts'

/** Told inside the change's transaction (the back-office's audit entry), with the card before and after. */
export type RegistoCartaoCarimbos = (
  trx: DatabaseTransaction,
  antes: CartaoCarimbos | null,
  depois: CartaoCarimbos,
) => Promise<void>

type Cartao = Selectable<CartoesCarimbosTable>

const vista = (r: Cartao): CartaoCarimbos => ({
  id: r.id,
  nome: r.nome,
  codigos: lerCodigos(r.codigos),
  por_oferta: r.por_oferta,
  ativo: r.ativo === 1,
  alterado_em: r.alterado_em,
})

/** The units of a card's products on a bill (or a refund) that lists them. */
function unidadesDe(cartao: Cartao, produtos: readonly ProdutoComprado[]): number {
  const codigos = new Set(lerCodigos(cartao.codigos))
  return produtos.filter((p) => codigos.has(p.cod_produto)).reduce((soma, p) => soma + p.quantidade, 0)
}

/**
 * The stamp cards (decision 0057): set in the back-office, stamped by the till's purchases and the app's orders in the
 * ledger movement's own transaction (the customer's ledger lock held), undone by their refunds.
 */
export function createCarimbos(ctx: { db: Database; clock: Clock }) {
  const { db, clock } = ctx

  const cartoes = (ex: Database) => ex.selectFrom('cartoes_carimbos').selectAll().orderBy('id').execute()

  /** Each card's newest movement of this customer: where the card stands. */
  async function ultimos(ex: Database, utilizadorId: number) {
    const rows = await ex
      .selectFrom('carimbos_movimentos')
      .selectAll()
      .where('utilizador_id', '=', utilizadorId)
      .where('id', 'in', (q) =>
        q
          .selectFrom('carimbos_movimentos')
          .select((eb) => eb.fn.max('id').as('id'))
          .where('utilizador_id', '=', utilizadorId)
          .groupBy('cartao_id'),
      )
      .execute()
    return new Map(rows.map((r) => [r.cartao_id, r]))
  }

  const saldoDe = (m: { carimbos_actual: number; ofertas_actual: number } | undefined): SaldoCarimbos =>
    m ? { carimbos: m.carimbos_actual, ofertas: m.ofertas_actual } : SEM_CARIMBOS

  async function escrever(
    trx: DatabaseTransaction,
    m: {
      utilizadorId: number
      cartao: Cartao
      transacaoId: number
      compraId: number | null
      porOferta: number
      antes: SaldoCarimbos
      efeito: EfeitoCarimbos
      retirados?: number
    },
  ): Promise<CarimbosMovimento> {
    const depois = aplicarCarimbos(m.antes, m.efeito)
    await trx
      .insertInto('carimbos_movimentos')
      .values({
        utilizador_id: m.utilizadorId,
        cartao_id: m.cartao.id,
        transacao_id: m.transacaoId,
        compra_id: m.compraId,
        por_oferta: m.porOferta,
        carimbos_anterior: m.antes.carimbos,
        carimbos_actual: depois.carimbos,
        ofertas_anterior: m.antes.ofertas,
        ofertas_actual: depois.ofertas,
        carimbos_retirados: m.retirados ?? 0,
        criado_em: isoNow(clock),
        ...m.efeito,
      })
      .execute()
    return {
      cartao_id: m.cartao.id,
      nome: m.cartao.nome,
      carimbos_ganhos: m.efeito.carimbos_ganhos,
      ofertas_ganhas: m.efeito.ofertas_ganhas,
      ofertas_usadas: m.efeito.ofertas_usadas,
      carimbos: depois.carimbos,
      ofertas: depois.ofertas,
    }
  }

  const porId = (ex: Database, id: number) =>
    ex.selectFrom('cartoes_carimbos').selectAll().where('id', '=', id).executeTakeFirst()

  const valores = (d: CartaoCarimbosDados) => ({
    nome: d.nome,
    codigos: d.codigos.join('\n'),
    por_oferta: d.por_oferta,
    ativo: d.ativo ? (1 as const) : (0 as const),
  })

  return {
    listar: async (): Promise<CartaoCarimbos[]> => (await cartoes(db)).map(vista),

    async criar(d: CartaoCarimbosDados, registar: RegistoCartaoCarimbos): Promise<CartaoCarimbos> {
      const agora = isoNow(clock)
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('cartoes_carimbos')
          .values({ ...valores(d), criado_em: agora, alterado_em: agora })
          .returningAll()
          .executeTakeFirstOrThrow()
        await registar(trx, null, vista(row))
        return vista(row)
      })
    },

    /** From the next purchase on: stamps and offers held stay; a card made longer converts at the next purchase. */
    async editar(id: number, d: CartaoCarimbosDados, registar: RegistoCartaoCarimbos): Promise<CartaoCarimbos> {
      const agora = isoNow(clock)
      return db.transaction().execute(async (trx) => {
        await lockInTransaction(trx, 'carimbos', id)
        const antes = await porId(trx, id)
        if (!antes) throw notFound(carimbosMensagens.naoExiste)
        const row = await trx
          .updateTable('cartoes_carimbos')
          .set({ ...valores(d), alterado_em: agora })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow()
        await registar(trx, vista(antes), vista(row))
        return vista(row)
      })
    },

    /**
     * The customer's cards, as the app and the till show them: every active card, and an ended one while it still
     * holds offers or stamps. `ex`: the caller's transaction.
     */
    async doCliente(utilizadorId: number, ex: Database = db): Promise<CarimbosCliente[]> {
      const [todos, porCartao] = await Promise.all([cartoes(ex), ultimos(ex, utilizadorId)])
      return todos
        .map((c) => ({ c, s: saldoDe(porCartao.get(c.id)) }))
        .filter(({ c, s }) => c.ativo === 1 || s.carimbos > 0 || s.ofertas > 0)
        .map(({ c, s }) => ({ cartao_id: c.id, nome: c.nome, por_oferta: c.por_oferta, ...s }))
    },

    /**
     * A purchase's stamps, written with its ledger movement (`transacaoId`), the customer's ledger lock held: the units
     * of each card's products on the bill stamp it (none for a registration not complete, `ganha` false), the offers
     * used come off (409 when the card holds fewer; 422 for a card that does not exist). Cards the purchase does not
     * touch get no row.
     */
    async naCompra(
      trx: DatabaseTransaction,
      m: {
        utilizadorId: number
        transacaoId: number
        produtos: readonly ProdutoComprado[]
        ofertas: readonly OfertaCarimbos[]
        ganha: boolean
        /** The customer was identified at the counter (or ordered in the app): a larger bill stamps in full. */
        identificado: boolean
      },
    ): Promise<CarimbosMovimento[]> {
      if (m.produtos.length === 0 && m.ofertas.length === 0) return []
      const todos = await cartoes(trx)
      for (const o of m.ofertas) {
        if (!todos.some((c) => c.id === o.cartao_id)) {
          throw fieldError('ofertas_carimbos', carimbosMensagens.cartaoDesconhecido)
        }
      }
      const porCartao = await ultimos(trx, m.utilizadorId)
      const feitos: CarimbosMovimento[] = []
      for (const cartao of todos) {
        const ofertasAUsar = m.ofertas.filter((o) => o.cartao_id === cartao.id).reduce((s, o) => s + o.quantidade, 0)
        // An ended card stamps no more; its offers stay usable.
        const teto = m.identificado ? CARIMBOS_POR_COMPRA.identificado : CARIMBOS_POR_COMPRA.semIdentificacao
        const unidades = cartao.ativo === 1 ? Math.min(unidadesDe(cartao, m.produtos), teto) : 0
        if (unidades === 0 && ofertasAUsar === 0) continue
        const antes = saldoDe(porCartao.get(cartao.id))
        const r = carimbosDaCompra(antes, { unidades, ofertasAUsar, porOferta: cartao.por_oferta, ganha: m.ganha })
        if ('recusa' in r) throw new HttpError(409, carimbosMensagens.ofertasInsuficientes, 'Ofertas insuficientes')
        if (Object.values(r.efeito).every((v) => v === 0)) continue
        feitos.push(
          await escrever(trx, {
            utilizadorId: m.utilizadorId,
            cartao,
            transacaoId: m.transacaoId,
            compraId: null,
            porOferta: cartao.por_oferta,
            antes,
            efeito: r.efeito,
          }),
        )
      }
      return feitos
    },

    /**
     * A refund's stamps (`transacaoId`, its ledger movement), for each card its purchase (`compraId`) stamped: see
     * ledger-carimbos.ts `carimbosDaDevolucao`. `produtos`: the units the refund lists, when the POS lists them.
     */
    async naDevolucao(
      trx: DatabaseTransaction,
      m: {
        utilizadorId: number
        compraId: number
        transacaoId: number
        completa: boolean
        parte: (x: number) => number
        produtos: readonly ProdutoComprado[] | null
      },
    ): Promise<CarimbosMovimento[]> {
      const daCompra = await trx
        .selectFrom('carimbos_movimentos')
        .selectAll()
        .where((eb) => eb.or([eb('transacao_id', '=', m.compraId), eb('compra_id', '=', m.compraId)]))
        .orderBy('id')
        .execute()
      const compras = daCompra.filter((r) => r.transacao_id === m.compraId)
      if (compras.length === 0) return []
      const todos = new Map((await cartoes(trx)).map((c) => [c.id, c]))
      const porCartao = await ultimos(trx, m.utilizadorId)
      const feitos: CarimbosMovimento[] = []
      for (const compra of compras) {
        const cartao = todos.get(compra.cartao_id)
        if (!cartao) continue
        const anteriores = daCompra.filter((r) => r.compra_id === m.compraId && r.cartao_id === compra.cartao_id)
        const original: CompraCarimbos = {
          efeito: {
            carimbos_ganhos: compra.carimbos_ganhos,
            carimbos_convertidos: compra.carimbos_convertidos,
            ofertas_ganhas: compra.ofertas_ganhas,
            ofertas_usadas: compra.ofertas_usadas,
          },
          porOferta: compra.por_oferta,
          retirados: anteriores.reduce((s, r) => s + r.carimbos_retirados, 0),
          ofertasRevertidas: anteriores.reduce((s, r) => s - r.ofertas_ganhas, 0),
        }
        const antes = saldoDe(porCartao.get(compra.cartao_id))
        const d = carimbosDaDevolucao(antes, original, {
          completa: m.completa,
          unidades: m.produtos ? unidadesDe(cartao, m.produtos) : null,
          parte: m.parte,
        })
        if (d.retirados === 0 && Object.values(d.efeito).every((v) => v === 0)) continue
        feitos.push(
          await escrever(trx, {
            utilizadorId: m.utilizadorId,
            cartao,
            transacaoId: m.transacaoId,
            compraId: m.compraId,
            porOferta: compra.por_oferta,
            antes,
            efeito: d.efeito,
            retirados: d.retirados,
          }),
        )
      }
      return feitos
    },
  }
}

export type CarimbosFidelizacao = ReturnType<typeof createCarimbos>
