import { AsyncLocalStorage } from 'node:async_hooks'
import type { FastifyReply } from 'fastify'
import { sql } from 'kysely'
import { type Clock, isoNow } from './clock.ts'
import { sha256 } from './crypto.ts'
import { type Database, type DatabaseTransaction, lockInTransaction } from './db.ts'
import { HttpError } from './errors.ts'

/** An answer as a route gives it: status and body. */
export interface Answer {
  status: number
  body: unknown
}

/** An answer as it went out: its status and the bytes the route's serializer made of its body. */
interface Sent {
  status: number
  payload: string
}

/**
 * The route a change runs for: its serializer (the response schema's, the allow-list of what leaves the server) and
 * what it is to send. The record is written inside the service's transaction, before the route sends anything, so the
 * route lends its serializer for the length of its call (replyIdempotent) rather than every service taking it.
 */
interface RouteCall {
  serialize: (answer: Answer) => string
  sent?: Sent
}

const routeCall = new AsyncLocalStorage<RouteCall>()

/** Outside a route (a service called on its own), the body as JSON. */
const serialize = (answer: Answer): string => (routeCall.getStore()?.serialize ?? jsonOf)(answer)
const jsonOf = (answer: Answer) => JSON.stringify(answer.body)

/**
 * Answers a store change that runs through `idempotent`: the first time, the bytes its serializer made and recorded;
 * on a replay, those same bytes, so that a retry gets exactly what the first answer sent.
 */
export async function replyIdempotent(reply: FastifyReply, change: () => Promise<Answer>): Promise<FastifyReply> {
  const call: RouteCall = {
    serialize: (answer) => {
      const serializer = reply.getSerializationFunction(String(answer.status))
      return serializer ? serializer(answer.body as Record<string, unknown>) : jsonOf(answer)
    },
  }
  const answer = await routeCall.run(call, change)
  const sent = call.sent ?? { status: answer.status, payload: call.serialize(answer) }
  return reply.code(sent.status).type('application/json; charset=utf-8').send(sent.payload)
}

export const IDEMPOTENCY_HEADER = 'idempotency-key'
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/

/** JSON with its object keys in order, so that the same body hashes the same however its keys were sent. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

export const reusedKey = () =>
  new HttpError(422, 'Esta Idempotency-Key já foi usada com outro pedido.', 'Idempotency-Key repetida')

/**
 * Runs a store change once per (store key, Idempotency-Key): inside one transaction with the record of its answer, so
 * the change and the record are written together or not at all. The same key with the same request gives the stored
 * answer again (the same status and bytes) and no second effect; with another request, 422. Requests with one key at once
 * wait for each other (PostgreSQL: an advisory lock on the key, taken before the record is read; SQLite: the
 * IMMEDIATE transaction), so the later ones read the first one's record instead of redoing the change. Failures
 * (4xx/5xx) are not stored: nothing was written, and trying again may succeed; but a failure that raced a success
 * with the same key answers that success.
 */
export async function idempotent(
  db: Database,
  clock: Clock,
  scope: { chaveId: number; chave: string; pedido: unknown },
  change: (trx: DatabaseTransaction) => Promise<Answer>,
  /** Slow work the change needs (hashing), done outside the transaction, and only when this is no replay. */
  prepare?: () => Promise<void>,
): Promise<Answer> {
  const pedidoHash = sha256(canonical(scope.pedido))
  /** What the route is to send: these bytes, recorded or replayed. */
  const sent = (answer: Sent): Answer => {
    const call = routeCall.getStore()
    if (call) call.sent = answer
    return { status: answer.status, body: JSON.parse(answer.payload) }
  }
  const recorded = async (ex: Database): Promise<Answer | undefined> => {
    const row = await ex
      .selectFrom('idempotencia')
      .select(['pedido_hash', 'estado', 'resposta'])
      .where('chave_id', '=', scope.chaveId)
      .where('chave', '=', scope.chave)
      .executeTakeFirst()
    if (!row) return undefined
    if (row.pedido_hash !== pedidoHash) throw reusedKey()
    return sent({ status: row.estado, payload: row.resposta })
  }
  try {
    if (prepare) {
      const before = await recorded(db)
      if (before) return before
      await prepare()
    }
    return await db.transaction().execute(async (trx) => {
      await lockInTransaction(trx, 'idempotency', sql<number>`hashtext(${`${scope.chaveId}:${scope.chave}`})`)
      const before = await recorded(trx)
      if (before) return before
      const answer = await change(trx)
      const payload = serialize(answer)
      await trx
        .insertInto('idempotencia')
        .values({
          chave_id: scope.chaveId,
          chave: scope.chave,
          pedido_hash: pedidoHash,
          estado: answer.status,
          resposta: payload,
          criado_em: isoNow(clock),
        })
        .execute()
      return sent({ status: answer.status, payload })
    })
  } catch (error) {
    // Another request with this key got there first (its change, not this one's, is what happened).
    const winner = await recorded(db)
    if (winner) return winner
    throw error
  }
}

/** Records older than this are forgotten (the hourly job): a POS retries within minutes, not weeks. */
export const IDEMPOTENCY_TTL_DAYS = 30

export async function purgeIdempotency(db: Database, olderThan: string): Promise<void> {
  await db.deleteFrom('idempotencia').where('criado_em', '<', olderThan).execute()
}

/**
 * Rewrites recorded answers in the caller's transaction (an erasure: the answers a store was given about a customer's
 * orders, kept so that its retries get them again, must not keep the customer): each answer whose text contains one of
 * `fragmentos` is given to `reescrever`, which answers the new body, or undefined to leave it as it is.
 */
export async function reescreverRespostas(
  trx: DatabaseTransaction,
  fragmentos: string[],
  reescrever: (corpo: unknown) => unknown | undefined,
): Promise<void> {
  if (fragmentos.length === 0) return
  const respostas = await trx
    .selectFrom('idempotencia')
    .select(['chave_id', 'chave', 'resposta'])
    .where((eb) => eb.or(fragmentos.map((f) => eb('resposta', 'like', contendo(f)))))
    .execute()
  for (const r of respostas) {
    const novo = reescrever(JSON.parse(r.resposta))
    if (novo === undefined) continue
    await trx
      .updateTable('idempotencia')
      .set({ resposta: JSON.stringify(novo) })
      .where('chave_id', '=', r.chave_id)
      .where('chave', '=', r.chave)
      .execute()
  }
}

/**
 * Deletes recorded answers whose text contains one of `fragmentos`, with their requests (an erasure: a request's hash
 * of a phone number, which has few enough values to be tried one by one, must not outlive the person's account).
 */
export async function apagarRespostas(trx: DatabaseTransaction, fragmentos: string[]): Promise<void> {
  if (fragmentos.length === 0) return
  await trx
    .deleteFrom('idempotencia')
    .where((eb) => eb.or(fragmentos.map((f) => eb('resposta', 'like', contendo(f)))))
    .execute()
}

/** A LIKE pattern for literal text: the callers' fragments are JSON of ids, never LIKE's wildcards. */
function contendo(fragmento: string): string {
  if (/[%_\\]/.test(fragmento)) throw new Error('fragmento com % _ ou \\: não é texto literal')
  return `%${fragmento}%`
}
