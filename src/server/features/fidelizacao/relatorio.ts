import { sql } from 'kysely'
import type { Database } from '../../platform/db.ts'
import type { JanelaRelatorio } from '../../platform/relatorios.ts'

export interface LoyaltyPorLoja {
  id_loja: number
  credito_emitido: number
  credito_usado: number
  pontos_ganhos: number
  clientes_ativos: number
  /** Rewards redeemed by the window's purchases (the birthday's too), less those their full refunds gave back. */
  premios_usados: number
  /** Cents those rewards took off the bills (a purchase refunded whole, its reward given back, takes none off). */
  desconto_premios: number
}

/**
 * What one promotion added to the window's purchases (decision 0052), net of their refunds: a refund takes back each
 * promotion's points and credit in the proportion it took back of the purchase, rounded as the ledger rounds
 * (`ledger.ts` `devolucao`: half up, on the running total refunded); a purchase refunded whole is not counted.
 */
export interface PromocaoNoRelatorio {
  promocao_id: number
  nome: string
  compras: number
  pontos: number
  credito: number
  /** The newest of those purchases (0: none left), whose name for it the back-office shows when it was renamed. */
  ultima_compra: number
}

export interface OpinioesPorLoja {
  id_loja: number
  opinioes: number
  rating1: number | null
  rating2: number | null
  rating3: number | null
}

/** Credit issued and used, per UTC hour ('YYYY-MM-DDTHH'): the back-office folds the hours into Lisbon days. */
export interface LoyaltyPorHora {
  hora: string
  credito_emitido: number
  credito_usado: number
}

const n = (v: unknown) => Number(v ?? 0)

/**
 * The ledger's and the opinions' figures for the back-office's reports (decision 0020, decision 0019). A purchase counts on
 * its own day, net of its refunds whenever they came (a refund is dated by the purchase it undoes, as a cancelled order
 * leaves the sales of the day it was paid): a period's figures never go negative, and credit issued, credit used and
 * sales follow one rule. An order's hold on the balance ('reserva', 'libertacao') is not a use: its purchase is.
 * Active customers made at least one purchase in the window. Rewards (decision 0051) are those the purchases redeemed:
 * a refund gives them back only when it completes the purchase, and the amount a reward took off goes with it. A
 * birthday reward (decision 0053) counts while its row still names the purchase.
 */
export function createRelatorioFidelizacao(db: Database) {
  /** The purchase still holds the birthday reward it used (decision 0053: a full refund gives it back). */
  const usaAniversario = sql`exists (select 1 from premios_aniversario a where a.transacao_id = transacoes.id)`

  const compras = (j: JanelaRelatorio) =>
    db
      .selectFrom('transacoes')
      .where('tipo', '=', 'compra')
      .where('id_loja', 'in', j.idsLoja)
      .where('criado_em', '>=', j.desde)
      .where('criado_em', '<', j.ate)

  /** The refunds of the window's purchases, each on its purchase's store and hour. */
  const devolucoes = (j: JanelaRelatorio) =>
    db
      .selectFrom('transacoes as c')
      .innerJoin('transacoes as d', (join) => join.onRef('d.compra_id', '=', 'c.id').on('d.tipo', '=', 'devolucao'))
      .where('c.tipo', '=', 'compra')
      .where('c.id_loja', 'in', j.idsLoja)
      .where('c.criado_em', '>=', j.desde)
      .where('c.criado_em', '<', j.ate)

  return {
    async porLoja(j: JanelaRelatorio): Promise<{ lojas: LoyaltyPorLoja[]; clientesAtivos: number }> {
      if (j.idsLoja.length === 0) return { lojas: [], clientesAtivos: 0 }
      const [feitas, desfeitas, todos] = await Promise.all([
        compras(j)
          .select((eb) => [
            'id_loja',
            eb.fn.sum<number>('saldo_adicionado').as('emitido'),
            eb.fn.sum<number>('saldo_removido').as('usado'),
            eb.fn.sum<number>('pontos_ganhos').as('pontos'),
            sql<number>`count(distinct utilizador_id)`.as('clientes'),
            eb.fn.sum<number>('itens_redimidos').as('premios'),
            sql<number>`sum(case when ${usaAniversario} then 1 else 0 end)`.as('aniversarios'),
            // A birthday reward given back (its purchase refunded whole) no longer names the purchase: none taken off.
            sql<number>`sum(case when itens_redimidos = 0 and not ${usaAniversario} then 0 else desconto_premio end)`.as(
              'desconto_premios',
            ),
          ])
          .groupBy('id_loja')
          .execute(),
        devolucoes(j)
          .select((eb) => [
            'c.id_loja as id_loja',
            eb.fn.sum<number>('d.saldo_removido').as('retirado'),
            eb.fn.sum<number>('d.saldo_adicionado').as('devolvido'),
            eb.fn.sum<number>('d.pontos_ganhos').as('pontos'),
            // Negative on the refund that completes a purchase: its rewards given back, and what they took off with them.
            eb.fn.sum<number>('d.itens_redimidos').as('premios'),
            sql<number>`sum(case when d.itens_redimidos < 0 then c.desconto_premio else 0 end)`.as('desconto_premios'),
          ])
          .groupBy('c.id_loja')
          .execute(),
        compras(j).select(sql<number>`count(distinct utilizador_id)`.as('clientes')).executeTakeFirst(),
      ])
      return {
        lojas: feitas.map((f) => {
          const d = desfeitas.find((x) => x.id_loja === f.id_loja)
          return {
            id_loja: f.id_loja,
            credito_emitido: n(f.emitido) - n(d?.retirado),
            credito_usado: n(f.usado) - n(d?.devolvido),
            // A refund's points are negative (taken back).
            pontos_ganhos: n(f.pontos) + n(d?.pontos),
            clientes_ativos: n(f.clientes),
            premios_usados: n(f.premios) + n(f.aniversarios) + n(d?.premios),
            desconto_premios: n(f.desconto_premios) - n(d?.desconto_premios),
          }
        }),
        clientesAtivos: n(todos?.clientes),
      }
    },

    async porHora(j: JanelaRelatorio): Promise<LoyaltyPorHora[]> {
      if (j.idsLoja.length === 0) return []
      const hora = sql<string>`substr(criado_em, 1, 13)`
      const horaDaCompra = sql<string>`substr(c.criado_em, 1, 13)`
      const [feitas, desfeitas] = await Promise.all([
        compras(j)
          .select((eb) => [
            hora.as('hora'),
            eb.fn.sum<number>('saldo_adicionado').as('emitido'),
            eb.fn.sum<number>('saldo_removido').as('usado'),
          ])
          .groupBy(hora)
          .execute(),
        devolucoes(j)
          .select((eb) => [
            horaDaCompra.as('hora'),
            eb.fn.sum<number>('d.saldo_removido').as('retirado'),
            eb.fn.sum<number>('d.saldo_adicionado').as('devolvido'),
          ])
          .groupBy(horaDaCompra)
          .execute(),
      ])
      return feitas.map((f) => {
        const d = desfeitas.find((x) => x.hora === f.hora)
        return {
          hora: f.hora,
          credito_emitido: n(f.emitido) - n(d?.retirado),
          credito_usado: n(f.usado) - n(d?.devolvido),
        }
      })
    },

    /**
     * The promotions the window's purchases earned under, one row per promotion and name recorded (a promotion renamed
     * meanwhile has several: the back-office joins them under the newest). Each purchase's refunds are summed first, so
     * that what they took back is rounded once, as the ledger's running total is: exact integers on both databases
     * (integer division of non-negative integers is the floor on both).
     */
    async promocoes(j: JanelaRelatorio): Promise<PromocaoNoRelatorio[]> {
      if (j.idsLoja.length === 0) return []
      const porCompra = db
        .selectFrom('transacoes_promocoes as tp')
        .innerJoin('transacoes as c', 'c.id', 'tp.transacao_id')
        .where('c.tipo', '=', 'compra')
        .where('c.id_loja', 'in', j.idsLoja)
        .where('c.criado_em', '>=', j.desde)
        .where('c.criado_em', '<', j.ate)
        .select((eb) => [
          'tp.promocao_id',
          'tp.nome',
          'tp.pontos',
          'tp.credito',
          'c.id as compra',
          'c.valor_pago as pago',
          eb
            .selectFrom('transacoes as d')
            .whereRef('d.compra_id', '=', 'c.id')
            .where('d.tipo', '=', 'devolucao')
            .select((e) => e.fn.coalesce(e.fn.sum<number>('d.valor_devolvido'), e.lit(0)).as('s'))
            .as('devolvido'),
          eb
            .selectFrom('transacoes as d')
            .whereRef('d.compra_id', '=', 'c.id')
            .where('d.tipo', '=', 'devolucao')
            .select((e) => e.fn.countAll<number>().as('n'))
            .as('devolucoes'),
        ])
      // Refunded whole: what was paid all given back (a purchase paid wholly with balance, by its one refund of 0).
      const desfeita = sql`p.devolucoes > 0 and p.devolvido >= p.pago`
      // What is left of `x` once `devolvido` of `pago` was refunded: x − round half up(x × devolvido / pago).
      const resta = (x: 'pontos' | 'credito') => {
        const v = sql.ref(`p.${x}`)
        return sql<number>`sum(case when ${desfeita} then 0 when p.pago = 0 then ${v}
          else ${v} - (2 * ${v} * p.devolvido + p.pago) / (2 * p.pago) end)`
      }
      const rows = await db
        .selectFrom(porCompra.as('p'))
        .select([
          'p.promocao_id',
          'p.nome',
          sql<number>`sum(case when ${desfeita} then 0 else 1 end)`.as('compras'),
          resta('pontos').as('pontos'),
          resta('credito').as('credito'),
          sql<number | null>`max(case when ${desfeita} then null else p.compra end)`.as('ultima_compra'),
        ])
        .groupBy(['p.promocao_id', 'p.nome'])
        .execute()
      return rows.map((r) => ({
        promocao_id: r.promocao_id,
        nome: r.nome,
        compras: n(r.compras),
        pontos: n(r.pontos),
        credito: n(r.credito),
        ultima_compra: n(r.ultima_compra),
      }))
    },

    /** Opinions given in the window, with each criterion's average over those that rated it. */
    async opinioes(j: JanelaRelatorio): Promise<OpinioesPorLoja[]> {
      if (j.idsLoja.length === 0) return []
      const rows = await db
        .selectFrom('opinioes')
        .where('criado_em', '>=', j.desde)
        .where('criado_em', '<', j.ate)
        .where('id_loja', 'in', j.idsLoja)
        .select((eb) => [
          'id_loja',
          eb.fn.countAll<number>().as('opinioes'),
          eb.fn.avg<number>('rating1').as('r1'),
          eb.fn.avg<number>('rating2').as('r2'),
          eb.fn.avg<number>('rating3').as('r3'),
        ])
        .groupBy('id_loja')
        .execute()
      const media = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v) * 100) / 100)
      return rows.map((r) => ({
        id_loja: r.id_loja,
        opinioes: n(r.opinioes),
        rating1: media(r.r1),
        rating2: media(r.r2),
        rating3: media(r.r3),
      }))
    },
  }
}

export type RelatorioFidelizacao = ReturnType<typeof createRelatorioFidelizacao>
