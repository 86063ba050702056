/**
 * The expiry of credit and points (decision 0058), pure: what part of a customer's balance and points has expired by
 * an instant, and what will expire at the end of the coming months.
 *
 * Credit and points earned in a month (Lisbon) expire at the end of the `meses`th month after it. What is spent is
 * spent from the oldest first, so what is left of the amounts earned before an instant is what was earned before it
 * less everything that ever went out (expiries included): `max(0, entradas(antes) − saídas(todas))`. No table of lots
 * is needed, and an expiry already written is one of the outflows, so working it out again finds nothing more.
 */

import { diaEmLisboa } from '../../../shared/format.ts'
import { inicioDoDiaNoFuso } from '../../../shared/fusos.ts'

/** The figures of a ledger movement the expiry reads. */
export interface Fluxo {
  criado_em: string
  saldo_adicionado: number
  saldo_removido: number
  pontos_ganhos: number
  pontos_convertidos: number
}

export interface Montantes {
  saldo: number
  pontos: number
}

/** What comes in: credit added (or given back), points earned, and rewards turned back into points. */
export const entradas = (m: Fluxo): Montantes => ({
  saldo: m.saldo_adicionado,
  pontos: Math.max(m.pontos_ganhos, 0) + Math.max(-m.pontos_convertidos, 0),
})

/** What goes out: balance used (or taken back, or expired), points turned into rewards, taken back or expired. */
export const saidas = (m: Fluxo): Montantes => ({
  saldo: m.saldo_removido,
  pontos: Math.max(m.pontos_convertidos, 0) + Math.max(-m.pontos_ganhos, 0),
})

/** `YYYY-MM` plus `n` months (n may be negative). */
export function somarMeses(mes: string, n: number): string {
  const total = Number(mes.slice(0, 4)) * 12 + Number(mes.slice(5, 7)) - 1 + n
  return `${String(Math.floor(total / 12)).padStart(4, '0')}-${String((total % 12) + 1).padStart(2, '0')}`
}

export const mesEmLisboa = (instante: string | Date) => diaEmLisboa(instante).slice(0, 7)

/** The instant a month begins in Lisbon. */
export const inicioDoMes = (mes: string) => inicioDoDiaNoFuso(`${mes}-01`, 'Europe/Lisbon').toISOString()

/** The month's last day, `YYYY-MM-DD`. */
export function ultimoDiaDoMes(mes: string): string {
  const d = new Date(`${somarMeses(mes, 1)}-01T00:00:00Z`)
  d.setUTCDate(0)
  return d.toISOString().slice(0, 10)
}

/**
 * Once month `mes` (Lisbon) has ended, what was earned before this instant has expired: the months up to `mes − meses`.
 */
export const corteNoFimDe = (mes: string, meses: number) => inicioDoMes(somarMeses(mes, 1 - meses))

/** The cut of `agora`: what was earned before it has expired by now (the months ended before this one). */
export const corteEm = (agora: Date, meses: number) => corteNoFimDe(somarMeses(mesEmLisboa(agora), -1), meses)

/** Days after the expiry is switched on or shortened before anything may expire: the 30 days' notice. */
export const AVISO_DIAS = 30

/**
 * The first month at whose end anything may expire: the one in which the notice's 30 days after `desde` (the expiry
 * switched on or shortened) end; any month when it never was (null).
 */
export const primeiroMesDaExpiracao = (desde: string | null) =>
  desde ? mesEmLisboa(new Date(Date.parse(desde) + AVISO_DIAS * 86_400_000)) : '0000-01'

/** What has expired by `corte` and is not yet written as expired (nor spent): for the balance and the points. */
export function expirado(movimentos: readonly Fluxo[], corte: string): Montantes {
  let [entrouSaldo, entrouPontos, saiuSaldo, saiuPontos] = [0, 0, 0, 0]
  for (const m of movimentos) {
    const s = saidas(m)
    saiuSaldo += s.saldo
    saiuPontos += s.pontos
    if (m.criado_em < corte) {
      const e = entradas(m)
      entrouSaldo += e.saldo
      entrouPontos += e.pontos
    }
  }
  return { saldo: Math.max(entrouSaldo - saiuSaldo, 0), pontos: Math.max(entrouPontos - saiuPontos, 0) }
}

/**
 * What will expire at the end of this month and the following ones (up to `quantos` months with something to expire,
 * looking no further than what the oldest amount held can reach), were nothing more spent: `dia` is the last day it
 * can be used. `primeiroMes`: the first month at whose end anything may expire (the expiry was switched on or
 * shortened lately, and the customers must be told first); what would have expired before waits for its end.
 */
export function proximasExpiracoes(
  movimentos: readonly Fluxo[],
  agora: Date,
  meses: number,
  quantos = 1,
  primeiroMes = '0000-01',
): (Montantes & { dia: string })[] {
  const out: (Montantes & { dia: string })[] = []
  const atual = mesEmLisboa(agora)
  const anterior = somarMeses(atual, -1)
  // What has expired and is not written yet (nothing, before the first month the expiry may end).
  let antes = anterior >= primeiroMes ? expirado(movimentos, corteNoFimDe(anterior, meses)) : { saldo: 0, pontos: 0 }
  const ate = somarMeses(primeiroMes > atual ? primeiroMes : atual, meses)
  for (let mes = atual; mes <= ate && out.length < quantos; mes = somarMeses(mes, 1)) {
    if (mes < primeiroMes) continue
    const depois = expirado(movimentos, corteNoFimDe(mes, meses))
    const saldo = depois.saldo - antes.saldo
    const pontos = depois.pontos - antes.pontos
    if (saldo > 0 || pontos > 0) out.push({ dia: ultimoDiaDoMes(mes), saldo, pontos })
    antes = depois
  }
  return out
}
