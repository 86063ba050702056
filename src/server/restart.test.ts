import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { API_VERSION } from '../shared/api.ts'
import { todosOsDias } from './features/encomendas/horario.ts'
import { systemClock } from './platform/clock.ts'
import { type DatabaseHandle, openDatabase } from './platform/db.ts'
import { migrateToLatest } from './platform/migrate.ts'
import { lojasChavesRepo } from './platform/store-keys.ts'
import { ementaDeTeste, pedidoDeTeste, TOTAL_DE_TESTE as TOTAL } from './testing/ementa.ts'
import { insertContas, insertLoja, insertRestaurante } from './testing/fixtures.ts'
import { createTestDatabase, testDialects } from './testing/harness.ts'
import { portaAnunciada } from './testing/porta-anunciada.ts'

/**
 * A server killed between payment and callback, then restarted: the order ends paid exactly once. Real
 * processes on one database: the customer's phone pays while the server that asked for the payment is killed
 * (SIGKILL: no shutdown, no callback handled), then two servers start on the same database at once; each reconciles
 * payments as it starts, and the order is paid, credited and announced once.
 */

const TELEMOVEL = '912345678'
const PASSWORD = '135790'

interface Processo {
  url: string
  filho: ChildProcess
}

const vivos = new Set<ChildProcess>()

/** A server process (src/server/testing/second-process.ts) with its schedulers on, as in production. */
async function arrancar(databaseUrl: string, schema: string | undefined): Promise<Processo> {
  const filho = spawn(process.execPath, ['--import', 'tsx', 'src/server/testing/second-process.ts'], {
    env: {
      ...process.env,
      TEST_DATABASE_URL: databaseUrl,
      ...(schema ? { TEST_SCHEMA: schema } : {}),
      TEST_APP_NODE_ENV: 'development',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  vivos.add(filho)
  filho.once('exit', () => vivos.delete(filho))
  const porta = await portaAnunciada(filho, 'server process')
  return { url: `http://127.0.0.1:${porta}`, filho }
}

async function parar(filho: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (filho.exitCode !== null || filho.signalCode !== null) return
  const saiu = new Promise((resolve) => filho.once('exit', resolve))
  filho.kill(signal)
  await saiu
}

/** A customer's device against a server process: JSON, the API version, and the session cookie it is given. */
function cliente() {
  let cookie = ''
  return async (base: string, method: 'GET' | 'POST', path: string, body?: unknown, headers = {}) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        'x-api-version': API_VERSION,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const set = res.headers.getSetCookie().find((c) => c.startsWith('balcao_sessao='))
    if (set) cookie = set.split(';')[0] ?? ''
    return { status: res.status, json: (await res.json()) as { data: Record<string, unknown> } }
  }
}

describe.each(testDialects())('a restart between payment and callback on %s', (dialect) => {
  let database: DatabaseHandle
  let pasta: string | undefined

  afterEach(async () => {
    await Promise.all([...vivos].map((filho) => parar(filho, 'SIGKILL')))
    await database.close()
    if (pasta) rmSync(pasta, { recursive: true, force: true })
  })

  /** The test's own database, which the server processes share: a SQLite file, or a PostgreSQL schema. */
  async function abrirBase(): Promise<{ url: string; schema?: string }> {
    if (dialect === 'postgres') {
      database = await createTestDatabase('postgres')
      return { url: process.env.TEST_DATABASE_URL ?? '', schema: database.schema }
    }
    pasta = mkdtempSync(join(tmpdir(), 'balcao-restart-'))
    const url = `sqlite:${join(pasta, 'balcao.sqlite')}`
    database = openDatabase(url)
    await migrateToLatest(database.db)
    return { url }
  }

  it('the order ends paid exactly once, with one purchase in the ledger', async () => {
    const { url, schema } = await abrirBase()
    const db = database.db
    const { id } = await insertRestaurante(db, { tag: 'nata-e-grao', name: 'Nata & Grão' })
    const sempre = JSON.stringify(todosOsDias('00:00', '24:00'))
    await insertLoja(db, { tag: 'chiado', restaurante_id: id, id_loja: 862, horario_encomendas: sempre })
    const { chave } = await lojasChavesRepo(db, systemClock).create(862, 'pos-862')
    const [clienteId] = await insertContas(db, [TELEMOVEL], PASSWORD)

    const primeiro = await arrancar(url, schema)
    const menu = await fetch(`${primeiro.url}/api/loja/v1/ementa`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${chave}`, 'content-type': 'application/json' },
      body: JSON.stringify(ementaDeTeste()),
    })
    expect(menu.status).toBe(200)
    const pedir = cliente()
    expect(
      (await pedir(primeiro.url, 'POST', '/login', { telemovel: TELEMOVEL, pais: '351', password: PASSWORD })).status,
    ).toBe(200)
    const finalizada = await pedir(primeiro.url, 'POST', '/api/finaliza-encomenda', pedidoDeTeste(), {
      'idempotency-key': 'restart-1',
    })
    expect(finalizada.status, JSON.stringify(finalizada.json)).toBe(201)
    const orderId = (finalizada.json.data.orderData as { orderId: number }).orderId
    const [pedido] = await db.selectFrom('pagamentos_sandbox').selectAll().execute()
    expect(pedido).toMatchObject({ estado: 'pendente', valor: TOTAL })

    // The server dies; meanwhile the phone accepts: the provider has the payment, our server never heard of it.
    await parar(primeiro.filho, 'SIGKILL')
    await db
      .updateTable('pagamentos_sandbox')
      .set({ estado: 'pago' })
      .where('id', '=', pedido?.id ?? '')
      .execute()
    const antes = await db.selectFrom('encomendas').select(['estado']).where('id', '=', orderId).executeTakeFirst()
    expect(antes?.estado).toBe(-3)

    // Two servers start at once (a deploy, an autoscaler): each reconciles as it starts.
    const [a, b] = await Promise.all([arrancar(url, schema), arrancar(url, schema)])
    await expect
      .poll(
        async () => {
          const res = await pedir(a.url, 'GET', `/api/encomendas/${orderId}`)
          return (res.json.data as { status?: number }).status
        },
        { timeout: 10_000, interval: 100 },
      )
      .toBe(-1)
    // Whatever either process does next (the minute's reconciliation, a late callback) changes nothing more.
    const viaB = await pedir(b.url, 'GET', `/api/encomendas/${orderId}`)
    expect(viaB.json.data).toMatchObject({ status: -1, pago: true, valor_pago: TOTAL })
    const compras = await db
      .selectFrom('transacoes')
      .select(['tipo', 'valor_pago', 'saldo_adicionado', 'pontos_ganhos'])
      .where('utilizador_id', '=', clienteId ?? 0)
      .where('tipo', '=', 'compra')
      .execute()
    // One purchase of 7,90 €: 5% credit (0,40 €) and 7 points, once.
    expect(compras).toEqual([{ tipo: 'compra', valor_pago: TOTAL, saldo_adicionado: 40, pontos_ganhos: 7 }])
    const pago = await db
      .selectFrom('encomendas')
      .select(['estado', 'pagamento_estado'])
      .where('id', '=', orderId)
      .executeTakeFirst()
    expect(pago).toEqual({ estado: -1, pagamento_estado: 'pago' })
  }, 60_000)
})
