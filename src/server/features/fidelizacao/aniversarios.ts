import type { ExpressionBuilder } from 'kysely'
import { diaEmLisboa, formatDia } from '../../../shared/format.ts'
import {
  aniversarioMensagens,
  type DefinicaoAniversario,
  type PremioAniversario,
  type PremioAniversarioDados,
} from '../../../shared/premios-aniversario.ts'
import { descricaoPremio, usavelAoEncomendar } from '../../../shared/premios-textos.ts'
import type { DB } from '../../db/schema.ts'
import { isoNow, lisbonToday } from '../../platform/clock.ts'
import type { Database, DatabaseTransaction } from '../../platform/db.ts'
import { HttpError } from '../../platform/errors.ts'
import { imagemExistente } from '../../platform/images.ts'
import type { FidelizacaoContext } from './context.ts'

/** Told inside the change's transaction (the back-office's audit entry), with the definition before and after. */
export type RegistoAniversario = (
  trx: DatabaseTransaction,
  antes: PremioAniversario | null,
  depois: PremioAniversario,
) => Promise<void>

/** How many customers' rewards one look-up of those already given reads at once (a bound on the query's size). */
const LOTE = 500

/** `YYYY-MM-DD` plus `dias` calendar days. */
export function somarDias(dia: string, dias: number): string {
  const d = new Date(`${dia}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + dias)
  return d.toISOString().slice(0, 10)
}

const bissexto = (ano: number) => (ano % 4 === 0 && ano % 100 !== 0) || ano % 400 === 0

/** The birth dates (`MM-DD`) whose birthday is `dia`: on 28 February of a common year, 29 February's too. */
export function aniversariosDoDia(dia: string): string[] {
  const mesDia = dia.slice(5)
  return mesDia === '02-28' && !bissexto(Number(dia.slice(0, 4))) ? ['02-28', '02-29'] : [mesDia]
}

type Definicao = PremioAniversario & { criado_em: string }

/**
 * An order asks for a birthday reward the customer no longer has to use: used or ended, or (`reservado`) held by
 * another order whose payment is pending.
 */
export function semAniversarioEncomenda(reservado = false): HttpError {
  const { semAniversarioEncomenda, aniversarioReservado } = aniversarioMensagens
  const message = reservado ? aniversarioReservado : semAniversarioEncomenda
  return new HttpError(409, message, 'Sem prémio de aniversário', { usar_premio_aniversario: message })
}

/**
 * A reward given back (a failed payment, a cancel, a refund) is usable at least until the end of today, as what the
 * customer was given back: its last day may have passed while the payment was on its way or before the refund.
 */
const devolvido = (hoje: string) => ({
  transacao_id: null,
  usado_em: null,
  valido_ate: (eb: ExpressionBuilder<DB, 'premios_aniversario'>) =>
    eb.case().when('valido_ate', '<', hoje).then(hoje).else(eb.ref('valido_ate')).end(),
})

/** The holds an order's checkout wrote (its reference names the order). */
const reservasDe = (trx: DatabaseTransaction, utilizadorId: number, referencia: string) =>
  trx
    .selectFrom('transacoes')
    .select('id')
    .where('utilizador_id', '=', utilizadorId)
    .where('tipo', '=', 'reserva')
    .where('referencia', '=', referencia)

/**
 * The birthday reward (decision 0053). The back-office defines what it gives and for how many days; on the customer's
 * birthday (Lisbon) a job gives one to each complete registration with a birth date, with a notification in the same
 * transaction. One per customer and year is the table's unique key, so two processes, or the job run twice, give one.
 * The till uses it by itself in a purchase, under the customer's ledger lock; a full refund of that purchase gives it
 * back.
 */
export function createAniversarios(ctx: FidelizacaoContext) {
  const { db, clock, conta, notificar, onMovimento, aoMovimentar } = ctx

  async function definicaoAtual(ex: Database = db): Promise<Definicao | null> {
    const row = await ex
      .selectFrom('premios')
      .select(['id', 'nome', 'tipo', 'valor', 'cod_produto', 'imagem', 'validade_dias', 'ativo', 'criado_em'])
      .where('finalidade', '=', 'aniversario')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()
    return row ? { ...row, ativo: row.ativo === 1 } : null
  }

  const semData = ({ criado_em: _, ...p }: Definicao): PremioAniversario => p

  /** Only an account still there gets one back: an erased one keeps only which purchase used it (`esquecerCliente`). */
  const contaAtiva = async (trx: DatabaseTransaction, utilizadorId: number) =>
    (await conta.clienteById(utilizadorId, trx)) !== undefined

  return {
    definicaoAtual,

    async ler(): Promise<DefinicaoAniversario> {
      const atual = await definicaoAtual()
      return { atual: atual && semData(atual), definido_em: atual?.criado_em ?? null }
    },

    /** A new definition (the old one is kept: a purchase names the one it used). */
    async definir(dados: PremioAniversarioDados, registar: RegistoAniversario): Promise<DefinicaoAniversario> {
      if (dados.imagem !== null) await imagemExistente(db, dados.imagem)
      const criadoEm = isoNow(clock)
      return db.transaction().execute(async (trx) => {
        const antes = await definicaoAtual(trx)
        const novo = await trx
          .insertInto('premios')
          .values({
            finalidade: 'aniversario',
            nome: dados.nome,
            tipo: dados.tipo,
            valor: dados.tipo === 'valor' ? dados.valor : 0,
            cod_produto: dados.cod_produto,
            imagem: dados.imagem,
            validade_dias: dados.validade_dias,
            ativo: dados.ativo ? 1 : 0,
            criado_em: criadoEm,
          })
          .returning(['id', 'nome', 'tipo', 'valor', 'cod_produto', 'imagem', 'validade_dias', 'ativo', 'criado_em'])
          .executeTakeFirstOrThrow()
        const depois = semData({ ...novo, ativo: novo.ativo === 1 })
        await registar(trx, antes && semData(antes), depois)
        return { atual: depois, definido_em: criadoEm }
      })
    },

    /**
     * The day's job: each customer whose birthday is today in Lisbon, with a complete registration, gets this year's
     * reward and is told, once. Run hourly (a process down at midnight gives it when it starts); how many it gave.
     * `agora` is the clock's unless a development run says which instant it is (`POST /api/dev/aniversarios`).
     */
    async atribuir(agora: Date = clock.now()): Promise<number> {
      const definicao = await definicaoAtual()
      if (!definicao?.ativo) return 0
      const hoje = diaEmLisboa(agora)
      const ano = Number(hoje.slice(0, 4))
      const ids = await conta.aniversariantes(aniversariosDoDia(hoje))
      const validoAte = somarDias(hoje, definicao.validade_dias)
      let dados = 0
      for (let i = 0; i < ids.length; i += LOTE) {
        const lote = ids.slice(i, i + LOTE)
        const ja = await db
          .selectFrom('premios_aniversario')
          .select('utilizador_id')
          .where('ano', '=', ano)
          .where('utilizador_id', 'in', lote)
          .execute()
        const tem = new Set(ja.map((r) => r.utilizador_id))
        for (const utilizadorId of lote.filter((id) => !tem.has(id))) {
          const dado = await db.transaction().execute(async (trx) => {
            // The unique key (customer, year) decides between two processes: the second inserts nothing, tells nobody.
            const novo = await trx
              .insertInto('premios_aniversario')
              .values({
                utilizador_id: utilizadorId,
                ano,
                premio_id: definicao.id,
                valido_de: hoje,
                valido_ate: validoAte,
                criado_em: isoNow(clock),
              })
              .onConflict((oc) => oc.columns(['utilizador_id', 'ano']).doNothing())
              .returning('id')
              .executeTakeFirst()
            if (!novo) return false
            await notificar?.(trx, {
              utilizadorId,
              titulo: 'Feliz aniversário!',
              texto: `Tem um prémio de aniversário: ${descricaoPremio(definicao)}. ${
                usavelAoEncomendar(definicao) ? 'Use-o na loja ou ao encomendar' : 'Use-o na loja'
              } até ${formatDia(validoAte)}.`,
              ligacao: '/fidelizacao',
              chave: `aniversario:${ano}`,
            })
            await aoMovimentar?.(trx, utilizadorId) // the wallets' card shows it too
            return true
          })
          if (dado) {
            dados++
            onMovimento?.(utilizadorId)
          }
        }
      }
      return dados
    },

    /**
     * Spends the customer's reward of today on a purchase, inside its transaction (the customer locked); an order's
     * checkout holds it so with its hold on the balance (`reserva`), until the payment arrives or fails.
     */
    async usar(trx: DatabaseTransaction, utilizadorId: number, hoje: string, transacaoId: number): Promise<boolean> {
      // One, the first to end (as the card shows it): one given back past its last day may be usable with this year's.
      const usavel = await trx
        .selectFrom('premios_aniversario')
        .select('id')
        .where('utilizador_id', '=', utilizadorId)
        .where('transacao_id', 'is', null)
        .where('valido_de', '<=', hoje)
        .where('valido_ate', '>=', hoje)
        .orderBy('valido_ate')
        .limit(1)
        .executeTakeFirst()
      if (!usavel) return false
      const r = await trx
        .updateTable('premios_aniversario')
        .set({ transacao_id: transacaoId, usado_em: isoNow(clock) })
        .where('id', '=', usavel.id)
        .where('transacao_id', 'is', null)
        .executeTakeFirst()
      return Number(r.numUpdatedRows) === 1
    },

    /**
     * The order's payment arrived: the reward its checkout held (`reserva` movements of its reference) is the
     * purchase's, whatever the day (it was usable when the order was placed). False when it held none.
     */
    async daReservaACompra(
      trx: DatabaseTransaction,
      utilizadorId: number,
      referencia: string,
      compraId: number,
    ): Promise<boolean> {
      const r = await trx
        .updateTable('premios_aniversario')
        .set({ transacao_id: compraId })
        .where('utilizador_id', '=', utilizadorId)
        .where('transacao_id', 'in', reservasDe(trx, utilizadorId, referencia))
        .executeTakeFirst()
      return Number(r.numUpdatedRows) > 0
    },

    /** The order's payment failed: the reward its checkout held is the customer's again (`devolvido`). */
    async libertarReserva(trx: DatabaseTransaction, utilizadorId: number, referencia: string): Promise<void> {
      if (!(await contaAtiva(trx, utilizadorId))) return
      await trx
        .updateTable('premios_aniversario')
        .set(devolvido(lisbonToday(clock)))
        .where('utilizador_id', '=', utilizadorId)
        .where('transacao_id', 'in', reservasDe(trx, utilizadorId, referencia))
        .execute()
    },

    /** A full refund of the purchase that used one gives it back (`devolvido`); whether it had used one. */
    async devolver(trx: DatabaseTransaction, transacaoId: number): Promise<boolean> {
      const usado = await trx
        .selectFrom('premios_aniversario')
        .select('utilizador_id')
        .where('transacao_id', '=', transacaoId)
        .executeTakeFirst()
      if (!usado || !(await contaAtiva(trx, usado.utilizador_id))) return false
      const r = await trx
        .updateTable('premios_aniversario')
        .set(devolvido(lisbonToday(clock)))
        .where('transacao_id', '=', transacaoId)
        .executeTakeFirst()
      return Number(r.numUpdatedRows) > 0
    },
  }
}

export type Aniversarios = ReturnType<typeof createAniversarios>
