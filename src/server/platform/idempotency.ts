import { PostgresAdapter, sql } from 'kysely'
import { type Clock, isoNow } from './clock.ts'
import { sha256 } from './crypto.ts'
import type { Database } from './db.ts'
import { HttpError } from './errors.ts'

/** An answer as a route sends it: status and body. */
export interface Answer {
  status: number
  body: unknown
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
 * answer again (same status, same ids) and no second effect; with another request, 422. Requests with one key at once
 * wait for each other (PostgreSQL: an advisory lock on the key, taken before the record is read; SQLite: the
 * IMMEDIATE transaction), so the later ones read the first one's record instead of redoing the change. Failures
 * (4xx/5xx) are not stored: nothing was written, and trying again may succeed; but a failure that raced a success
 * with the same key answers that success.
 */
export async function idempotent(
  db: Database,
  clock: Clock,
  scope: { chaveId: number; chave: string; pedido: unknown },
  change: (trx: Database) => Promise<Answer>,
  /** Slow work the change needs (hashing), done outside the transaction, and only when this is no replay. */
  prepare?: () => Promise<void>,
): Promise<Answer> {
  const pedidoHash = sha256(canonical(scope.pedido))
  const recorded = async (ex: Database): Promise<Answer | undefined> => {
    const row = await ex
      .selectFrom('idempotencia')
      .select(['pedido_hash', 'estado', 'resposta'])
      .where('chave_id', '=', scope.chaveId)
      .where('chave', '=', scope.chave)
      .executeTakeFirst()
    if (!row) return undefined
    if (row.pedido_hash !== pedidoHash) throw reusedKey()
    return { status: row.estado, body: JSON.parse(row.resposta) }
  }
  try {
    if (prepare) {
      const before = await recorded(db)
      if (before) return before
      await prepare()
    }
    return await db.transaction().execute(async (trx) => {
      if (trx.getExecutor().adapter instanceof PostgresAdapter) {
        await sql`select pg_advisory_xact_lock(${IDEMPOTENCY_LOCK}, hashtext(${`${scope.chaveId}:${scope.chave}`}))`.execute(
          trx,
        )
      }
      const before = await recorded(trx)
      if (before) return before
      const answer = await change(trx)
      await trx
        .insertInto('idempotencia')
        .values({
          chave_id: scope.chaveId,
          chave: scope.chave,
          pedido_hash: pedidoHash,
          estado: answer.status,
          resposta: JSON.stringify(answer.body),
          criado_em: isoNow(clock),
        })
        .execute()
      return answer
    })
  } catch (error) {
    // Another request with this key got there first (its change, not this one's, is what happened).
    const winner = await recorded(db)
    if (winner) return winner
    throw error
  }
}

/** Advisory lock space of idempotency keys (PostgreSQL). */
const IDEMPOTENCY_LOCK = 4202

/** Records older than this are forgotten (the hourly job): a POS retries within minutes, not weeks. */
export const IDEMPOTENCY_TTL_DAYS = 30

export async function purgeIdempotency(db: Database, olderThan: string): Promise<void> {
  await db.deleteFrom('idempotencia').where('criado_em', '<', olderThan).execute()
}
