import net from 'node:net'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../testing/harness.ts'
import type { DatabaseHandle } from './db.ts'
import {
  createEventBus,
  createMemoryEventBus,
  createPostgresEventBus,
  type EventBus,
  type Evento,
  RELER,
} from './eventos.ts'

/** Collects what a listener hears, and waits for it. */
function ouvido() {
  const eventos: Evento[] = []
  return {
    eventos,
    ouvinte: (e: Evento) => {
      eventos.push(e)
    },
    async ate(n: number, timeoutMs = 2000) {
      const fim = Date.now() + timeoutMs
      while (eventos.length < n) {
        if (Date.now() > fim) throw new Error(`heard ${eventos.length} events of ${n} within ${timeoutMs} ms`)
        await new Promise((r) => setTimeout(r, 10))
      }
      return eventos
    },
  }
}

describe('the event bus in one process', () => {
  it('delivers to the channel’s listeners only, in order, and stops when told', async () => {
    const bus = createMemoryEventBus()
    const a = ouvido()
    const b = ouvido()
    const parar = bus.subscribe('utilizador:1', a.ouvinte)
    bus.subscribe('utilizador:2', b.ouvinte)
    bus.publish('utilizador:1', { tipo: 'encomenda', orderId: 1, status: -1 })
    bus.publish('utilizador:1', { tipo: 'encomenda', orderId: 1, status: 1 })
    parar()
    bus.publish('utilizador:1', { tipo: 'encomenda', orderId: 1, status: 2 })
    expect(a.eventos.map((e) => e.status)).toEqual([-1, 1])
    expect(b.eventos).toEqual([])
  })

  it('a listener that throws does not keep the event from the others', () => {
    const erros: unknown[] = []
    const bus = createMemoryEventBus((e) => erros.push(e))
    const a = ouvido()
    bus.subscribe('loja:1', () => {
      throw new Error('socket closed')
    })
    bus.subscribe('loja:1', a.ouvinte)
    bus.publish('loja:1', { tipo: 'encomenda', id: 3 })
    expect(a.eventos).toHaveLength(1)
    expect(erros).toHaveLength(1)
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('the event bus on PostgreSQL (LISTEN/NOTIFY)', () => {
  const abertos: Array<EventBus | DatabaseHandle> = []
  afterEach(async () => {
    for (const x of abertos.splice(0).reverse()) await x.close()
  })
  const base = async () => {
    const database = await createTestDatabase('postgres')
    abertos.push(database)
    return database
  }
  const bus = async (database: DatabaseHandle, erros: unknown[] = []) => {
    const b = await createEventBus(database, (e) => erros.push(e))
    abertos.push(b)
    return b
  }

  it('an event published by one process reaches the listeners of another (and its own), in order', async () => {
    const database = await base()
    const um = await bus(database)
    const outro = await bus(database)
    const aqui = ouvido()
    const ali = ouvido()
    um.subscribe('utilizador:7', aqui.ouvinte)
    outro.subscribe('utilizador:7', ali.ouvinte)
    outro.subscribe('utilizador:8', () => {
      throw new Error('not this one')
    })
    // Published in one go, as a burst of changes would be: they leave in the order they were published.
    const estados = Array.from({ length: 30 }, (_, i) => i)
    for (const status of estados) um.publish('utilizador:7', { tipo: 'encomenda', orderId: 4, status })
    expect((await ali.ate(30)).map((e) => e.status)).toEqual(estados)
    expect((await aqui.ate(30)).map((e) => e.status)).toEqual(estados)
  })

  /** Another session ends the listening connections of a schema, as a PostgreSQL restart or a network cut would. */
  const terminarEscuta = async (database: DatabaseHandle) => {
    const admin = new pg.Client({ connectionString: database.url })
    await admin.connect()
    const { rowCount } = await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND pid <> pg_backend_pid()',
      [`balcao_eventos_${database.schema}`],
    )
    await admin.end()
    expect(rowCount).toBeGreaterThan(0)
  }

  it('keeps databases (schemas) apart: another schema’s process hears nothing', async () => {
    const um = await bus(await base())
    const outro = await bus(await base())
    const ali = ouvido()
    outro.subscribe('utilizador:7', ali.ouvinte)
    const aqui = ouvido()
    um.subscribe('utilizador:7', aqui.ouvinte)
    um.publish('utilizador:7', { tipo: 'utilizador' })
    await aqui.ate(1)
    await new Promise((r) => setTimeout(r, 100))
    expect(ali.eventos).toEqual([])
  })

  it('sends what was published before it closes (a command that sends one thing and exits)', async () => {
    const database = await base()
    const outro = await bus(database)
    const ali = ouvido()
    outro.subscribe('todos', ali.ouvinte)
    const curto = await createEventBus(database, () => {})
    curto.publish('todos', { tipo: 'notificacoes' })
    await curto.close()
    expect(await ali.ate(1)).toEqual([{ tipo: 'notificacoes' }])
  })

  it('refuses an event too large for NOTIFY, saying so, instead of failing somewhere else', async () => {
    const erros: unknown[] = []
    const um = await bus(await base(), erros)
    um.publish('utilizador:7', { tipo: 'utilizador', nota: 'x'.repeat(8000) })
    expect(String(erros[0])).toContain('too large')
  })

  it('listens again after its connection is cut, and tells every listener to read again', async () => {
    const database = await base()
    const erros: unknown[] = []
    const um = await bus(database, erros)
    const outro = await bus(database)
    const aqui = ouvido()
    um.subscribe('utilizador:7', aqui.ouvinte)
    // Another session ends the listening connection, as a PostgreSQL restart or a network cut would.
    await terminarEscuta(database)
    expect(await aqui.ate(1)).toEqual([RELER])
    const antes = aqui.eventos.length
    outro.publish('utilizador:7', { tipo: 'utilizador' })
    expect((await aqui.ate(antes + 1)).at(-1)).toEqual({ tipo: 'utilizador' })
  })

  it('tells a listener on several channels to read again once, not once per channel', async () => {
    const database = await base()
    const um = await bus(database)
    const aqui = ouvido()
    um.subscribe('utilizador:7', aqui.ouvinte)
    um.subscribe('todos', aqui.ouvinte)
    await terminarEscuta(database)
    expect(await aqui.ate(1)).toEqual([RELER])
    await new Promise((r) => setTimeout(r, 200))
    expect(aqui.eventos).toEqual([RELER])
  })

  it('finds a link dropped in silence (a NAT forgot it): no answer to its ping, it listens again and says read again', async () => {
    const database = await base()
    const proxy = await proxyCongelavel(new URL(database.url ?? ''))
    try {
      const erros: unknown[] = []
      const url = new URL(database.url ?? '')
      url.host = `127.0.0.1:${proxy.porta}`
      const um = await createPostgresEventBus({
        connectionString: url.href,
        db: database.db,
        schema: database.schema,
        onError: (e) => erros.push(e),
        pingMs: 100,
        pingTimeoutMs: 300,
      })
      abertos.push(um)
      const outro = await bus(database)
      const aqui = ouvido()
      um.subscribe('utilizador:7', aqui.ouvinte)
      // Nothing passes any more on the connection it holds, and nothing says it is closed: only asking finds out.
      proxy.congelar()
      expect(await aqui.ate(1, 5000)).toEqual([RELER])
      expect(String(erros[0])).toContain('no answer to a ping')
      outro.publish('utilizador:7', { tipo: 'utilizador' })
      expect((await aqui.ate(2)).at(-1)).toEqual({ tipo: 'utilizador' })
    } finally {
      proxy.fechar()
    }
  })
})

/**
 * A TCP relay to PostgreSQL whose open connections can be frozen: what either side sends is then dropped, and neither
 * is told, as when a NAT or a firewall forgets a connection. Connections opened after that pass again.
 */
async function proxyCongelavel(destino: URL) {
  const pares: Array<{ cliente: net.Socket; servidor: net.Socket; congelado: boolean }> = []
  const server = net.createServer((cliente) => {
    const servidor = net.connect(Number(destino.port || 5432), destino.hostname)
    const par = { cliente, servidor, congelado: false }
    pares.push(par)
    cliente.on('data', (d) => par.congelado || servidor.write(d))
    servidor.on('data', (d) => par.congelado || cliente.write(d))
    const fim = () => {
      cliente.destroy()
      servidor.destroy()
    }
    cliente.on('error', fim)
    servidor.on('error', fim)
    cliente.on('close', () => par.congelado || fim())
    servidor.on('close', () => par.congelado || fim())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    porta: (server.address() as net.AddressInfo).port,
    congelar() {
      for (const par of pares) par.congelado = true
    },
    fechar() {
      for (const { cliente, servidor } of pares) {
        cliente.destroy()
        servidor.destroy()
      }
      server.close()
    },
  }
}
