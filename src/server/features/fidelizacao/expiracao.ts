import { sql } from 'kysely'
import { montantesNaFrase, tituloExpirados } from '../../../shared/expiracao-textos.ts'
import { formatDia } from '../../../shared/format.ts'
import { lisbonToday } from '../../platform/clock.ts'
import type { Database } from '../../platform/db.ts'
import { comporEmail, enfileirarEmail } from '../../platform/email.ts'
import { efeitoDe, type FidelizacaoContext } from './context.ts'
import type { Efeito } from './ledger.ts'
import {
  corteEm,
  corteNoFimDe,
  expirado,
  type Fluxo,
  type Montantes,
  mesEmLisboa,
  primeiroMesDaExpiracao,
  proximasExpiracoes,
  somarMeses,
} from './ledger-expiracao.ts'
import { fidelizacaoRepo, type Movimento } from './repository.ts'

/** What expires, as the subject of a sentence: 'O seu saldo', 'Os seus pontos', or both. */
function sujeito(m: Montantes): { nome: string; plural: boolean } {
  if (m.saldo > 0 && m.pontos > 0) return { nome: 'O seu saldo e os seus pontos', plural: true }
  return m.saldo > 0 ? { nome: 'O seu saldo', plural: false } : { nome: 'Os seus pontos', plural: true }
}

/** The notices before an expiry (decision 0058): 30 days before, and 7 days before (the last one sent). */
export const AVISOS_EXPIRACAO = [
  {
    dias: 7,
    titulo: (m: Montantes) => `${sujeito(m).nome} ${sujeito(m).plural ? 'expiram' : 'expira'} dentro de 7 dias`,
  },
  { dias: 30, titulo: (m: Montantes) => `${sujeito(m).nome} ${sujeito(m).plural ? 'vão' : 'vai'} expirar` },
] as const

/** Whether the amounts take a verb in the plural ('1 ponto expira', '1,00 € de saldo expira', '30 pontos expiram'). */
const noPlural = (m: Montantes) => (m.saldo > 0 && m.pontos > 0) || m.pontos > 1

const diasEntre = (de: string, ate: string) => Math.round((Date.parse(ate) - Date.parse(de)) / 86_400_000)

/**
 * Credit and points that expire (decision 0058): the back-office's months (`validade_meses`, 0 never), a monthly
 * expiry written as a movement of its own under the customer's ledger lock (worked out again under it, so a second
 * run or another process finds nothing left), the notices 30 and 7 days before (keyed notifications, sent once; an
 * e-mail too with consent), and what the card says will expire next.
 */
export function createExpiracao(ctx: FidelizacaoContext) {
  const { db, clock, conta, notificar, onMovimento, escrever, regrasAtuais } = ctx

  /** The months of validity (0: never), and the first month at whose end anything may expire. */
  async function validade(ex: Database = db): Promise<{ meses: number; primeiroMes: string }> {
    const row = await ex
      .selectFrom('fidelizacao_regras')
      .select(['validade_meses', 'validade_desde'])
      .where('id', '=', 1)
      .executeTakeFirst()
    return { meses: row?.validade_meses ?? 0, primeiroMes: primeiroMesDaExpiracao(row?.validade_desde ?? null) }
  }

  const fluxos = (ex: Database, utilizadorId: number): Promise<Fluxo[]> =>
    ex
      .selectFrom('transacoes')
      .select(['criado_em', 'saldo_adicionado', 'saldo_removido', 'pontos_ganhos', 'pontos_convertidos'])
      .where('utilizador_id', '=', utilizadorId)
      .orderBy('id')
      .execute()

  /**
   * The customers who hold credit or points earned before `corte`: one pass over the ledger, grouped by customer (the
   * job runs once a day per process).
   */
  async function comAntesDe(corte: string): Promise<number[]> {
    const rows = await db
      .selectFrom('transacoes')
      .select('utilizador_id')
      .groupBy('utilizador_id')
      .having((eb) =>
        eb.or([
          eb(
            sql<number>`sum(case when criado_em < ${corte} then saldo_adicionado else 0 end)`,
            '>',
            sql<number>`sum(saldo_removido)`,
          ),
          eb(
            sql<number>`sum(case when criado_em < ${corte} then (case when pontos_ganhos > 0 then pontos_ganhos else 0 end) + (case when pontos_convertidos < 0 then -pontos_convertidos else 0 end) else 0 end)`,
            '>',
            sql<number>`sum((case when pontos_convertidos > 0 then pontos_convertidos else 0 end) + (case when pontos_ganhos < 0 then -pontos_ganhos else 0 end))`,
          ),
        ]),
      )
      .orderBy('utilizador_id')
      .execute()
    return rows.map((r) => r.utilizador_id)
  }

  return {
    /**
     * What a refund undoes of a purchase (ledger.ts `devolucao`): all it did, unless what it earned belongs to a month
     * the expiry has passed. Then the credit and points it earned are not taken back (they expired, or were spent
     * before they could: either way they left the balance once), and the refund gives back only the balance and the
     * rewards the purchase used. `trx`: the refund's transaction.
     */
    async efeitoADesfazer(trx: Database, original: Movimento): Promise<Efeito> {
      const efeito = efeitoDe(original)
      const { meses, primeiroMes } = await validade(trx)
      const agora = clock.now()
      if (meses === 0 || somarMeses(mesEmLisboa(agora), -1) < primeiroMes) return efeito
      if (original.criado_em >= corteEm(agora, meses)) return efeito
      return { ...efeito, saldo_adicionado: 0, pontos_ganhos: 0, pontos_convertidos: 0, itens_adicionados: 0 }
    },

    /** What the card says: the next end of month something expires at, and how much (null: nothing, or never). */
    async proxima(utilizadorId: number): Promise<(Montantes & { dia: string }) | null> {
      const { meses, primeiroMes } = await validade()
      if (meses === 0) return null
      return proximasExpiracoes(await fluxos(db, utilizadorId), clock.now(), meses, 1, primeiroMes)[0] ?? null
    },

    /**
     * The expiry run: each customer's credit and points earned before this month's cut are written off, in one
     * movement of type `expiracao`, and the customer told. How many customers it wrote off.
     */
    async expirar(agora: Date = clock.now()): Promise<number> {
      const { meses, primeiroMes } = await validade()
      const mes = mesEmLisboa(agora)
      // Before the first month the expiry may end (switched on or shortened lately): nothing yet.
      if (meses === 0 || somarMeses(mes, -1) < primeiroMes) return 0
      const corte = corteEm(agora, meses)
      let feitos = 0
      for (const utilizadorId of await comAntesDe(corte)) {
        const escrito = await db.transaction().execute(async (trx) => {
          const ledger = fidelizacaoRepo(trx)
          await ledger.lockCliente(utilizadorId)
          // Worked out again under the lock: a run that wrote it first leaves nothing here.
          const e = expirado(await fluxos(trx, utilizadorId), corte)
          if (e.saldo === 0 && e.pontos === 0) return false
          const ultimo = await ledger.ultimoMovimento(utilizadorId)
          await escrever(
            trx,
            utilizadorId,
            ultimo,
            {
              saldo_adicionado: 0,
              saldo_removido: e.saldo,
              pontos_ganhos: -e.pontos,
              pontos_convertidos: 0,
              itens_adicionados: 0,
              itens_redimidos: 0,
            },
            { tipo: 'expiracao', id_loja: 0, ganha: 0 },
            await regrasAtuais(trx),
          )
          if ((await conta.clienteById(utilizadorId, trx)) && notificar) {
            await notificar(trx, {
              utilizadorId,
              titulo: tituloExpirados(e),
              texto: `${noPlural(e) ? 'Expiraram' : 'Expirou'} ${montantesNaFrase(e)}, ${noPlural(e) ? 'ganhos' : 'ganho'} há mais de ${meses} ${meses === 1 ? 'mês' : 'meses'}.`,
              ligacao: '/fidelizacao',
              chave: `expiracao:${mes}`,
            })
          }
          return true
        })
        if (escrito) {
          feitos++
          onMovimento?.(utilizadorId)
        }
      }
      return feitos
    },

    /**
     * The notices: a customer with credit or points that expire at the end of this month or the next is told 30 days
     * before and 7 days before (each once, by its key; one first seen within 7 days gets only the second), by
     * notification and, with consent and an address, by e-mail. How many notices it wrote.
     */
    async avisar(agora: Date = clock.now()): Promise<number> {
      const { meses, primeiroMes } = await validade()
      if (meses === 0) return 0
      const hoje = lisbonToday({ now: () => agora })
      const seguinte = somarMeses(mesEmLisboa(agora), 1)
      let avisos = 0
      for (const utilizadorId of await comAntesDe(corteNoFimDe(seguinte, meses))) {
        const proximas = proximasExpiracoes(await fluxos(db, utilizadorId), agora, meses, 2, primeiroMes)
        for (const p of proximas) {
          const faltam = diasEntre(hoje, p.dia)
          const aviso = AVISOS_EXPIRACAO.find((a) => faltam <= a.dias)
          if (!aviso || faltam < 0) continue
          const texto = `${montantesNaFrase(p)} ${noPlural(p) ? 'expiram' : 'expira'} no fim do dia ${formatDia(p.dia)}. ${noPlural(p) ? 'Use-os' : 'Use-o'} antes numa das nossas lojas ou ao encomendar na app.`
          const escrito = await db.transaction().execute(async (trx) => {
            if (!(await conta.clienteById(utilizadorId, trx)) || !notificar) return false
            const id = await notificar(trx, {
              utilizadorId,
              titulo: aviso.titulo(p),
              texto,
              ligacao: '/fidelizacao',
              chave: `expiracao:${p.dia}:${aviso.dias}`,
            })
            // Written only the first time (its key): the e-mail goes with it, once.
            if (id === null) return false
            const email = await conta.audiencia.emailConsentido(utilizadorId, trx)
            if (email) {
              await enfileirarEmail(
                trx,
                comporEmail(email.email, aviso.titulo(p), [email.nome ? `Olá, ${email.nome}.` : 'Olá.', texto]),
                clock,
              )
            }
            return true
          })
          if (escrito) avisos++
        }
      }
      return avisos
    },
  }
}

export type ExpiracaoFidelizacao = ReturnType<typeof createExpiracao>
