import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { systemClock } from '../../platform/clock.ts'
import { securityHeadersOf } from '../../platform/security-headers.ts'
import { lojasChavesRepo } from '../../platform/store-keys.ts'
import { insertContas, insertLoja, insertRestaurante } from '../../testing/fixtures.ts'
import { createTestApp, device, type TestApp, testDialects } from '../../testing/harness.ts'
import { EVENTOS_POR_CLIENTE } from '../eventos/routes.ts'
import { STREAMS_POR_CHAVE } from './loja-encomendas-routes.ts'

const TELEMOVEL = '912345678'
const PASSWORD = '135790'

/** Every header helmet may set (the app sets those its options keep). */
const HELMET_HEADERS = Object.keys(securityHeadersOf({ strictTransportSecurity: true }))

/**
 * Long-lived streams are bounded per owner (a store key: the Store API's and its tablets' boards together;
 * a customer), answering 429 with Retry-After past the bound and freeing a slot when a stream closes, however it
 * closes; and a stream's answer carries the security headers every other answer does.
 */
describe.each(testDialects())('open streams on %s', (dialect) => {
  let t: TestApp
  let base: string
  let chave: string
  let outraChave: string
  let cliente: ReturnType<typeof device>
  const abertas: AbortController[] = []

  beforeEach(async () => {
    t = await createTestApp(dialect, { LOG_LEVEL: 'error' })
    const db = t.database.db
    const { id } = await insertRestaurante(db, { tag: 'nata-e-grao', name: 'Nata & Grão' })
    await insertLoja(db, { tag: 'chiado', restaurante_id: id, id_loja: 862 })
    await insertLoja(db, { tag: 'baixa', restaurante_id: id, id_loja: 848 })
    const keys = lojasChavesRepo(db, systemClock)
    chave = (await keys.create(862, 'pos-862')).chave
    outraChave = (await keys.create(848, 'pos-848')).chave
    await insertContas(db, [TELEMOVEL], PASSWORD)
    cliente = device(t)
    const login = await cliente.call('POST', '/login', { telemovel: TELEMOVEL, pais: '351', password: PASSWORD })
    expect(login.statusCode, login.body).toBe(200)
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
  })
  afterEach(async () => {
    for (const a of abertas.splice(0)) a.abort()
    await t.close()
  })

  /** Opens a stream over real HTTP; aborting its controller drops the connection, as a tablet losing Wi-Fi would. */
  async function abrir(path: string, headers: Record<string, string>) {
    const controller = new AbortController()
    abertas.push(controller)
    const res = await fetch(`${base}${path}`, { headers, signal: controller.signal })
    // A refusal's body is read at once (its connection then serves the next request).
    const corpo = res.status === 200 ? '' : await res.text()
    return { res, corpo, fechar: () => controller.abort() }
  }
  const daLoja = (key = chave) => abrir('/api/loja/v1/encomendas/stream', { authorization: `Bearer ${key}` })
  async function tablet(key = chave) {
    const entrar = await t.app.inject({ method: 'POST', url: '/painel/api/entrar', payload: { chave: key } })
    expect(entrar.statusCode).toBe(200)
    return entrar.cookies.find((c) => c.name === 'balcao_painel')?.value ?? ''
  }
  const doPainel = (cookie: string) => abrir('/painel/api/encomendas/stream', { cookie: `balcao_painel=${cookie}` })
  const doCliente = () => abrir('/api/eventos?v=1.0', { cookie: `balcao_sessao=${cliente.cookie}` })

  /** Opens until one is let in (a slot frees once the server sees the connection gone), within a couple of seconds. */
  async function ateAbrir(abre: () => ReturnType<typeof abrir>) {
    const ate = Date.now() + 3000
    for (;;) {
      const tentativa = await abre()
      if (tentativa.res.status !== 429 || Date.now() > ate) return tentativa
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }

  const expectRetryAfter = (res: Response) => {
    expect(res.status).toBe(429)
    const seconds = Number(res.headers.get('retry-after'))
    expect(Number.isInteger(seconds) && seconds >= 1).toBe(true)
  }

  it(`holds at most ${STREAMS_POR_CHAVE} order streams per store key, its tablets' boards counted with it`, async () => {
    const cookie = await tablet()
    const streams = [await doPainel(cookie)]
    for (let i = 1; i < STREAMS_POR_CHAVE; i++) streams.push(await daLoja())
    for (const s of streams) expect(s.res.status).toBe(200)

    const demais = await daLoja()
    expectRetryAfter(demais.res)
    expect(JSON.parse(demais.corpo).error.title).toBe('Demasiados pedidos')
    // The tablet paired with the same key is held back too; another store's key is not.
    expectRetryAfter((await doPainel(cookie)).res)
    expect((await daLoja(outraChave)).res.status).toBe(200)

    // One drops its connection abruptly: its slot frees, and one more may open (no more).
    streams[2]?.fechar()
    expect((await ateAbrir(() => daLoja())).res.status).toBe(200)
    expectRetryAfter((await daLoja()).res)
    // The tablet's board closing frees a slot too.
    streams[0]?.fechar()
    expect((await ateAbrir(() => doPainel(cookie))).res.status).toBe(200)
    expectRetryAfter((await doPainel(cookie)).res)
  })

  it(`holds at most ${EVENTOS_POR_CLIENTE} event streams per customer, and frees one when it closes`, async () => {
    const streams = []
    for (let i = 0; i < EVENTOS_POR_CLIENTE; i++) streams.push(await doCliente())
    for (const s of streams) expect(s.res.status).toBe(200)
    expectRetryAfter((await doCliente()).res)
    streams[4]?.fechar()
    expect((await ateAbrir(doCliente)).res.status).toBe(200)
    expectRetryAfter((await doCliente()).res)
  })

  it('sends the security headers of every other answer on the event streams', async () => {
    const cookie = await tablet()
    const casos = [
      {
        normal: await fetch(`${base}/api/loja/v1/encomendas`, { headers: { authorization: `Bearer ${chave}` } }),
        stream: (await daLoja()).res,
      },
      {
        normal: await fetch(`${base}/painel/api/sessao`, { headers: { cookie: `balcao_painel=${cookie}` } }),
        stream: (await doPainel(cookie)).res,
      },
      {
        normal: await fetch(`${base}/api/configuracao`, {
          headers: { accept: 'application/json', 'x-api-version': '1.0', cookie: `balcao_sessao=${cliente.cookie}` },
        }),
        stream: (await doCliente()).res,
      },
    ]
    for (const { normal, stream } of casos) {
      expect(normal.status).toBe(200)
      expect(stream.status).toBe(200)
      expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
      const seguranca = HELMET_HEADERS.filter((name) => normal.headers.has(name))
      expect(seguranca).toEqual(expect.arrayContaining(['content-security-policy', 'x-content-type-options']))
      expect(seguranca.length).toBeGreaterThan(5)
      for (const name of seguranca) expect([name, stream.headers.get(name)]).toEqual([name, normal.headers.get(name)])
      // The surface's own too: a stream is never cached.
      expect(stream.headers.get('cache-control')).toBe('no-store')
    }
  })
})
