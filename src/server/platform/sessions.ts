import cookie from '@fastify/cookie'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { type Clock, DAY, HOUR, isoIn, isoNow } from './clock.ts'
import { randomToken, sha256 } from './crypto.ts'
import type { Database } from './db.ts'
import { tooManyRequests } from './errors.ts'
import { ipKey, type Limit, type RateLimiter } from './rate-limit.ts'

/**
 * Sessions (ARCHITECTURE.md "Identity"): an opaque random token, stored only as its SHA-256. Browsers hold it in an
 * HttpOnly, SameSite=Lax cookie; other clients send `Authorization: Bearer` and get new tokens in `X-Session-Token`.
 * Every visitor gets an anonymous session on first contact (the device identity); login rotates it; logout, phone
 * change and deletion revoke it.
 */

export const SESSION_COOKIE = 'balcao_sessao'
export const SESSION_TOKEN_HEADER = 'x-session-token'
const SESSION_TTL_MS = 180 * DAY

export interface Sessao {
  id: number
  utilizadorId: number | null
  sawOnboarding: boolean
}

declare module 'fastify' {
  interface FastifyRequest {
    sessao: Sessao
    /** The client authenticates with a bearer token rather than the cookie. */
    bearer: boolean
  }
}

export function createSessionStore(db: Database, clock: Clock) {
  return {
    async create(utilizadorId: number | null, sawOnboarding: boolean): Promise<{ token: string; sessao: Sessao }> {
      const token = randomToken()
      const row = await db
        .insertInto('sessoes')
        .values({
          token_hash: sha256(token),
          utilizador_id: utilizadorId,
          saw_onboarding: sawOnboarding ? 1 : 0,
          criado_em: isoNow(clock),
          expira_em: isoIn(clock, SESSION_TTL_MS),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      return { token, sessao: { id: row.id, utilizadorId, sawOnboarding } }
    },

    async findByToken(token: string): Promise<Sessao | undefined> {
      const row = await db
        .selectFrom('sessoes')
        .select(['id', 'utilizador_id', 'saw_onboarding'])
        .where('token_hash', '=', sha256(token))
        .where('revogada_em', 'is', null)
        .where('expira_em', '>', isoNow(clock))
        .executeTakeFirst()
      return row && { id: row.id, utilizadorId: row.utilizador_id, sawOnboarding: row.saw_onboarding === 1 }
    },

    async revoke(id: number): Promise<void> {
      await db
        .updateTable('sessoes')
        .set({ revogada_em: isoNow(clock) })
        .where('id', '=', id)
        .execute()
    },

    /** Ends every session of an account but `keepId` (after a password change, all the others). */
    async revokeAllFor(utilizadorId: number, keepId?: number): Promise<void> {
      let query = db
        .updateTable('sessoes')
        .set({ revogada_em: isoNow(clock) })
        .where('utilizador_id', '=', utilizadorId)
        .where('revogada_em', 'is', null)
      if (keepId !== undefined) query = query.where('id', '!=', keepId)
      await query.execute()
    },

    /** Housekeeping: sessions past their expiry, and revoked ones after a month (kept that long for audits). */
    async purgeStale(): Promise<void> {
      const now = isoNow(clock)
      await db.deleteFrom('sessoes').where('expira_em', '<', now).execute()
      await db
        .deleteFrom('sessoes')
        .where('revogada_em', '<', new Date(clock.now().getTime() - 30 * DAY).toISOString())
        .execute()
    },

    async markOnboardingSeen(id: number): Promise<void> {
      await db.updateTable('sessoes').set({ saw_onboarding: 1 }).where('id', '=', id).execute()
    },
  }
}

export type SessionStore = ReturnType<typeof createSessionStore>

function tokenOf(request: FastifyRequest): { token: string | undefined; bearer: boolean } {
  const authorization = request.headers.authorization
  if (authorization?.startsWith('Bearer ')) return { token: authorization.slice(7).trim() || undefined, bearer: true }
  return { token: request.cookies[SESSION_COOKIE], bearer: false }
}

const isRead = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD'

/** Calls of the API contract (version header, JSON): everything under /api/, and the forms POSTed to page paths. */
export const isApiCall = (request: FastifyRequest) => request.url.startsWith('/api/') || !isRead(request)

/**
 * Calls that act for a visitor: every POST. Public reads need no session, so crawlers and link previews reading
 * content leave no rows behind; the app's first POST (/api/refresh-private-data, at start) gives the device its
 * anonymous session.
 */
export const needsSession = (request: FastifyRequest) => !isRead(request)

interface SessionOptions {
  limiter: RateLimiter
  /** New anonymous sessions one IP may open in an hour (configuration NEW_SESSIONS_PER_IP_HOUR). */
  newPerIpHour: number
  /** The cookie only over HTTPS (production). */
  secureCookie: boolean
}

export async function registerSessions(
  app: FastifyInstance,
  store: SessionStore,
  { limiter, newPerIpHour, secureCookie }: SessionOptions,
) {
  const newPerIp: Limit = { max: newPerIpHour, windowMs: HOUR }
  await app.register(cookie)
  app.decorateRequest('sessao', null as unknown as Sessao)
  app.decorateRequest('bearer', false)

  function issue(request: FastifyRequest, reply: FastifyReply, token: string) {
    if (request.bearer) {
      reply.header(SESSION_TOKEN_HEADER, token)
      return
    }
    reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookie,
      path: '/',
      maxAge: SESSION_TTL_MS / 1000,
    })
  }

  app.addHook('preValidation', async (request, reply) => {
    if (!needsSession(request)) return
    const { token, bearer } = tokenOf(request)
    request.bearer = bearer
    const found = token ? await store.findByToken(token) : undefined
    if (found) {
      request.sessao = found
      return
    }
    const { allowed } = await limiter.hit(ipKey('sessao', request.ip), newPerIp)
    if (!allowed) throw tooManyRequests()
    const created = await store.create(null, false)
    request.sessao = created.sessao
    issue(request, reply, created.token)
  })

  return {
    /** Login: the device's session is replaced by a new one for the account (fixation-proof). */
    async rotate(request: FastifyRequest, reply: FastifyReply, utilizadorId: number | null): Promise<Sessao> {
      await store.revoke(request.sessao.id)
      const created = await store.create(utilizadorId, request.sessao.sawOnboarding)
      request.sessao = created.sessao
      issue(request, reply, created.token)
      return created.sessao
    },
  }
}

export type Sessions = Awaited<ReturnType<typeof registerSessions>>
