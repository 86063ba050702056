import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Config, loadConfig } from '../../config.ts'
import { MINUTE, manualClock } from '../../platform/clock.ts'
import { lojasChavesRepo } from '../../platform/store-keys.ts'
import { insertLoja, insertRestaurante } from '../../testing/fixtures.ts'
import {
  capturarLogs,
  createTestApp,
  device,
  type LinhaDeLog,
  type TestApp,
  testDialects,
} from '../../testing/harness.ts'
import { destinosSmsMensagens, SMS_DESTINOS } from './destinos-sms.ts'

const TOKEN = 'metricas-dos-testes-0123456789'

/**
 * The guard against SMS-pumping fraud (decision 0054): SMS go to the allowed countries only (Portugal unless set),
 * a block of a thousand numbers and a country get so many an hour, and a country whose codes are requested far more
 * than they are confirmed raises an alarm (metric, log) that tightens its limits until it clears.
 */
describe.each(testDialects())('the SMS guard on %s', (dialect) => {
  let t: TestApp
  let clock: ReturnType<typeof manualClock>
  let logs: LinhaDeLog[]

  async function app(config: Partial<Config> = {}) {
    clock = manualClock('2026-11-22T10:00:00.000Z')
    logs = []
    const logStream = capturarLogs(logs)
    t = await createTestApp(dialect, { LOG_LEVEL: 'warn', METRICS_TOKEN: TOKEN, ...config }, { clock, logStream })
  }
  beforeEach(() => app())
  afterEach(() => t.close())

  /** A sign-up's first step, each from its own address (the per-address limits are not what is tested). */
  let ip = 0
  const registo = (telemovel: string, pais = '351') =>
    device(t, `198.51.100.${(ip++ % 250) + 1}`).call('POST', '/registo', { telemovel, pais, termos: true })
  const enviados = async () => (await t.database.db.selectFrom('sms_outbox').select('para').execute()).length
  const alarme = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })
    return res.body.split('\n').filter((l) => l.startsWith('balcao_sms_alarme{'))
  }

  it('sends to the allowed countries only: another country is refused before anything is sent or counted', async () => {
    const espanha = await registo('612345678', '34')
    expect(espanha.statusCode, espanha.body).toBe(422)
    expect(espanha.json().error.fields).toEqual({ telemovel: destinosSmsMensagens.paisNaoPermitido })
    expect(await enviados()).toBe(0)
    expect((await registo('912345678')).statusCode).toBe(200)
    expect(await enviados()).toBe(1)

    // The setting opens another country.
    await t.close()
    await app({ SMS_PAISES: ['351', '34'] })
    expect((await registo('612345678', '34')).statusCode).toBe(200)
    expect(await enviados()).toBe(1)
  })

  it('never refuses a recovery for its country (that would tell whether the number has an account), nor counts one that sends nothing', async () => {
    const reset = (telemovel: string, pais: string) =>
      device(t, '198.51.100.77').call('POST', '/reset', { telemovel, pais })
    // No account: the same answer as any, nothing sent, nothing counted against the block or the country.
    expect((await reset('612345678', '34')).statusCode).toBe(200)
    expect((await reset('912345678', '351')).statusCode).toBe(200)
    expect(await enviados()).toBe(0)
    const contados = await t.database.db.selectFrom('limites').select('chave').where('chave', 'like', 'sms-%').execute()
    expect(contados).toEqual([])
    // An account made while its country was allowed still recovers it.
    await t.database.db
      .insertInto('utilizadores')
      .values({
        telemovel: '612345678',
        pais: '34',
        telemovel_e164: '+34612345678',
        temporario: 0,
        qr_code: 'qr-es',
        criado_em: '2026-01-01T00:00:00.000Z',
        atualizado_em: '2026-01-01T00:00:00.000Z',
      })
      .execute()
    expect((await reset('612345678', '34')).statusCode).toBe(200)
    expect(await enviados()).toBe(1)
  })

  it('refuses a setting that names no country the app knows', async () => {
    expect(loadConfig({ SMS_PAISES: '351, 34' }).SMS_PAISES).toEqual(['351', '34'])
    expect(() => loadConfig({ SMS_PAISES: '351,35' })).toThrow(/SMS_PAISES/)
  })

  it('counts a block of a thousand numbers an hour, whatever the numbers and addresses', async () => {
    const { max } = SMS_DESTINOS.porBloco
    for (let i = 0; i < max; i++) {
      const res = await registo(`912345${String(i).padStart(3, '0')}`)
      expect(res.statusCode, res.body).toBe(200)
    }
    const demais = await registo('912345999')
    expect(demais.statusCode).toBe(429)
    expect(demais.json().error.message).toMatch(/^Demasiados pedidos/)
    // Another block is its own; the hour over, the block is open again.
    expect((await registo('912346000')).statusCode).toBe(200)
    clock.advance(60 * MINUTE)
    expect((await registo('912345999')).statusCode).toBe(200)
    expect(await enviados()).toBe(max + 2)
  })

  it('raises the alarm when codes are requested far more than confirmed, tightens the limits, and clears', async () => {
    expect(await alarme()).toEqual(['balcao_sms_alarme{pais="351"} 0'])
    // Codes sent in the last hour and never confirmed, over many blocks (as pumping spreads them).
    const agora = clock.now().toISOString()
    const desafio = (i: number) => ({
      hash_token: `h${i}`,
      finalidade: 'registo' as const,
      telemovel: `93${String(i).padStart(7, '0')}`,
      pais: '351',
      telemovel_e164: `+35193${String(i).padStart(7, '0')}`,
      codigo_hash: 'x',
      ultimo_envio_em: agora,
      expira_em: agora,
      criado_em: agora,
    })
    await t.database.db
      .insertInto('sms_desafios')
      .values(Array.from({ length: SMS_DESTINOS.alarmeMinimo }, (_, i) => desafio(i * 1000)))
      .execute()
    clock.advance(SMS_DESTINOS.leituraMs) // each process reads it again after a while
    expect(await alarme()).toEqual(['balcao_sms_alarme{pais="351"} 1'])
    expect(logs.filter((l) => l.level === 50 && l.msg.startsWith('SMS alarm'))).toMatchObject([{ pais: '351' }])

    // Tightened: a block now gets a tenth of its hour (the country's ceiling stays: a few addresses cannot close it).
    const apertado = SMS_DESTINOS.porBloco.max / SMS_DESTINOS.aperto
    for (let i = 0; i < apertado; i++) expect((await registo(`96100000${i}`)).statusCode).toBe(200)
    expect((await registo('961000009')).statusCode).toBe(429)

    // Confirmed codes bring the share back: the alarm clears at the next reading, and the block's limit with it.
    await t.database.db
      .updateTable('sms_desafios')
      .set({ usado_em: agora })
      .where('hash_token', 'in', ['h0', 'h1000', 'h2000', 'h3000', 'h4000', 'h5000', 'h6000', 'h7000', 'h8000'])
      .execute()
    clock.advance(SMS_DESTINOS.leituraMs)
    expect(await alarme()).toEqual(['balcao_sms_alarme{pais="351"} 0'])
    expect(logs.filter((l) => l.level === 40 && l.msg.startsWith('SMS alarm cleared'))).toMatchObject([{ pais: '351' }])
    expect((await registo('961000009')).statusCode).toBe(200)
  })

  it('guards the till’s provisional account too: a number of another country is refused, no account made', async () => {
    const { db } = t.database
    const { id } = await insertRestaurante(db, { tag: 'r', name: 'R' })
    await insertLoja(db, { tag: 'l', restaurante_id: id, id_loja: 862 })
    const { chave } = await lojasChavesRepo(db, clock).create(862, 'pos')
    const criar = (telemovel: string, pais: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/loja/v1/clientes',
        headers: { authorization: `Bearer ${chave}`, 'idempotency-key': `k-${telemovel}` },
        payload: { telemovel, pais },
      })
    const fora = await criar('612345678', '34')
    expect(fora.statusCode, fora.body).toBe(422)
    expect(await db.selectFrom('utilizadores').select('id').execute()).toEqual([])
    expect((await criar('912345678', '351')).statusCode).toBe(201)
    expect(await enviados()).toBe(1)
  })
})
