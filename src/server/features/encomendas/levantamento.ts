import { horaNaLoja } from '../../../shared/format.ts'
import { type HorarioLevantamento, INTERVALO_MIN, levantamentoTextos } from '../../../shared/levantamento.ts'
import { MINUTE } from '../../platform/clock.ts'
import { type Database, lockInTransaction } from '../../platform/db.ts'
import { HttpError } from '../../platform/errors.ts'
import type { LojaEncomendas } from '../restaurantes/service.ts'
import type { Contexto } from './contexto.ts'
import type { Cozinha } from './cozinha.ts'
import { encomendasRepo } from './encomendas-repository.ts'
import { diaDaLoja, estaAberta, type Horario, parseHorario } from './horario.ts'

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

/** Why an order could not be ready before the store closes (the closing time said), or null when it can. */
export function avisoDeFecho(agenda: Agenda): string | null {
  const pronta = new Date(agenda.agora.getTime() + agenda.minutos * MINUTE)
  // Ready at the closing minute itself is in time: the last minute open is the one before.
  const fecho = fechoAntesDe(agenda, new Date(pronta.getTime() - MINUTE))
  return fecho === null ? null : levantamentoTextos.depoisDoFecho(horaNaLoja(fecho, agenda.fuso))
}

/** The refusal of an order that could not be ready before the store closes, or nothing. */
export function exigirProntaAntesDoFecho(agenda: Agenda): void {
  const message = avisoDeFecho(agenda)
  if (message !== null) throw new HttpError(422, message, 'Loja a fechar', { levantar_em: message })
}

/**
 * Takes a store's slots for the rest of the transaction: two checkouts for its last place count one after the other.
 * On SQLite one writer at a time already does it.
 */
export const bloquearVagas = (trx: Database, idLoja: number) => lockInTransaction(trx, 'pickupSlots', idLoja)

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
  const ocupadas = await encomendasRepo(trx).contarPorLevantamento(idLoja, agenda.agora.toISOString())
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
  /** The store's hours, as already read, and the order's promise now (its kitchen counted). */
  async function agendaDe(loja: LojaEncomendas, minutosProdutos: number): Promise<Agenda> {
    return {
      horario: parseHorario(loja.horario_encomendas),
      fuso: loja.fuso,
      agora: clock.now(),
      minutos: minutosProdutos + (await cozinha.acrescimo(loja)),
    }
  }

  return {
    agendaDe,

    async opcoes(idLoja: number, minutosProdutos: number): Promise<OpcoesLevantamento> {
      const loja = (await lojas.lojasEncomendas([idLoja]))[0]
      if (!loja) return { minutos: minutosProdutos, horarios: [], aviso: null }
      const agenda = await agendaDe(loja, minutosProdutos)
      const ocupadas = await encomendasRepo(db).contarPorLevantamento(idLoja, agenda.agora.toISOString())
      return {
        minutos: agenda.minutos,
        horarios: horariosLivres(agenda, loja.capacidadeIntervalo, ocupadas),
        aviso: avisoDeFecho(agenda),
      }
    },
  }
}

export type Levantamento = ReturnType<typeof createLevantamento>
