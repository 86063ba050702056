import type { InjectOptions } from 'fastify'
import { afterEach, beforeEach, expect } from 'vitest'
import type { Config } from '../../config.ts'
import { manualClock } from '../../platform/clock.ts'
import type { Dialect } from '../../platform/db.ts'
import { lojasChavesRepo } from '../../platform/store-keys.ts'
import type { AppDeps } from '../../services.ts'
import { insertLoja, insertRestaurante } from '../../testing/fixtures.ts'
import { createTestApp, device, lastSmsCode, type TestApp } from '../../testing/harness.ts'

/**
 * What the Store API tests share (store-api-*.test.ts): two stores of one restaurant with a till key each, the till's
 * calls, and customers who sign up on their phones.
 *
 * `setupTill(dialect)` is called inside the suite's `describe`: it registers the `beforeEach` that builds the app and
 * the `afterEach` that closes it, and returns the helpers and, as getters, what the current test's app holds.
 */

export const DADOS = { nome: 'Ana Silva', email: 'ana@exemplo.pt', dataNascimento: '1990-05-17', aceitacao: true }

export type ManualClock = ReturnType<typeof manualClock>

/**
 * `extra`: settings and outside services a suite adds to the app (made before each test, as the app is: a local
 * server it talks to, its address in the settings).
 */
export function setupTill(
  dialect: Dialect,
  extra?: (clock: ManualClock) => Promise<{ config?: Partial<Config>; deps?: AppDeps }>,
) {
  let t: TestApp
  let clock: ReturnType<typeof manualClock>
  let key862: string
  let key848: string
  let seq = 0

  beforeEach(async () => {
    clock = manualClock('2026-11-22T10:00:00.000Z')
    const mais = extra ? await extra(clock) : {}
    t = await createTestApp(dialect, mais.config ?? {}, { clock, ...mais.deps })
    const { id } = await insertRestaurante(t.database.db, { tag: 'nata-e-grao', name: 'Nata & Grão' })
    await insertLoja(t.database.db, { tag: 'chiado', restaurante_id: id, id_loja: 862, name: 'Chiado' })
    await insertLoja(t.database.db, { tag: 'baixa', restaurante_id: id, id_loja: 848, name: 'Baixa' })
    const keys = lojasChavesRepo(t.database.db, clock)
    key862 = (await keys.create(862, 'caixa-862')).chave
    key848 = (await keys.create(848, 'caixa-848')).chave
  })
  afterEach(() => t.close())

  /** A call of the till: its key, and a fresh Idempotency-Key unless one is given (null: none). */
  function loja(
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    { key = key862, idem }: { key?: string; idem?: string | null } = {},
  ) {
    const idemKey = idem === undefined ? `idem-${++seq}` : idem
    const options: InjectOptions = {
      method,
      url: `/api/loja/v1${url}`,
      headers: {
        authorization: `Bearer ${key}`,
        ...(idemKey === null ? {} : { 'idempotency-key': idemKey }),
      },
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    }
    return t.app.inject(options)
  }

  /** A customer with a complete registration (earns), signed in on a device of their own. */
  async function cliente(telemovel = '912345678') {
    const d = device(t)
    const { hash } = (await d.call('POST', '/registo', { telemovel, pais: '351', termos: true })).json().data
    await d.call('POST', `/registo/${hash}`, { codigo: await lastSmsCode(t, `+351${telemovel}`) })
    const done = await d.call('POST', '/alterar-dados-pessoais', {
      ...DADOS,
      password: '135790',
      confirmacaoPassword: '135790',
    })
    expect(done.statusCode, done.body).toBe(200)
    const data = done.json().data.user.data
    qrs.set(data.id, data.qrCode)
    return { d, id: data.id as number, qr: data.qrCode as string, telemovel }
  }

  /** Each customer's QR, to identify them at the till (what a purchase that spends needs first). */
  const qrs = new Map<number, string>()

  /** The proof a till gets by scanning the customer's QR (STORE-API.md `identificacao`). */
  async function prova(clienteId: number, key = key862): Promise<string> {
    const res = await loja('POST', '/clientes/identificar', { qr: qrs.get(clienteId) }, { key })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data.identificacao
  }

  const privado = async (d: ReturnType<typeof device>) =>
    (await d.call('POST', '/api/refresh-private-data', { value: true })).json().data

  async function comprar(
    clienteId: number,
    total: number,
    saldo_a_usar = 0,
    opts: { key?: string; idem?: string } = {},
  ) {
    // Spending needs the customer identified first; earning does not (a POS catching up after an outage).
    const identificacao = saldo_a_usar > 0 && qrs.has(clienteId) ? await prova(clienteId, opts.key) : undefined
    return loja(
      'POST',
      '/compras',
      { cliente_id: clienteId, identificacao, total, saldo_a_usar, referencia: `FT ${++seq}` },
      opts,
    )
  }

  return {
    get t() {
      return t
    },
    get clock() {
      return clock
    },
    get key862() {
      return key862
    },
    get key848() {
      return key848
    },
    loja,
    cliente,
    prova,
    privado,
    comprar,
  }
}
