import { createHmac, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { type Expression, type ExpressionWrapper, expressionBuilder, type SqlBool } from 'kysely'
import { TOKEN_URL } from '../../shared/validacao.ts'
import type { DB } from '../db/schema.ts'
import { type Clock, DAY, isoIn, isoNow } from './clock.ts'
import { randomToken, sha256 } from './crypto.ts'
import type { Database, DatabaseTransaction } from './db.ts'

/**
 * Sessions (ARCHITECTURE.md "Identity"). A signed-in device holds an opaque random token, stored only as its SHA-256;
 * login rotates it, logout, phone change and deletion revoke it. An anonymous visitor has no row at all: what a device
 * must remember before anything worth keeping happens (that it saw the onboarding) rides in a token the server signs
 * and never stores, so any number of visitors behind one address costs nothing and no limit has to stand in front of
 * them (docs/decisions/0005). Browsers hold either token in an HttpOnly, SameSite=Lax cookie; other clients send
 * `Authorization: Bearer` and get new tokens in `X-Session-Token`.
 */

export const SESSION_COOKIE = 'balcao_sessao'
export const SESSION_TOKEN_HEADER = 'x-session-token'
/**
 * A guest's token (docs/decisions/0050): not a session (no account, no private data) but the capability to follow the
 * one order it was confirmed for, on this device as by the link in its SMS.
 */
export const CONVIDADO_COOKIE = 'balcao_convidado'
export const CONVIDADO_TTL_MS = 30 * DAY
const SESSION_TTL_MS = 180 * DAY

export type Sessao =
  | { id: null; utilizadorId: null; sawOnboarding: boolean }
  | { id: number; utilizadorId: number; sawOnboarding: boolean }

const anonymous = (sawOnboarding: boolean): Sessao => ({ id: null, utilizadorId: null, sawOnboarding })

declare module 'fastify' {
  interface FastifyRequest {
    sessao: Sessao
    /** This device's session was ended elsewhere, and why (sessoes.fim_motivo), until the device is told. */
    fimDeSessao: string | null
    /** The client authenticates with a bearer token rather than the cookie. */
    bearer: boolean
  }
}

/** The session rows, on the pool or inside a transaction. */
export function sessoesRepo(db: Database, clock: Clock) {
  return {
    async create(utilizadorId: number, sawOnboarding: boolean): Promise<{ token: string; sessao: Sessao }> {
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

    /**
     * The session behind a token, or, when it has ended (revoked elsewhere, expired), what it knew of the device: a
     * device whose session ended has been through the onboarding, and is not sent back to it.
     */
    async findByToken(
      token: string,
    ): Promise<Sessao | { terminada: true; sawOnboarding: boolean; motivo: string | null } | undefined> {
      const row = await db
        .selectFrom('sessoes')
        .select(['id', 'utilizador_id', 'saw_onboarding', 'revogada_em', 'expira_em', 'fim_motivo'])
        .where('token_hash', '=', sha256(token))
        .executeTakeFirst()
      if (!row) return undefined
      const sawOnboarding = row.saw_onboarding === 1
      if (row.utilizador_id === null || row.revogada_em !== null || row.expira_em <= isoNow(clock)) {
        return { terminada: true, sawOnboarding, motivo: row.revogada_em === null ? null : row.fim_motivo }
      }
      return { id: row.id, utilizadorId: row.utilizador_id, sawOnboarding }
    },

    /** The session is still good: neither revoked nor expired. */
    async isActive(id: number): Promise<boolean> {
      const row = await db
        .selectFrom('sessoes')
        .select('id')
        .where('id', '=', id)
        .where('revogada_em', 'is', null)
        .where('expira_em', '>', isoNow(clock))
        .executeTakeFirst()
      return row !== undefined
    },

    async revoke(id: number): Promise<void> {
      await db
        .updateTable('sessoes')
        .set({ revogada_em: isoNow(clock) })
        .where('id', '=', id)
        .execute()
    },

    /**
     * Ends every session of an account but `keepId` (after a password change, all the others); `motivo` is what
     * those devices are told on their next visit (FimDeSessao).
     */
    async revokeAllFor(utilizadorId: number, keepId?: number | null, motivo: string | null = null): Promise<void> {
      let query = db
        .updateTable('sessoes')
        .set({ revogada_em: isoNow(clock), fim_motivo: motivo })
        .where('utilizador_id', '=', utilizadorId)
        .where('revogada_em', 'is', null)
      if (keepId !== undefined && keepId !== null) query = query.where('id', '!=', keepId)
      await query.execute()
    },

    /** An erased account's sessions, ended and gone: its audit trail would name nobody. */
    async deleteAllFor(utilizadorId: number): Promise<void> {
      await db.deleteFrom('sessoes').where('utilizador_id', '=', utilizadorId).execute()
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

export type SessoesRepo = ReturnType<typeof sessoesRepo>

/**
 * Whether the session `sessaoId` is still good (neither revoked nor expired) at `agora`, as a condition of another
 * feature's query over rows kept per session (a device's push subscription): a look-up by primary key per row, as a
 * join would be, without that feature naming this module's table.
 */
export function sessaoAtivaEm(sessaoId: Expression<number>, agora: string): ExpressionWrapper<DB, never, SqlBool> {
  const eb = expressionBuilder<DB, never>()
  return eb.exists(
    eb
      .selectFrom('sessoes')
      .select('sessoes.id')
      .where('sessoes.id', '=', sessaoId)
      .where('sessoes.revogada_em', 'is', null)
      .where('sessoes.expira_em', '>', agora),
  )
}

/** A session just written, and the token that proves it (handed to the device once its transaction committed). */
export type NovaSessao = Awaited<ReturnType<SessoesRepo['create']>>

const ANONYMOUS_PREFIX = 'anon.'

/**
 * The anonymous token: `anon.<payload>.<HMAC-SHA256 of the payload>`, payload `{"o":0|1}` in base64url. It proves only
 * what the server itself said to this device; forging it would at most skip the onboarding, and it opens nothing.
 * `previous`: the secret being rotated out (SESSION_SECRET_PREVIOUS), whose tokens are still read, and said to be
 * (`antigo`) so that the device is given one signed with the current secret.
 */
export function createAnonymousTokens(secret: string, previous?: string) {
  const macWith = (key: string) => (payload: string) => createHmac('sha256', key).update(payload).digest('base64url')
  const mac = macWith(secret)
  const signedBy = (sign: (payload: string) => string, payload: string, signature: string) => {
    const expected = Buffer.from(sign(payload))
    const given = Buffer.from(signature)
    return expected.length === given.length && timingSafeEqual(expected, given)
  }
  return {
    issue(sawOnboarding: boolean): string {
      const payload = Buffer.from(JSON.stringify({ o: sawOnboarding ? 1 : 0 })).toString('base64url')
      return `${ANONYMOUS_PREFIX}${payload}.${mac(payload)}`
    },
    /** The visitor's state, or undefined when the token is not one this server signed. */
    read(token: string): { sawOnboarding: boolean; antigo: boolean } | undefined {
      if (!token.startsWith(ANONYMOUS_PREFIX)) return undefined
      const [payload = '', signature = ''] = token.slice(ANONYMOUS_PREFIX.length).split('.')
      const antigo = !signedBy(mac, payload, signature)
      if (antigo && !(previous && signedBy(macWith(previous), payload, signature))) return undefined
      try {
        const { o } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { o?: unknown }
        return { sawOnboarding: o === 1, antigo }
      } catch {
        return undefined
      }
    },
  }
}

/**
 * A secret of the server's: from the environment when given, otherwise made once and kept in the database, so that
 * every process of a deployment (and every restart) signs with the same key without anyone having to configure one.
 */
export async function serverSecret(db: Database, clock: Clock, nome: string, fromEnv?: string): Promise<string> {
  if (fromEnv) return fromEnv
  await db
    .insertInto('segredos')
    .values({ nome, valor: randomToken(32), criado_em: isoNow(clock) })
    .onConflict((oc) => oc.column('nome').doNothing())
    .execute()
  const row = await db.selectFrom('segredos').select('valor').where('nome', '=', nome).executeTakeFirstOrThrow()
  return row.valor
}

function tokenOf(request: FastifyRequest): { token: string | undefined; bearer: boolean } {
  const authorization = request.headers.authorization
  if (authorization?.startsWith('Bearer ')) return { token: authorization.slice(7).trim() || undefined, bearer: true }
  return { token: request.cookies[SESSION_COOKIE], bearer: false }
}

const isRead = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD'

/**
 * Calls that act for a visitor: every POST. Public reads need no session, so crawlers and link previews reading
 * content leave nothing behind.
 */
export const needsSession = (request: FastifyRequest) =>
  !isRead(request) || request.routeOptions.config.privada === true

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A read of the visitor's own data (an order, the event stream): it needs the session like a POST does. */
    privada?: boolean
  }
}

/**
 * Something a device keeps under its session (its push subscription), moved to the device's new session when the
 * session is renewed for the same account (a phone change, a second login): in the renewal's transaction, so that the
 * device never has it under a session that has ended.
 */
export type SeguirSessao = (
  trx: DatabaseTransaction,
  renovacao: { de: number; para: number; utilizadorId: number },
) => Promise<void>

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Where sessions are (the customer surface, see registerSessions): a feature that keeps something per session says
     * here how it follows the device to its new session.
     */
    seguirSessao(seguir: SeguirSessao): void
  }
}

interface SessionOptions {
  db: Database
  clock: Clock
  /** The key anonymous tokens are signed with (serverSecret). */
  secret: string
  /** The key being rotated out: its tokens are still read, and replaced by ones signed with `secret`. */
  previousSecret?: string | undefined
  /** The cookie only over HTTPS (production). */
  secureCookie: boolean
}

export async function registerSessions(app: FastifyInstance, options: SessionOptions) {
  const { db, clock } = options
  const store = sessoesRepo(db, clock)
  const anonymousTokens = createAnonymousTokens(options.secret, options.previousSecret)
  const seguidores: SeguirSessao[] = []
  app.decorateRequest<Sessao | null>('sessao', null)
  app.decorateRequest('bearer', false)
  app.decorateRequest<string | null>('fimDeSessao', null)
  app.decorate('seguirSessao', (seguir: SeguirSessao) => {
    seguidores.push(seguir)
  })

  function issue(request: FastifyRequest, reply: FastifyReply, token: string) {
    if (request.bearer) {
      reply.header(SESSION_TOKEN_HEADER, token)
      return
    }
    reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookie,
      path: '/',
      maxAge: SESSION_TTL_MS / 1000,
    })
  }

  /** The device becomes (or stays) anonymous, remembering whether it saw the onboarding. */
  function issueAnonymous(request: FastifyRequest, reply: FastifyReply, sawOnboarding: boolean): Sessao {
    request.sessao = anonymous(sawOnboarding)
    issue(request, reply, anonymousTokens.issue(sawOnboarding))
    return request.sessao
  }

  async function resolveSession(request: FastifyRequest, reply: FastifyReply) {
    const { token, bearer } = tokenOf(request)
    request.bearer = bearer
    const visitor = token ? anonymousTokens.read(token) : undefined
    const found = token && !visitor ? await store.findByToken(token) : undefined
    if (found && 'terminada' in found) request.fimDeSessao = found.motivo
    if (found && !('terminada' in found)) request.sessao = found
    // Signed with the secret being rotated out: the device gets the same state signed with the current one.
    else if (visitor?.antigo) issueAnonymous(request, reply, visitor.sawOnboarding)
    // A session token no longer on record (its row purged a while after it ended) still says the device had a session,
    // so it went through the onboarding once.
    else
      request.sessao = anonymous(
        found?.sawOnboarding ?? visitor?.sawOnboarding ?? (token !== undefined && !token.startsWith(ANONYMOUS_PREFIX)),
      )
  }

  // Callback-style hooks: public reads pass through without a promise each (docs/decisions/0008).
  app.addHook('preValidation', (request, reply, done) => {
    if (!needsSession(request)) return done()
    resolveSession(request, reply).then(() => done(), done)
  })

  // What answers a visitor's own calls (private data, the account forms, their errors) is never kept by a browser or
  // a shared cache.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (needsSession(request)) reply.header('cache-control', 'no-store')
    done(null, payload)
  })

  /**
   * The device's session replaced by a new one for the account (fixation-proof), written in the caller's transaction.
   * When the old one was the same account's (a phone change), what the device kept under it (its push subscription)
   * moves to the new one there too.
   */
  async function renew(trx: DatabaseTransaction, request: FastifyRequest, utilizadorId: number): Promise<NovaSessao> {
    const { id, sawOnboarding } = request.sessao
    const mesmaConta = request.sessao.utilizadorId === utilizadorId
    const sessoes = sessoesRepo(trx, clock)
    if (id !== null) await sessoes.revoke(id)
    const nova = await sessoes.create(utilizadorId, sawOnboarding)
    if (id !== null && mesmaConta && nova.sessao.id !== null) {
      for (const seguir of seguidores) await seguir(trx, { de: id, para: nova.sessao.id, utilizadorId })
    }
    return nova
  }

  /** A renewed session, once its transaction has committed, becomes the device's. */
  function adopt(request: FastifyRequest, reply: FastifyReply, nova: NovaSessao): Sessao {
    request.sessao = nova.sessao
    issue(request, reply, nova.token)
    return nova.sessao
  }

  return {
    /**
     * Sign-up, recovery, phone change: the session is renewed inside the step that writes the account and spends its
     * code, so that either all of it commits or none (`renew`), and handed to the device after the commit (`adopt`).
     */
    renew,
    adopt,

    /** Login: the device's session is replaced by a new one for the account (fixation-proof), on its own. */
    async rotate(request: FastifyRequest, reply: FastifyReply, utilizadorId: number): Promise<Sessao> {
      return adopt(request, reply, await db.transaction().execute((trx) => renew(trx, request, utilizadorId)))
    },

    /**
     * Why this device's session was ended elsewhere, said once: the device gets a guest's token in place of the ended
     * one, so the next read no longer finds it. Null when there is nothing to tell.
     */
    fimDeSessao(request: FastifyRequest, reply: FastifyReply): string | null {
      const motivo = request.fimDeSessao
      if (motivo === null || request.sessao.id !== null) return null
      issueAnonymous(request, reply, request.sessao.sawOnboarding)
      return motivo
    },

    /** Logout: the session ends and the device is anonymous again (it keeps having seen the onboarding). */
    async end(request: FastifyRequest, reply: FastifyReply): Promise<Sessao> {
      if (request.sessao.id === null) return request.sessao
      await store.revoke(request.sessao.id)
      return issueAnonymous(request, reply, request.sessao.sawOnboarding)
    },

    /** The guest's token this device holds, if it looks like one (convidados.ts knows whether it is good). */
    convidadoDe(request: FastifyRequest): string | undefined {
      const token = request.cookies[CONVIDADO_COOKIE]
      return token && TOKEN_URL.test(token) ? token : undefined
    },

    /** The device keeps a guest's token, as long as the guest's order may be followed. */
    guardarConvidado(reply: FastifyReply, token: string): void {
      reply.setCookie(CONVIDADO_COOKIE, token, {
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secureCookie,
        path: '/',
        maxAge: CONVIDADO_TTL_MS / 1000,
      })
    },

    async markOnboardingSeen(request: FastifyRequest, reply: FastifyReply): Promise<Sessao> {
      if (request.sessao.id === null) return issueAnonymous(request, reply, true)
      await store.markOnboardingSeen(request.sessao.id)
      request.sessao = { ...request.sessao, sawOnboarding: true }
      return request.sessao
    },
  }
}

export type Sessions = Awaited<ReturnType<typeof registerSessions>>
