import { type Clock, HOUR, MINUTE } from '../../platform/clock.ts'
import type { Database } from '../../platform/db.ts'
import { HttpError } from '../../platform/errors.ts'
import type { Limit } from '../../platform/rate-limit.ts'

/**
 * The guard against SMS-pumping fraud (decision 0054): SMS go only to the allowed countries; a block of numbers and a
 * country each get so many an hour; and when a country's codes are requested far more than they are confirmed, an
 * alarm (metric and log) tightens its blocks' limit until it clears.
 */
export const SMS_DESTINOS = {
  /**
   * One block of a thousand numbers (the number without its last three digits) an hour: pumping walks through a
   * premium range, a real customer's number shares its block with few sign-ups.
   */
  porBloco: { max: 20, windowMs: HOUR } satisfies Limit,
  /**
   * Every SMS to one country an hour: the ceiling of what a fraud can cost before a person looks. Not tightened by the
   * alarm: a few addresses could otherwise close a whole country's sign-ups.
   */
  porPais: { max: 3000, windowMs: HOUR } satisfies Limit,
  /** The alarm: in the last hour, at least this many codes sent… */
  alarmeMinimo: 30,
  /** …and fewer than this share of them confirmed. */
  alarmeConfirmados: 0.25,
  alarmeJanelaMs: HOUR,
  /** While a country's alarm is on, its blocks' limit is this many times smaller. */
  aperto: 10,
  /** How long a process trusts its reading of the alarm before reading the challenges again. */
  leituraMs: MINUTE / 2,
} as const

export const destinosSmsMensagens = {
  paisNaoPermitido: 'Não é possível enviar SMS para números deste país.',
}

const apertado = (rule: Limit, alarme: boolean): Limit =>
  alarme ? { ...rule, max: Math.max(1, Math.floor(rule.max / SMS_DESTINOS.aperto)) } : rule

export function createDestinosSms(deps: {
  db: Database
  clock: Clock
  log: { error(o: object, msg: string): void; warn(o: object, msg: string): void }
  /** The account's limiter: a 429 in pt-PT past the rule. */
  limit(key: string, rule: Limit): Promise<void>
  paises: readonly string[]
}) {
  const { db, clock, log, limit, paises } = deps
  let leitura: { ate: number; alarmes: Map<string, { enviados: number; confirmados: number }> } | null = null
  const ligados = new Set<string>()

  /**
   * The countries in alarm, read from the last hour of challenges (a code sent counts each time it was sent; a reset
   * for a phone with no account sends none), at most every `leituraMs` in a process. Raising and clearing are logged.
   */
  async function alarmes() {
    const agora = clock.now().getTime()
    if (leitura && leitura.ate > agora) return leitura.alarmes
    const desde = new Date(agora - SMS_DESTINOS.alarmeJanelaMs).toISOString()
    const linhas = await db
      .selectFrom('sms_desafios')
      .select((eb) => [
        'pais',
        eb.fn.sum<number>('envios').as('enviados'),
        eb.fn.count<number>('usado_em').as('confirmados'),
      ])
      .where('criado_em', '>=', desde)
      .where((eb) => eb.or([eb('finalidade', '<>', 'reset'), eb('utilizador_id', 'is not', null)]))
      .groupBy('pais')
      .execute()
    const atuais = new Map<string, { enviados: number; confirmados: number }>()
    for (const l of linhas) {
      const [enviados, confirmados] = [Number(l.enviados), Number(l.confirmados)]
      if (enviados >= SMS_DESTINOS.alarmeMinimo && confirmados < enviados * SMS_DESTINOS.alarmeConfirmados) {
        atuais.set(l.pais, { enviados, confirmados })
      }
    }
    for (const [pais, n] of atuais) {
      if (!ligados.has(pais))
        log.error({ pais, ...n }, 'SMS alarm: codes requested far more than confirmed; limits tightened')
    }
    for (const pais of ligados) if (!atuais.has(pais)) log.warn({ pais }, 'SMS alarm cleared: limits back')
    ligados.clear()
    for (const pais of atuais.keys()) ligados.add(pais)
    leitura = { ate: agora + SMS_DESTINOS.leituraMs, alarmes: atuais }
    return atuais
  }

  return {
    /** Before the phone's limits count it: SMS go to numbers of this calling code (the form's `pais`), or a 422. */
    permitir(pais: string): void {
      if (paises.includes(pais)) return
      const { paisNaoPermitido } = destinosSmsMensagens
      throw new HttpError(422, paisNaoPermitido, 'País não permitido', { telemovel: paisNaoPermitido })
    },

    /**
     * Once the phone's own limits let an SMS through, and only one that goes out: counted against its block (the
     * number without its last three digits) and its country, refused (429) past their hourly limits, the block's
     * tightened while the country is in alarm.
     */
    async contar(e164: string, pais: string): Promise<void> {
      const alarme = (await alarmes()).has(pais)
      await limit(`sms-bloco:${e164.slice(0, -3)}`, apertado(SMS_DESTINOS.porBloco, alarme))
      await limit(`sms-pais:${pais}`, SMS_DESTINOS.porPais)
    },

    /** The metric: 1 for each allowed country in alarm, 0 for the others. */
    async alarmePorPais(): Promise<Record<string, number>> {
      const atuais = await alarmes()
      return Object.fromEntries(paises.map((p) => [p, atuais.has(p) ? 1 : 0]))
    },
  }
}

export type DestinosSms = ReturnType<typeof createDestinosSms>
