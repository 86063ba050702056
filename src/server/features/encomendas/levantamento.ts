import { PostgresAdapter, sql } from 'kysely'
import { ESTADO } from '../../../shared/estado-pedido.ts'
import { horaNaLoja } from '../../../shared/format.ts'
import { type HorarioLevantamento, INTERVALO_MIN, levantamentoTextos } from '../../../shared/levantamento.ts'
import { MINUTE } from '../../platform/clock.ts'
import type { Database } from '../../platform/db.ts'
import { HttpError } from '../../platform/errors.ts'
import type { Contexto } from './contexto.ts'
import type { Cozinha } from './cozinha.ts'
import { diaDaLoja, estaAberta, type Horario, parseHorario } from './horario.ts'

/** The advisory lock's first key on PostgreSQL: a store's slots (the second is its POS id). */
const VAGAS_LOCK = 7_301

const INTERVALO_MS = INTERVALO_MIN * MINUTE

/** The first quarter-hour at or after `instante` (UTC quarters are the store's: its offsets are whole hours). */
const quartoSeguinte = (ms: number) => Math.ceil(ms / INTERVALO_MS) * INTERVALO_MS

export interface Agenda {
  horario: Horario | null
  fuso: string
  agora: Date
  /** What the order promises: its products' preparation, the queue and the busy minutes. */
  minutos: number
}

/**
 * The first minute after `agora`, up to `ate`, at which the store stops taking orders, or null when it is open all
 * along: checked each quarter-hour, then to the minute within the quarter that found it closed.
 */
export function fechoAntesDe({ horario, fuso, agora }: Omit<Agenda, 'minutos'>, ate: Date): Date | null {
  const inicio = agora.getTime()
  const fim = ate.getTime()
  for (let t = inicio; ; t = Math.min(t + INTERVALO_MS, fim)) {
    if (!estaAberta(horario, new Date(t), fuso)) {
      let fecho = t
      while (fecho - MINUTE > inicio && !estaAberta(horario, new Date(fecho - MINUTE), fuso)) fecho -= MINUTE
      return new Date(fecho)
    }
    if (t >= fim) return null
  }
}

/**
 * The pick-up slots a store offers today (decision 0044): each quarter-hour of the store's day that is at least the
 * order's minutes away, when the store is open until it and when its preparation starts (at closing at the latest), and
 * whose orders (`ocupadas`, by instant) are fewer than the store's capacity. On the night the clocks go back, the hour
 * that comes twice is offered twice, the second named as winter time.
 */
export function horariosLivres(
  { horario, fuso, agora, minutos }: Agenda,
  capacidade: number,
  ocupadas: ReadonlyMap<string, number>,
): HorarioLevantamento[] {
  const hoje = diaDaLoja(agora, fuso)
  const preparo = minutos * MINUTE
  const livres: HorarioLevantamento[] = []
  const vistas = new Set<string>()
  for (let t = quartoSeguinte(agora.getTime() + preparo); ; t += INTERVALO_MS) {
    const em = new Date(t)
    if (diaDaLoja(em, fuso) !== hoje) break
    let hora = horaNaLoja(em, fuso)
    const repetida = vistas.has(hora)
    vistas.add(hora)
    // Ready by closing, as 'as soon as possible' must be: open from when it is started to the minute before the slot.
    const inicio = new Date(t - preparo)
    if (!estaAberta(horario, inicio, fuso)) continue
    if (fechoAntesDe({ horario, fuso, agora: inicio }, new Date(t - MINUTE)) !== null) continue
    if ((ocupadas.get(em.toISOString()) ?? 0) >= capacidade) continue
    if (repetida) hora = `${hora} (hora de inverno)`
    livres.push({ em: em.toISOString(), hora })
  }
  return livres
}

/** The refusal of an order that could not be ready before the store closes, or nothing. */
export function exigirProntaAntesDoFecho(agenda: Agenda): void {
  const pronta = new Date(agenda.agora.getTime() + agenda.minutos * MINUTE)
  // Ready at the closing minute itself is in time: the last minute open is the one before.
  const fecho = fechoAntesDe(agenda, new Date(pronta.getTime() - MINUTE))
  if (fecho === null) return
  const message = levantamentoTextos.depoisDoFecho(horaNaLoja(fecho, agenda.fuso))
  throw new HttpError(422, message, 'Loja a fechar', { levantar_em: message })
}

/** The store's orders that hold a slot today, by pick-up instant: any not cancelled (one awaiting payment holds it). */
export async function contarOcupadas(db: Database, idLoja: number, desde: Date): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('encomendas')
    .select(['levantar_em', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('id_loja', '=', idLoja)
    .where('levantar_em', '>=', desde.toISOString())
    .where('estado', '!=', ESTADO.cancelado)
    .groupBy('levantar_em')
    .execute()
  return new Map(rows.flatMap((r) => (r.levantar_em ? [[r.levantar_em, Number(r.n)]] : [])))
}

/**
 * Takes a store's slots for the rest of the transaction: two checkouts for its last place count one after the other.
 * On SQLite one writer at a time already does it.
 */
export async function bloquearVagas(trx: Database, idLoja: number): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select pg_advisory_xact_lock(${VAGAS_LOCK}, ${idLoja})`.execute(trx)
  }
}

/**
 * The slot a checkout asks for, checked in its transaction after `bloquearVagas`: one the store offers now, with room
 * left. Answers the instant as stored; refuses with the field's message otherwise.
 */
export async function reservarHorario(
  trx: Database,
  idLoja: number,
  agenda: Agenda,
  capacidade: number,
  pedido: string,
): Promise<string> {
  const em = new Date(pedido).toISOString()
  const ocupadas = await contarOcupadas(trx, idLoja, agenda.agora)
  const semLimite = horariosLivres(agenda, Number.POSITIVE_INFINITY, ocupadas)
  if (!semLimite.some((h) => h.em === em)) {
    const message = levantamentoTextos.horarioInvalido
    throw new HttpError(422, message, 'Hora de levantamento', { levantar_em: message })
  }
  if ((ocupadas.get(em) ?? 0) >= capacidade) {
    const message = levantamentoTextos.horarioCheio
    throw new HttpError(409, message, 'Hora de levantamento', { levantar_em: message })
  }
  return em
}

/** What the checkout offers for pick-up (`POST /api/calcula-encomenda` `levantamento`). */
export interface OpcoesLevantamento {
  /** The minutes 'as soon as possible' promises. */
  minutos: number
  horarios: HorarioLevantamento[]
  /** Why 'as soon as possible' cannot be taken (the store closes first), or null. */
  aviso: string | null
}

/** The store's pick-up choices for a cart whose products take `minutosProdutos` to prepare. */
export function createLevantamento(
  { db, clock, lojas }: Pick<Contexto, 'db' | 'clock' | 'lojas'>,
  cozinha: Pick<Cozinha, 'acrescimo'>,
) {
  /** The store's hours and the order's promise now; undefined: no such store. */
  async function agendaDe(idLoja: number, minutosProdutos: number) {
    const loja = (await lojas.lojasEncomendas([idLoja]))[0]
    if (!loja) return undefined
    const minutos = minutosProdutos + (await cozinha.acrescimo(idLoja))
    const agenda: Agenda = {
      horario: parseHorario(loja.horario_encomendas),
      fuso: loja.fuso,
      agora: clock.now(),
      minutos,
    }
    return { agenda, capacidade: loja.capacidadeIntervalo }
  }

  return {
    agendaDe,

    async opcoes(idLoja: number, minutosProdutos: number): Promise<OpcoesLevantamento> {
      const dados = await agendaDe(idLoja, minutosProdutos)
      if (!dados) return { minutos: minutosProdutos, horarios: [], aviso: null }
      const { agenda, capacidade } = dados
      let aviso: string | null = null
      try {
        exigirProntaAntesDoFecho(agenda)
      } catch (error) {
        aviso = (error as Error).message
      }
      const ocupadas = await contarOcupadas(db, idLoja, agenda.agora)
      return { minutos: agenda.minutos, horarios: horariosLivres(agenda, capacidade, ocupadas), aviso }
    },
  }
}

export type Levantamento = ReturnType<typeof createLevantamento>
