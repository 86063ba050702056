import { type ChildProcess, spawn } from 'node:child_process'
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { systemClock } from '../../platform/clock.ts'
import { sessoesRepo } from '../../platform/sessions.ts'
import { SSE_RETRY_MAX_MS, SSE_RETRY_MIN_MS } from '../../platform/sse.ts'
import { lojasChavesRepo } from '../../platform/store-keys.ts'
import { insertContas, insertLoja, insertRestaurante } from '../../testing/fixtures.ts'
import { createTestApp, type TestApp } from '../../testing/harness.ts'
import { portaAnunciada } from '../../testing/porta-anunciada.ts'
import { EVENTOS_POR_CLIENTE } from './routes.ts'

/**
 * A process holding thousands of open streams dies (a crash, a deploy): every phone reconnects to the other process.
 * They come back spread over the seconds each was told (`retry:`), each saying where it was, and each is sent what it
 * missed: nobody is told `reler`, so no phone reads everything again, and the reconnects a second stay bounded
 * (docs/decisions/0056).
 */

const CLIENTES = 100
const STREAMS = CLIENTES * EVENTOS_POR_CLIENTE
const PASSWORD = '135790'

/** One phone's stream, as a browser's EventSource keeps it: its last id, its wait, what it heard, where it went. */
interface Telefone {
  cliente: number
  token: string
  retry: number
  ultimoId: string
  ouvidos: string[]
  /** Its first stream dropped, and its reconnection is on its way. */
  caiu?: boolean
  /** When it connected again after the drop (ms since the process died), once it has. */
  voltouEm?: number
}

/**
 * Opens a stream for the phone and reads it until it closes. A first stream resolves once its first ping (with the
 * id it starts from) arrived; one that comes back, once it is answered (what it missed follows).
 */
function ligar(port: number, telefone: Telefone, aoFechar: () => void): Promise<void> {
  const voltou = telefone.ultimoId !== ''
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: '/api/eventos?v=1.0',
        agent: false,
        headers: {
          cookie: `balcao_sessao=${telefone.token}`,
          ...(telefone.ultimoId ? { 'last-event-id': telefone.ultimoId } : {}),
        },
      },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`stream answered ${res.statusCode}`))
          return
        }
        if (voltou) resolve()
        let buffer = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          buffer += chunk
          const blocos = buffer.split('\n\n')
          buffer = blocos.pop() ?? ''
          for (const bloco of blocos) {
            const retry = /^retry: (\d+)$/m.exec(bloco)?.[1]
            if (retry) telefone.retry = Number(retry)
            const id = /^id: (.+)$/m.exec(bloco)?.[1]
            if (id) telefone.ultimoId = id
            const evento = /^event: (.+)$/m.exec(bloco)?.[1]
            if (evento && evento !== 'ping') telefone.ouvidos.push(evento)
            if (evento === 'ping' && telefone.ultimoId) resolve()
          }
        })
        res.on('error', () => {})
        res.on('close', aoFechar)
      },
    )
    req.on('error', (error) => {
      reject(error)
      aoFechar()
    })
    req.end()
  })
}

describe.runIf(process.env.TEST_DATABASE_URL)('a process with thousands of open streams dies', () => {
  let t: TestApp
  let segundo: ChildProcess | undefined
  const telefones: Telefone[] = []

  beforeAll(async () => {
    t = await createTestApp('postgres', { LOG_LEVEL: 'error' })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    if (segundo?.exitCode === null) segundo.kill('SIGKILL')
    t.app.server.closeAllConnections()
    await t.close()
  })

  it(`${STREAMS} streams on one process come back to the other, spread out, each sent what it missed, none told reler`, async () => {
    const db = t.database.db
    const { id } = await insertRestaurante(db, { tag: 'nata-e-grao', name: 'Nata & Grão' })
    await insertLoja(db, { tag: 'chiado', restaurante_id: id, id_loja: 862 })
    const chave = (await lojasChavesRepo(db, systemClock).create(862, 'pos-862')).chave
    const ids = await insertContas(
      db,
      Array.from({ length: CLIENTES }, (_, i) => `91${String(i).padStart(7, '0')}`),
      PASSWORD,
    )
    const sessoes = sessoesRepo(db, systemClock)
    for (const cliente of ids) {
      // Each customer's phone, tablet and tabs: as many streams as one customer may hold on a process.
      for (let i = 0; i < EVENTOS_POR_CLIENTE; i++) {
        const { token } = await sessoes.create(cliente, true)
        telefones.push({ cliente, token, retry: 0, ultimoId: '', ouvidos: [] })
      }
    }
    let seq = 0
    const compra = async (cliente: number) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/loja/v1/compras',
        headers: { authorization: `Bearer ${chave}`, 'idempotency-key': `m${++seq}` },
        payload: { cliente_id: cliente, total: 500, saldo_a_usar: 0, referencia: `FT M/${seq}` },
      })
      expect(res.statusCode, res.body).toBe(201)
    }

    // The other process, holding every stream.
    const filho = spawn(process.execPath, ['--import', 'tsx', 'src/server/testing/second-process.ts'], {
      env: { ...process.env, TEST_SCHEMA: t.database.schema },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    segundo = filho
    const porta = await portaAnunciada(filho, 'second process')
    const aqui = (t.app.server.address() as AddressInfo).port
    let morreuEm = 0
    const voltas: Promise<void>[] = []
    for (let i = 0; i < telefones.length; i += 100) {
      await Promise.all(
        telefones.slice(i, i + 100).map((telefone) =>
          ligar(porta, telefone, () => {
            // As the browser does: after the wait the server gave, again, saying the last id it saw.
            if (telefone.caiu || morreuEm === 0) return
            telefone.caiu = true
            voltas.push(
              new Promise<void>((resolve, reject) => {
                // A connection refused or reset on the way (a busy machine's full accept queue) is tried again
                // after the same wait, as the browser does.
                const tentar = (falta: number) =>
                  setTimeout(() => {
                    telefone.voltouEm ??= Date.now() - morreuEm
                    ligar(aqui, telefone, () => {}).then(resolve, (error: unknown) =>
                      falta > 0 ? tentar(falta - 1) : reject(error),
                    )
                  }, telefone.retry)
                tentar(3)
              }),
            )
          }),
        ),
      )
    }
    // Each was told its own wait, within the range.
    const esperas = telefones.map((f) => f.retry)
    expect(Math.min(...esperas)).toBeGreaterThanOrEqual(SSE_RETRY_MIN_MS)
    expect(Math.max(...esperas)).toBeLessThanOrEqual(SSE_RETRY_MAX_MS)
    expect(new Set(esperas).size).toBeGreaterThan(STREAMS / 4)

    // A purchase heard live on the other process, through PostgreSQL.
    const primeiro = ids[0] ?? 0
    await compra(primeiro)
    const ouvinteVivo = telefones.find((f) => f.cliente === primeiro)
    for (let i = 0; i < 100 && !ouvinteVivo?.ouvidos.includes('utilizador'); i++)
      await new Promise((r) => setTimeout(r, 50))
    expect(ouvinteVivo?.ouvidos).toContain('utilizador')

    // The process dies with every stream open; while the phones are away, the tills ring for a tenth of the customers.
    morreuEm = Date.now()
    filho.kill('SIGKILL')
    const comCompra = ids.filter((_, i) => i % 10 === 1)
    for (const cliente of comCompra) await compra(cliente)
    await new Promise((r) => setTimeout(r, 200))
    expect(voltas.length).toBe(STREAMS)
    await Promise.all(voltas)

    // Every stream of a customer whose till rang is sent that purchase; nobody reads everything again.
    const aReceber = telefones.filter((x) => comCompra.includes(x.cliente))
    for (let i = 0; i < 100 && aReceber.some((f) => !f.ouvidos.includes('utilizador')); i++)
      await new Promise((r) => setTimeout(r, 50))
    expect(telefones.filter((f) => f.ouvidos.includes('reler'))).toEqual([])
    for (const f of telefones.filter((x) => comCompra.includes(x.cliente))) {
      expect(f.ouvidos.filter((o) => o === 'utilizador').length, `customer ${f.cliente}`).toBeGreaterThanOrEqual(1)
    }
    const semCompra = telefones.filter((x) => !comCompra.includes(x.cliente) && x.cliente !== primeiro)
    expect(semCompra.filter((f) => f.ouvidos.includes('utilizador'))).toEqual([])

    // Spread over the waits: no second holds more than a quarter of the reconnects (uniform over 2–8 s, about a sixth),
    // where a fixed wait would have brought them all in the same one.
    const porSegundo = new Map<number, number>()
    for (const f of telefones) {
      const s = Math.floor((f.voltouEm ?? 0) / 1000)
      porSegundo.set(s, (porSegundo.get(s) ?? 0) + 1)
    }
    const pico = Math.max(...porSegundo.values())
    console.log(
      `reconnects per second after the process died: ${JSON.stringify([...porSegundo].sort((a, b) => a[0] - b[0]))}`,
    )
    expect(pico).toBeLessThanOrEqual(STREAMS / 4)
  }, 120_000)
})
