import { sql } from 'kysely'
import pg from 'pg'
import type { Database } from './db.ts'
import { type RegistoEventos, registoEventos } from './registo-eventos.ts'

/**
 * The event bus: who must hear that something changed, now. Channels name whom an event concerns (`utilizador:12`,
 * `loja:862`); events carry ids and states, never personal data, so that they may pass between processes as they are.
 * Two implementations: in this process (SQLite: one process), and PostgreSQL LISTEN/NOTIFY (any number of processes
 * on one database); `createEventBus` picks by the database, as DATABASE_URL does.
 *
 * Publishing happens after the change is committed: a listener that reads the database then sees it. With a database,
 * each event is written to the event log first (platform/registo-eventos.ts) and delivered under the log's id, which a
 * stream sends with it, so that a stream that reconnects is sent what it missed (docs/decisions/0056).
 */
export interface Evento {
  tipo: string
  [campo: string]: string | number | boolean | null
}

/** `id`: the event's id in the log, when it was written there (`RELER` and a bus without a database have none). */
export type Ouvinte = (evento: Evento, id?: string) => void

export interface EventBus {
  publish(canal: string, evento: Evento): void
  /** Starts listening; the returned function stops. */
  subscribe(canal: string, ouvinte: Ouvinte): () => void
  /** The log the events are written to, for the streams that reconnect; null for a bus without a database. */
  registo: RegistoEventos | null
  /** Stops delivering and lets go of its connection, if it has one. */
  close(): Promise<void>
}

/**
 * Told to every listener when events may have been missed (the bus lost its connection to PostgreSQL and is back):
 * whoever shows something live reads it again.
 */
export const RELER: Evento = { tipo: 'reler' }

/** The customer's record changed (a purchase at the till, a refund, their data): their app reads it again. */
export const UTILIZADOR_ALTERADO: Evento = { tipo: 'utilizador' }

/** Some of the customer's sessions were ended: each open stream checks its own, and signs its app out if it was. */
export const SESSOES_TERMINADAS: Evento = { tipo: 'sessoes' }

/** A notification arrived or was read: the header's count and the list are read again. */
export const NOTIFICACOES_ALTERADAS: Evento = { tipo: 'notificacoes' }

export const canais = {
  /** What concerns every signed-in customer (a notification for everyone). */
  todos: 'todos',
  utilizador: (id: number) => `utilizador:${id}`,
  loja: (idLoja: number) => `loja:${idLoja}`,
}

/**
 * The channels whose events go to the log: the customers' streams replay them. A store's board is sent its open orders
 * when it connects (its state is that list), so its channel's events are told at once and not written.
 */
export function registavel(canal: string): boolean {
  return canal === canais.todos || canal.startsWith('utilizador:')
}

/** The listeners of this process, by channel. */
function createOuvintes(onError: (error: unknown) => void) {
  const ouvintes = new Map<string, Set<Ouvinte>>()
  /** The newest log id delivered here. */
  let entregue: number | undefined
  const chamar = (ouvinte: Ouvinte, evento: Evento, id?: string) => {
    // One broken listener (a closed socket) must not keep the event from the others.
    try {
      ouvinte(evento, id)
    } catch (error) {
      onError(error)
    }
  }
  return {
    entregar(canal: string, evento: Evento, id?: string) {
      if (id !== undefined && (entregue === undefined || Number(id) > entregue)) entregue = Number(id)
      for (const ouvinte of ouvintes.get(canal) ?? []) chamar(ouvinte, evento, id)
    },
    entregue: () => (entregue === undefined ? undefined : String(entregue)),
    /** Once to each listener, however many channels it listens on (a stream hears its customer and everyone). */
    entregarATodos(evento: Evento) {
      const todos = new Set<Ouvinte>()
      for (const set of ouvintes.values()) for (const ouvinte of set) todos.add(ouvinte)
      for (const ouvinte of todos) chamar(ouvinte, evento)
    },
    juntar(canal: string, ouvinte: Ouvinte): () => void {
      let set = ouvintes.get(canal)
      if (!set) {
        set = new Set()
        ouvintes.set(canal, set)
      }
      set.add(ouvinte)
      return () => {
        set.delete(ouvinte)
        if (set.size === 0 && ouvintes.get(canal) === set) ouvintes.delete(canal)
      }
    },
  }
}

export interface MemoryEventBusOptions {
  /** Where the event log is: each event is written there first and delivered under its id. */
  db?: Database
  /** The time written with each event (the purge goes by it). */
  agora?: () => Date
}

/**
 * One process (SQLite, or a single PostgreSQL process): listeners are called in this process, in the order published
 * on each channel. Without a database, at once; with one, the events of the channels the log keeps (`registavel`) once
 * written there, those published meanwhile together in one transaction (a write that fails is logged and the events
 * still told, without ids), the others at once. After `close`, everything is told at once, unwritten.
 */
export function createMemoryEventBus(
  onError: (error: unknown) => void = () => {},
  { db, agora = () => new Date() }: MemoryEventBusOptions = {},
): EventBus {
  const ouvintes = createOuvintes(onError)
  if (!db) return { publish: ouvintes.entregar, subscribe: ouvintes.juntar, registo: null, close: async () => {} }
  const pendentes: Array<{ canal: string; evento: Evento }> = []
  let aEscrever: Promise<void> | null = null
  let fechado = false
  const escrever = async () => {
    while (pendentes.length > 0) {
      const lote = pendentes.splice(0, NOTIFY_LOTE)
      const criado = agora().toISOString()
      let ids: string[] = []
      try {
        ids = await db.transaction().execute(async (trx) => {
          const escritos: string[] = []
          for (const { canal, evento } of lote) {
            const linha = await trx
              .insertInto('eventos')
              .values({ canal, evento: JSON.stringify(evento), criado_em: criado })
              .returning('id')
              .executeTakeFirstOrThrow()
            escritos.push(String(linha.id))
          }
          return escritos
        })
      } catch (error) {
        onError(error)
      }
      lote.forEach(({ canal, evento }, i) => {
        ouvintes.entregar(canal, evento, ids[i])
      })
    }
    aEscrever = null
  }
  return {
    publish(canal, evento) {
      if (fechado || !registavel(canal)) {
        ouvintes.entregar(canal, evento)
        return
      }
      pendentes.push({ canal, evento })
      aEscrever ??= escrever()
    },
    subscribe: ouvintes.juntar,
    registo: registoEventos(db, ouvintes.entregue),
    // What was published before closing is written and told first.
    async close() {
      fechado = true
      await aEscrever
    },
  }
}

/** NOTIFY's payload limit is 8000 bytes; an event is a few ids (its log id and PostgreSQL's JSON spacing fit in the rest). */
const PAYLOAD_MAX = 7800
/** Reconnection waits after the listening connection drops: 0.5 s, doubling, at most 10 s. */
const RELIGAR_MIN_MS = 500
const RELIGAR_MAX_MS = 10_000
/**
 * TCP keep-alive probes start after this much silence (Linux's default is two hours): a link a NAT or firewall dropped
 * without a word is noticed by the kernel too, not only by the ping below.
 */
const KEEPALIVE_MS = 10_000
/** The listening connection is asked `SELECT 1` this often; no answer within PING_TIMEOUT_MS counts as a lost link. */
const PING_MS = 30_000
const PING_TIMEOUT_MS = 10_000
/** How long opening the listening connection may take before it counts as failed (and is tried again). */
const LIGAR_TIMEOUT_MS = 10_000
/** Events sent in one statement at most (each is its own `pg_notify`, in order). */
const NOTIFY_LOTE = 100

export interface PostgresEventBusOptions {
  connectionString: string
  /** The app's pool: NOTIFY goes through it, so publishing does not wait on (or get lost with) the listening link. */
  db: Database
  /** The PostgreSQL schema the app works in (tests give each suite one): processes on other schemas do not hear it. */
  schema?: string
  onError?: (error: unknown) => void
  /** Told each time the listening connection is back after it was lost (a metric). */
  aoReligar?: () => void
  /** How often the listening connection is checked, and how long its answer may take (tests shorten both). */
  pingMs?: number
  pingTimeoutMs?: number
  /** The time written with each event in the log (the purge goes by it). */
  agora?: () => Date
}

/**
 * Several processes on one PostgreSQL database: an event is sent with NOTIFY (through the app's pool) on one channel
 * and every process's listening connection (LISTEN) delivers it to its own listeners, this one's included, so all hear
 * it in the same order, and each channel's in the order this process published them (its NOTIFYs go out one
 * statement after another; in a batch, the unlogged channels' first).
 * The listening connection is its own (a pooled one would be handed to other queries), checked every 30 s; when it
 * drops, or stops answering, it is opened again with backoff, and this process's listeners are told `RELER`, since what
 * happened meanwhile was not heard here. Publishing does not depend on it: other processes hear this one's events
 * meanwhile. Resolves once this process is listening.
 */
export async function createPostgresEventBus(options: PostgresEventBusOptions): Promise<EventBus> {
  const onError = options.onError ?? (() => {})
  const pingMs = options.pingMs ?? PING_MS
  const pingTimeoutMs = options.pingTimeoutMs ?? PING_TIMEOUT_MS
  const ouvintes = createOuvintes(onError)
  const canalPg = options.schema ? `balcao_eventos_${options.schema}` : 'balcao_eventos'
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(canalPg)) throw new Error(`unusable LISTEN channel: ${canalPg}`)
  let client: pg.Client | null = null
  let fechado = false
  let tentativa = 0
  let religar: ReturnType<typeof setTimeout> | undefined
  let ping: ReturnType<typeof setInterval> | undefined

  const receber = (msg: pg.Notification) => {
    if (msg.channel !== canalPg || !msg.payload) return
    let recebido: { i?: unknown; c?: unknown; e?: unknown }
    try {
      recebido = JSON.parse(msg.payload) as { i?: unknown; c?: unknown; e?: unknown }
    } catch (error) {
      onError(error)
      return
    }
    if (typeof recebido.c === 'string' && recebido.e && typeof recebido.e === 'object') {
      const id = typeof recebido.i === 'number' || typeof recebido.i === 'string' ? String(recebido.i) : undefined
      ouvintes.entregar(recebido.c, recebido.e as Evento, id)
    }
  }

  /** Asks the listening connection for an answer; none in time is a link dropped in silence (a NAT's, a firewall's). */
  const verificar = async (c: pg.Client, perdida: (error?: unknown) => void) => {
    let prazo: ReturnType<typeof setTimeout> | undefined
    try {
      await Promise.race([
        c.query('SELECT 1'),
        new Promise((_, reject) => {
          prazo = setTimeout(
            () => reject(new Error(`event bus: no answer to a ping within ${pingTimeoutMs} ms`)),
            pingTimeoutMs,
          )
        }),
      ])
    } catch (error) {
      perdida(error)
    } finally {
      clearTimeout(prazo)
    }
  }

  const ligar = async (): Promise<void> => {
    // Named after its channel, so that an operator (or a test) can find this connection in pg_stat_activity.
    const c = new pg.Client({
      connectionString: options.connectionString,
      application_name: canalPg,
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEPALIVE_MS,
      // A connect that hangs on a dead link fails here, and the backoff tries again, rather than waiting minutes.
      connectionTimeoutMillis: LIGAR_TIMEOUT_MS,
    })
    const perdida = (error?: unknown) => {
      if (client !== c) return
      client = null
      clearInterval(ping)
      ping = undefined
      if (error) onError(error)
      c.removeAllListeners('notification')
      void c.end().catch(() => {})
      if (fechado) return
      const espera = Math.min(RELIGAR_MAX_MS, RELIGAR_MIN_MS * 2 ** tentativa++)
      religar = setTimeout(() => {
        ligar().then(
          () => {
            options.aoReligar?.()
            ouvintes.entregarATodos(RELER)
          },
          () => {},
        )
      }, espera)
      religar.unref()
    }
    c.on('notification', receber)
    c.on('error', perdida)
    c.on('end', () => perdida())
    client = c
    try {
      await c.connect()
      await c.query(`LISTEN ${canalPg}`)
      tentativa = 0
    } catch (error) {
      perdida(error)
      throw error
    }
    if (client !== c) return
    let aVerificar = false
    ping = setInterval(() => {
      if (aVerificar || client !== c) return
      aVerificar = true
      void verificar(c, perdida).finally(() => {
        aVerificar = false
      })
    }, pingMs)
    ping.unref()
  }

  await ligar()

  // What is published goes out in order on each channel: one batch at a time, the events published meanwhile together
  // in the next. The events of the channels the log keeps (`registavel`) are written to it and each sent under the id
  // it gave, in that order, in one statement; the others are sent as they are. A statement that fails (the database
  // away) loses its events, which the listeners' RELER covers when it is back.
  const agora = options.agora ?? (() => new Date())
  const fila: { canal: string; evento: string }[] = []
  let aEnviar: Promise<void> | null = null
  const enviarFila = async () => {
    while (fila.length > 0) {
      const lote = fila.splice(0, NOTIFY_LOTE)
      const criado = agora().toISOString()
      const aRegistar = lote.filter((e) => registavel(e.canal))
      const deIda = lote.filter((e) => !registavel(e.canal))
      try {
        if (deIda.length > 0)
          await sql`SELECT ${sql.join(
            deIda.map((e) => sql`pg_notify(${canalPg}, ${`{"c":${JSON.stringify(e.canal)},"e":${e.evento}}`})`),
          )}`.execute(options.db)
      } catch (error) {
        onError(error)
      }
      try {
        if (aRegistar.length > 0)
          await sql`WITH novos AS (
              INSERT INTO eventos (canal, evento, criado_em)
              VALUES ${sql.join(aRegistar.map((e) => sql`(${e.canal}, ${e.evento}, ${criado})`))}
              RETURNING id, canal, evento
            )
            SELECT pg_notify(${canalPg}, json_build_object('i', n.id, 'c', n.canal, 'e', n.evento::json)::text)
            FROM (SELECT id, canal, evento FROM novos ORDER BY id) AS n`.execute(options.db)
      } catch (error) {
        onError(error)
      }
    }
    // In the same turn as the check above: an event published from now on starts a new round.
    aEnviar = null
  }

  return {
    publish(canal, evento) {
      const texto = JSON.stringify(evento)
      if (Buffer.byteLength(JSON.stringify({ i: Number.MAX_SAFE_INTEGER, c: canal, e: evento })) > PAYLOAD_MAX) {
        onError(new Error(`event too large for NOTIFY on ${canal}: ${evento.tipo}`))
        return
      }
      fila.push({ canal, evento: texto })
      aEnviar ??= enviarFila()
    },
    subscribe: ouvintes.juntar,
    registo: registoEventos(options.db, ouvintes.entregue),
    async close() {
      fechado = true
      clearTimeout(religar)
      clearInterval(ping)
      ping = undefined
      // What was published before closing still goes out (a command that sends one notification and exits).
      await aEnviar
      const c = client
      client = null
      if (c) await c.end().catch(() => {})
    },
  }
}

/**
 * The bus for a database: PostgreSQL's LISTEN/NOTIFY for a postgres:// URL, this process's own otherwise. `urlDireta`:
 * where the listening connection goes when the queries go through a pooler that cannot hold a LISTEN (PgBouncer in
 * transaction pooling); the notifications are sent through the queries' pool, as any statement.
 */
export async function createEventBus(
  database: { db: Database; dialect: 'sqlite' | 'postgres'; url?: string; schema?: string; urlDireta?: string },
  onError: (error: unknown) => void,
  aoReligar?: () => void,
  agora?: () => Date,
): Promise<EventBus> {
  if (database.dialect === 'postgres' && database.url) {
    return createPostgresEventBus({
      connectionString: database.urlDireta ?? database.url,
      db: database.db,
      schema: database.schema,
      onError,
      ...(aoReligar ? { aoReligar } : {}),
      ...(agora ? { agora } : {}),
    })
  }
  return createMemoryEventBus(onError, { db: database.db, ...(agora ? { agora } : {}) })
}
