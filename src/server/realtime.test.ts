import { type ChildProcess, spawn } from 'node:child_process'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { systemClock } from './platform/clock.ts'
import { canais, createMemoryEventBus, type EventBus, RELER } from './platform/eventos.ts'
import { SSE_HEARTBEAT_MS } from './platform/sse.ts'
import { lojasChavesRepo } from './platform/store-keys.ts'
import { insertContas, insertLoja, insertRestaurante } from './testing/fixtures.ts'
import { createTestApp, device, lastSmsCode, testDialects } from './testing/harness.ts'
import { portaAnunciada } from './testing/porta-anunciada.ts'
import { sseReader } from './testing/sse.ts'

/**
 * Real time: a change to a customer's record reaches their open screens, over the session's one event
 * stream, from whichever process made it.
 */

const TELEMOVEL = '912345678'
const PASSWORD = '135790'

async function setUp(dialect: 'sqlite' | 'postgres', bus?: EventBus) {
  const t = await createTestApp(dialect, { LOG_LEVEL: 'error' }, bus ? { bus } : {})
  const db = t.database.db
  const { id } = await insertRestaurante(db, { tag: 'nata-e-grao', name: 'Nata & Grão' })
  await insertLoja(db, { tag: 'chiado', restaurante_id: id, id_loja: 862 })
  const chave = (await lojasChavesRepo(db, systemClock).create(862, 'pos-862')).chave
  await insertContas(db, [TELEMOVEL], PASSWORD)
  const clienteId = (
    await db.selectFrom('utilizadores').select('id').where('telemovel', '=', TELEMOVEL).executeTakeFirstOrThrow()
  ).id
  const cliente = device(t)
  const login = await cliente.call('POST', '/login', { telemovel: TELEMOVEL, pais: '351', password: PASSWORD })
  expect(login.statusCode, login.body).toBe(200)
  let seq = 0
  /** The till registers a purchase (STORE-API.md `compras`) on process A, this customer's or another's. */
  const compra = (cliente = clienteId) =>
    t.app.inject({
      method: 'POST',
      url: '/api/loja/v1/compras',
      headers: { authorization: `Bearer ${chave}`, 'idempotency-key': `c${++seq}` },
      payload: { cliente_id: cliente, total: 500, saldo_a_usar: 0, referencia: `FT ${seq}` },
    })
  const stream = (base: string) =>
    fetch(`${base}/api/eventos?v=1.0`, { headers: { cookie: `balcao_sessao=${cliente.cookie}` } })
  return { t, cliente, clienteId, compra, stream }
}

describe.each(testDialects())('the session’s event stream on %s', (dialect) => {
  let ctx: Awaited<ReturnType<typeof setUp>>
  beforeEach(async () => {
    ctx = await setUp(dialect)
  })
  afterEach(() => ctx?.t.close())

  it('tells an open screen that the customer’s record changed when the till registers a purchase', async () => {
    await ctx.t.app.listen({ port: 0, host: '127.0.0.1' })
    const base = `http://127.0.0.1:${(ctx.t.app.server.address() as AddressInfo).port}`
    const res = await ctx.stream(base)
    expect(res.status).toBe(200)
    const ler = sseReader(res)
    expect((await ctx.compra()).statusCode).toBe(201)
    expect(await ler.next('utilizador')).toEqual({})
    ler.cancel()
  })
})

describe.each(testDialects())('a quiet stream, on %s', (dialect) => {
  let ctx: Awaited<ReturnType<typeof setUp>>
  beforeEach(async () => {
    ctx = await setUp(dialect)
  })
  afterEach(async () => {
    vi.useRealTimers()
    await ctx?.t.close()
  })

  it('says it is alive every 25 s with a ping event, which a page sees (a comment it would not)', async () => {
    await ctx.t.app.listen({ port: 0, host: '127.0.0.1' })
    const base = `http://127.0.0.1:${(ctx.t.app.server.address() as AddressInfo).port}`
    // Only the stream's own heartbeat timer is the test's to move on.
    vi.useFakeTimers({ toFake: ['setInterval'] })
    const res = await ctx.stream(base)
    const corpo = res.body?.pipeThrough(new TextDecoderStream()).getReader()
    if (!corpo) throw new Error('no body')
    let texto = ''
    let leitura: ReturnType<typeof corpo.read> | null = null
    /** Reads until the text past `desde` holds `ate`, for at most 2 s (a read still pending is picked up by the next call). */
    const ler = async (ate: string, desde = 0) => {
      const fim = Date.now() + 2000
      while (!texto.slice(desde).includes(ate) && Date.now() < fim) {
        leitura ??= corpo.read()
        const parte = await Promise.race([leitura, new Promise<null>((r) => setTimeout(() => r(null), 100))])
        if (parte === null) continue
        leitura = null
        if (parte.done) break
        texto += parte.value
      }
    }
    try {
      await ler('retry:')
      // The first says where the stream starts from in the event log (features/eventos/reconexao.test.ts).
      await ler('event: ping')
      const inicio = Number(/^id: (\d+)\nevent: ping\ndata: \{\}\n\n/m.exec(texto)?.[1])
      expect(inicio).toBeGreaterThan(0)
      // Another customer's purchase: nothing for this stream, but the log moved on.
      const [outro] = await insertContas(ctx.t.database.db, ['913456789'], PASSWORD)
      expect((await ctx.compra(outro)).statusCode).toBe(201)
      const escrito = async () =>
        Number(
          (
            await ctx.t.database.db
              .selectFrom('eventos')
              .select((eb) => eb.fn.max('id').as('id'))
              .where('canal', '=', `utilizador:${outro}`)
              .executeTakeFirst()
          )?.id ?? 0,
        )
      for (let i = 0; i < 50 && (await escrito()) === 0; i++) await new Promise((r) => setTimeout(r, 20))
      await new Promise((r) => setTimeout(r, 100))
      const antes = texto.length
      vi.advanceTimersByTime(SSE_HEARTBEAT_MS)
      await ler('ping', antes)
      // A named event with data (EventSource drops one without), saying where the stream stands: past the other's
      // event, which it had no need of, so that a stream quiet for longer than the log keeps a place it holds.
      const batimento = texto.slice(antes)
      expect(batimento).toMatch(/^id: \d+\nevent: ping\ndata: \{\}\n\n/m)
      expect(Number(/^id: (\d+)$/m.exec(batimento)?.[1])).toBeGreaterThanOrEqual(await escrito())
      expect(await escrito()).toBeGreaterThan(inicio)
      expect(batimento).not.toMatch(/^: ping/m)
    } finally {
      void corpo.cancel()
    }
  })
})

// A stream that reconnects (Last-Event-ID, ?desde=) and the event log: features/eventos/reconexao.test.ts.

describe.each(testDialects())('the bus lost events, on %s', (dialect) => {
  it('the app is told to read again, and a session ended meanwhile is signed out', async () => {
    const bus = createMemoryEventBus()
    const ctx = await setUp(dialect, bus)
    try {
      await ctx.t.app.listen({ port: 0, host: '127.0.0.1' })
      const base = `http://127.0.0.1:${(ctx.t.app.server.address() as AddressInfo).port}`
      const ler = sseReader(await ctx.stream(base))
      // The session ends while the bus is away (its event never arrives), then the bus is back.
      await ctx.t.database.db.updateTable('sessoes').set({ revogada_em: new Date().toISOString() }).execute()
      bus.publish(canais.utilizador(ctx.clienteId), RELER)
      expect(await ler.next('reler')).toEqual({})
      expect(await ler.next('sessao-terminada')).toEqual({})
      expect(await ler.ended()).toBe(true)
    } finally {
      await ctx.t.close()
    }
  })
})

describe.each(testDialects())('a session ended elsewhere, on %s', (dialect) => {
  let ctx: Awaited<ReturnType<typeof setUp>>
  beforeEach(async () => {
    ctx = await setUp(dialect)
  })
  afterEach(() => ctx?.t.close())

  it('the password changed on another device: this session’s stream says so and ends; that device’s goes on', async () => {
    await ctx.t.app.listen({ port: 0, host: '127.0.0.1' })
    const base = `http://127.0.0.1:${(ctx.t.app.server.address() as AddressInfo).port}`
    const aqui = sseReader(await ctx.stream(base))
    const outro = device(ctx.t, '203.0.113.20')
    expect(
      (await outro.call('POST', '/login', { telemovel: TELEMOVEL, pais: '351', password: PASSWORD })).statusCode,
    ).toBe(200)
    const ali = sseReader(
      await fetch(`${base}/api/eventos?v=1.0`, { headers: { cookie: `balcao_sessao=${outro.cookie}` } }),
    )
    const mudou = await outro.call('POST', '/alterar-password', { password: '246810', confirmacaoPassword: '246810' })
    expect(mudou.statusCode, mudou.body).toBe(200)
    expect(await aqui.next('sessao-terminada')).toEqual({})
    expect(await aqui.ended()).toBe(true)
    // The device that changed it keeps its session, and its stream hears nothing of the kind.
    await expect(ali.next('sessao-terminada', 300)).rejects.toThrow()
    expect((await ctx.stream(base)).status).toBe(401)
    aqui.cancel()
    ali.cancel()
  })

  it('the phone changed on this device: its own screen stays signed in (a new session), the others are signed out', async () => {
    await ctx.t.app.listen({ port: 0, host: '127.0.0.1' })
    const base = `http://127.0.0.1:${(ctx.t.app.server.address() as AddressInfo).port}`
    const aqui = sseReader(await ctx.stream(base))
    const outro = device(ctx.t, '203.0.113.20')
    await outro.call('POST', '/login', { telemovel: TELEMOVEL, pais: '351', password: PASSWORD })
    const ali = sseReader(
      await fetch(`${base}/api/eventos?v=1.0`, { headers: { cookie: `balcao_sessao=${outro.cookie}` } }),
    )
    const pedido = await ctx.cliente.call('POST', '/alterar-telemovel', {
      telemovel: '961234567',
      pais: '351',
      confirmacaoTelemovel: '961234567',
      confirmacaoPais: '351',
    })
    expect(pedido.statusCode, pedido.body).toBe(200)
    const codigo = await lastSmsCode(ctx.t, '+351961234567')
    const feito = await ctx.cliente.call('POST', `/alterar-telemovel/${pedido.json().data.hash}`, { codigo })
    expect(feito.statusCode, feito.body).toBe(200)
    expect(await ali.next('sessao-terminada')).toEqual({})
    await expect(aqui.next('sessao-terminada', 300)).rejects.toThrow()
    aqui.cancel()
    ali.cancel()
  })

  it('signing out in one tab signs out the other tabs of that session (same cookie), and no other device', async () => {
    await ctx.t.app.listen({ port: 0, host: '127.0.0.1' })
    const base = `http://127.0.0.1:${(ctx.t.app.server.address() as AddressInfo).port}`
    const separador = sseReader(await ctx.stream(base))
    const outro = device(ctx.t, '203.0.113.20')
    await outro.call('POST', '/login', { telemovel: TELEMOVEL, pais: '351', password: PASSWORD })
    const ali = sseReader(
      await fetch(`${base}/api/eventos?v=1.0`, { headers: { cookie: `balcao_sessao=${outro.cookie}` } }),
    )
    const saiu = await ctx.cliente.call('POST', '/api/logout', { value: true })
    expect(saiu.statusCode, saiu.body).toBe(200)
    expect(await separador.next('sessao-terminada')).toEqual({})
    expect(await separador.ended()).toBe(true)
    await expect(ali.next('sessao-terminada', 300)).rejects.toThrow()
    ali.cancel()
  })

  it('a new security key (and QR), or another NIF chosen, tells the other open screens to read the data again', async () => {
    await ctx.t.app.listen({ port: 0, host: '127.0.0.1' })
    const base = `http://127.0.0.1:${(ctx.t.app.server.address() as AddressInfo).port}`
    const outro = device(ctx.t, '203.0.113.20')
    await outro.call('POST', '/login', { telemovel: TELEMOVEL, pais: '351', password: PASSWORD })
    const ali = sseReader(
      await fetch(`${base}/api/eventos?v=1.0`, { headers: { cookie: `balcao_sessao=${outro.cookie}` } }),
    )
    const chave = await ctx.cliente.call('POST', '/chave-seguranca', { selecao: 1, gerar: true })
    expect(chave.statusCode, chave.body).toBe(200)
    expect(await ali.next('utilizador')).toEqual({})
    await ctx.t.database.db.updateTable('utilizadores').set({ nif1: '123456789' }).execute()
    const nif = await ctx.cliente.call('POST', '/api/grava-selecao-nif', { selecao: 'principal' })
    expect(nif.statusCode, nif.body).toBe(200)
    expect(await ali.next('utilizador')).toEqual({})
    ali.cancel()
  })

  it('changing one’s own data tells the other open screens to read it again', async () => {
    await ctx.t.app.listen({ port: 0, host: '127.0.0.1' })
    const base = `http://127.0.0.1:${(ctx.t.app.server.address() as AddressInfo).port}`
    const aqui = sseReader(await ctx.stream(base))
    const dados = { nome: 'Ana Silva', email: 'ana@exemplo.pt', dataNascimento: '1990-05-17', aceitacao: true }
    const mudou = await ctx.cliente.call('POST', '/alterar-dados-pessoais', dados)
    expect(mudou.statusCode, mudou.body).toBe(200)
    expect(await aqui.next('utilizador')).toEqual({})
    aqui.cancel()
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('the event stream across two server processes on PostgreSQL', () => {
  let ctx: Awaited<ReturnType<typeof setUp>>
  let segundo: ChildProcess | undefined
  beforeEach(async () => {
    ctx = await setUp('postgres')
  })
  afterEach(async () => {
    if (segundo && segundo.exitCode === null) {
      const saiu = new Promise((r) => segundo?.once('exit', r))
      segundo.kill('SIGTERM')
      await saiu
    }
    await ctx.t.close()
  })

  /** Starts src/server/testing/second-process.ts on the same schema and answers its address. */
  async function segundoProcesso(): Promise<string> {
    const filho = spawn(process.execPath, ['--import', 'tsx', 'src/server/testing/second-process.ts'], {
      env: { ...process.env, TEST_SCHEMA: ctx.t.database.schema },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    segundo = filho
    const porta = await portaAnunciada(filho, 'second process')
    return `http://127.0.0.1:${porta}`
  }

  it('a purchase registered on one process reaches the screen open on the other within a second', async () => {
    const outro = await segundoProcesso()
    const res = await ctx.stream(outro)
    expect(res.status).toBe(200)
    const ler = sseReader(res)
    // The response's headers are written in the same turn as the subscription: once they are here, it listens.
    const antes = performance.now()
    expect((await ctx.compra()).statusCode).toBe(201)
    expect(await ler.next('utilizador', 1000)).toEqual({})
    expect(performance.now() - antes).toBeLessThan(1000)
    ler.cancel()
  }, 30_000)
})
