import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { HOUR, manualClock, systemClock } from '../../platform/clock.ts'
import { purgarEventos, REPLAY_MAX } from '../../platform/registo-eventos.ts'
import { lojasChavesRepo } from '../../platform/store-keys.ts'
import { insertContas, insertLoja, insertRestaurante } from '../../testing/fixtures.ts'
import { createTestApp, device, testDialects } from '../../testing/harness.ts'

/**
 * A stream that comes back (a phone that lost its signal, a process restarted by a deploy) is sent what it missed from
 * the event log, in order and under the same ids, instead of being told to read everything again; `reler` only when
 * the log no longer reaches back to where it was (docs/decisions/0056).
 */

const TELEMOVEL = '912345678'
const OUTRO = '913456789'
const PASSWORD = '135790'

/** A stream's blocks as they arrive: event name, data and id, until told to stop. */
function leitor(res: Response, abortar: AbortController) {
  const corpo = res.body?.pipeThrough(new TextDecoderStream()).getReader()
  if (!corpo) throw new Error('no body')
  let buffer = ''
  const blocos: Array<{ evento: string; dados: string; id: string | undefined }> = []
  const ler = async (ate: (b: typeof blocos) => boolean, timeoutMs = 3000) => {
    const fim = Date.now() + timeoutMs
    while (!ate(blocos)) {
      const falta = fim - Date.now()
      if (falta <= 0) throw new Error(`stream: not within ${timeoutMs} ms; got ${JSON.stringify(blocos)}`)
      const pedaco = await Promise.race([
        corpo.read(),
        new Promise<'tempo'>((r) => setTimeout(() => r('tempo'), falta)),
      ])
      if (pedaco === 'tempo' || pedaco.done) continue
      buffer += pedaco.value
      const partes = buffer.split('\n\n')
      buffer = partes.pop() ?? ''
      for (const parte of partes) {
        const evento = /^event: (.*)$/m.exec(parte)?.[1]
        if (evento)
          blocos.push({ evento, dados: /^data: (.*)$/m.exec(parte)?.[1] ?? '', id: /^id: (.*)$/m.exec(parte)?.[1] })
      }
    }
    return blocos
  }
  return {
    blocos,
    /** Waits for `n` blocks named `evento` and answers them. */
    async ate(evento: string, n = 1, timeoutMs?: number) {
      await ler((b) => b.filter((x) => x.evento === evento).length >= n, timeoutMs)
      return blocos.filter((x) => x.evento === evento)
    },
    /** Closes the connection, as a phone that lost its signal (the server sees the socket go). */
    fechar: () => abortar.abort(),
  }
}

describe.each(testDialects())('a stream that reconnects, on %s', (dialect) => {
  const clock = manualClock()
  let ctx: Awaited<ReturnType<typeof setUp>>

  async function setUp() {
    clock.set(new Date())
    const t = await createTestApp(dialect, { LOG_LEVEL: 'error' }, { clock })
    const db = t.database.db
    const { id } = await insertRestaurante(db, { tag: 'nata-e-grao', name: 'Nata & Grão' })
    await insertLoja(db, { tag: 'chiado', restaurante_id: id, id_loja: 862 })
    const chave = (await lojasChavesRepo(db, systemClock).create(862, 'pos-862')).chave
    await insertContas(db, [TELEMOVEL, OUTRO], PASSWORD)
    const ids = Object.fromEntries(
      (await db.selectFrom('utilizadores').select(['id', 'telemovel']).execute()).map((u) => [u.telemovel, u.id]),
    )
    const cliente = device(t)
    const login = await cliente.call('POST', '/login', { telemovel: TELEMOVEL, pais: '351', password: PASSWORD })
    expect(login.statusCode, login.body).toBe(200)
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
    let seq = 0
    /** The till registers a purchase for a customer (STORE-API.md `compras`). */
    const compra = async (telemovel = TELEMOVEL) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/loja/v1/compras',
        headers: { authorization: `Bearer ${chave}`, 'idempotency-key': `c${++seq}` },
        payload: { cliente_id: ids[telemovel], total: 500, saldo_a_usar: 0, referencia: `FT ${seq}` },
      })
      expect(res.statusCode, res.body).toBe(201)
    }
    const abrir = async (onde: { lastEventId?: string; desde?: string } = {}) => {
      const abortar = new AbortController()
      const res = await fetch(`${base}/api/eventos?v=1.0${onde.desde === undefined ? '' : `&desde=${onde.desde}`}`, {
        signal: abortar.signal,
        headers: {
          cookie: `balcao_sessao=${cliente.cookie}`,
          ...(onde.lastEventId === undefined ? {} : { 'last-event-id': onde.lastEventId }),
        },
      })
      expect(res.status).toBe(200)
      return leitor(res, abortar)
    }
    return { t, compra, abrir }
  }

  beforeEach(async () => {
    ctx = await setUp()
  })
  afterEach(async () => {
    // The test's fetch keeps a closed stream's socket a few seconds: the server need not wait for it.
    ctx?.t.app.server.closeAllConnections()
    await ctx?.t.close()
  })

  /** A stream that saw one purchase and then dropped: the id it last saw. */
  async function idDepoisDeUmaCompra() {
    const primeira = await ctx.abrir()
    const [ping] = await primeira.ate('ping')
    // A new stream starts from the newest event in the log: its first ping says which.
    expect(ping?.id).toMatch(/^\d+$/)
    await ctx.compra()
    const [evento] = await primeira.ate('utilizador')
    expect(Number(evento?.id)).toBeGreaterThan(Number(ping?.id))
    primeira.fechar()
    return evento?.id ?? ''
  }

  it('coming back with Last-Event-ID, it is sent the events it missed, in order under their ids, and no reler', async () => {
    const visto = await idDepoisDeUmaCompra()
    // While it is away: two purchases of this customer's, one of another customer's.
    await ctx.compra()
    await ctx.compra(OUTRO)
    await ctx.compra()
    const volta = await ctx.abrir({ lastEventId: visto })
    const [a, b] = (await volta.ate('utilizador', 2)).map((e) => Number(e.id))
    expect(a).toBeGreaterThan(Number(visto))
    expect(b).toBeGreaterThan(a ?? 0)
    // A purchase made now arrives live after them, under a newer id.
    await ctx.compra()
    const todos = await volta.ate('utilizador', 3)
    expect(Number(todos[2]?.id)).toBeGreaterThan(Number(todos[1]?.id))
    // The notifications the purchases brought were missed too, and replayed; never a reler, nor the other's events.
    expect(volta.blocos.filter((b) => b.evento === 'reler')).toEqual([])
    expect(volta.blocos.filter((b) => b.evento === 'utilizador')).toHaveLength(3)
    volta.fechar()
  })

  it('a stream the app opens anew says where it was in ?desde=; the browser’s own Last-Event-ID wins over it', async () => {
    const visto = await idDepoisDeUmaCompra()
    await ctx.compra()
    const nova = await ctx.abrir({ desde: visto })
    const [perdido] = await nova.ate('utilizador')
    expect(Number(perdido?.id)).toBeGreaterThan(Number(visto))
    nova.fechar()
    // The header says it saw that one already: nothing to replay, and no reler.
    const ambos = await ctx.abrir({ lastEventId: perdido?.id ?? '', desde: visto })
    await expect(ambos.ate('utilizador', 1, 500)).rejects.toThrow()
    expect(ambos.blocos.filter((b) => b.evento === 'reler')).toEqual([])
    ambos.fechar()
  })

  it('when the log no longer reaches back to where it was, or the id is not one of its own, it says reler', async () => {
    const visto = await idDepoisDeUmaCompra()
    await ctx.compra()
    // An hour and more later, the hourly purge: what it saw is gone from the log, the newest row kept.
    clock.advance(HOUR + 1000)
    await ctx.compra()
    await ctx.t.app.housekeeping()
    const restantes = await ctx.t.database.db.selectFrom('eventos').select('id').execute()
    expect(restantes.length).toBeGreaterThan(0)
    expect(restantes.map((r) => Number(r.id)).every((id) => id > Number(visto))).toBe(true)
    const tarde = await ctx.abrir({ lastEventId: visto })
    const [reler] = await tarde.ate('reler')
    // It says where the stream is now, so the next reconnection replays from there.
    expect(Number(reler?.id)).toBe(Math.max(...restantes.map((r) => Number(r.id))))
    expect(tarde.blocos.filter((b) => b.evento === 'utilizador')).toEqual([])
    tarde.fechar()
    for (const estranho of ['abc-12', '0', '-3', '99999999999999999999', `${Number(reler?.id) + 1000}`]) {
      const s = await ctx.abrir({ lastEventId: estranho })
      await s.ate('reler')
      s.fechar()
    }
  })

  it('more missed events than are worth replaying: reler instead', async () => {
    const visto = await idDepoisDeUmaCompra()
    const db = ctx.t.database.db
    const canal = (
      await db.selectFrom('eventos').select('canal').where('id', '=', Number(visto)).executeTakeFirstOrThrow()
    ).canal
    await db
      .insertInto('eventos')
      .values(
        Array.from({ length: REPLAY_MAX + 1 }, () => ({
          canal,
          evento: JSON.stringify({ tipo: 'utilizador' }),
          criado_em: clock.now().toISOString(),
        })),
      )
      .execute()
    const volta = await ctx.abrir({ lastEventId: visto })
    await volta.ate('reler')
    expect(volta.blocos.filter((b) => b.evento === 'utilizador')).toEqual([])
    volta.fechar()
  })

  it('the purge keeps the newest row, however old, and purges by the oldest ids first', async () => {
    const db = ctx.t.database.db
    const s = await ctx.abrir()
    await ctx.compra()
    // Once the stream heard it, the bus has written it.
    await s.ate('utilizador')
    s.fechar()
    const antes = await db.selectFrom('eventos').select(['id']).orderBy('id').execute()
    expect(antes.length).toBeGreaterThan(1)
    await purgarEventos(db, new Date(clock.now().getTime() + 10 * HOUR).toISOString())
    const depois = await db.selectFrom('eventos').select(['id']).execute()
    expect(depois.map((r) => Number(r.id))).toEqual([Number(antes.at(-1)?.id)])
    // Purged again, nothing more goes.
    expect(await purgarEventos(db, new Date(clock.now().getTime() + 10 * HOUR).toISOString())).toBe(0)
  })
})
