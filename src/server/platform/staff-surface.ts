import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ValueCallSchema } from '../../shared/conta.ts'
import { obrigatorio } from '../../shared/validacao.ts'
import { type Clock, DAY, isoIn, isoNow } from './clock.ts'
import { randomToken, sha256 } from './crypto.ts'
import type { Database } from './db.ts'
import { HttpError } from './errors.ts'
import { dataResponse, noDataResponse } from './http.ts'
import { lojasChavesRepo } from './store-keys.ts'

/**
 * The staff surface (ARCHITECTURE.md "Surfaces", STORE-API.md "Staff pages"): a counter tablet is paired once with a
 * store key (`/painel/entrar`), which opens a staff session for that store only, in an HttpOnly, SameSite=Strict cookie
 * scoped to `/painel` (the pages and their API, `/painel/api/*`), so the customer app never sends it and a customer
 * session never opens these routes. Revoking the key ends its tablets' sessions too.
 */

export const STAFF_COOKIE = 'balcao_painel'
export const STAFF_PATH = '/painel'
export const STAFF_API_PREFIX = '/painel/api'
const STAFF_SESSION_TTL_MS = 90 * DAY

export interface SessaoPainel {
  id: number
  chaveId: number
  idLoja: number
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The paired tablet's session (routes of the staff surface that need one). */
    painel: SessaoPainel
  }
}

export const painelMensagens = {
  chaveInvalida: 'Chave da loja desconhecida ou revogada.',
  semSessao: 'Este dispositivo não está associado a uma loja. Entre com a chave da loja.',
}

export function painelSessoesRepo(db: Database, clock: Clock) {
  return {
    async create(chaveId: number, idLoja: number): Promise<string> {
      const token = randomToken()
      await db
        .insertInto('painel_sessoes')
        .values({
          token_hash: sha256(token),
          chave_id: chaveId,
          id_loja: idLoja,
          criado_em: isoNow(clock),
          expira_em: isoIn(clock, STAFF_SESSION_TTL_MS),
        })
        .execute()
      return token
    },

    /** A live session whose key is still active. */
    async find(token: string): Promise<SessaoPainel | undefined> {
      const row = await db
        .selectFrom('painel_sessoes')
        .innerJoin('lojas_chaves', 'lojas_chaves.id', 'painel_sessoes.chave_id')
        .select(['painel_sessoes.id', 'painel_sessoes.chave_id', 'painel_sessoes.id_loja'])
        .where('painel_sessoes.token_hash', '=', sha256(token))
        .where('painel_sessoes.revogada_em', 'is', null)
        .where('painel_sessoes.expira_em', '>', isoNow(clock))
        .where('lojas_chaves.revogada_em', 'is', null)
        .executeTakeFirst()
      return row && { id: row.id, chaveId: row.chave_id, idLoja: row.id_loja }
    },

    async revoke(id: number): Promise<void> {
      await db
        .updateTable('painel_sessoes')
        .set({ revogada_em: isoNow(clock) })
        .where('id', '=', id)
        .execute()
    },
  }
}

/**
 * Whether a paired tablet's session is still good (not ended, not expired, still of this key): what its open order
 * stream asks now and then, since the session was checked only when it opened.
 */
export async function sessaoPainelAtiva(
  db: Database,
  clock: Clock,
  sessao: { id: number; chaveId: number },
): Promise<boolean> {
  const row = await db
    .selectFrom('painel_sessoes')
    .select('id')
    .where('id', '=', sessao.id)
    .where('chave_id', '=', sessao.chaveId)
    .where('revogada_em', 'is', null)
    .where('expira_em', '>', isoNow(clock))
    .executeTakeFirst()
  return row !== undefined
}

export interface StaffSurfaceOptions {
  db: Database
  clock: Clock
  secureCookie: boolean
  /** Routes that need a paired tablet (registered behind the session check). */
  routes: FastifyPluginAsync[]
}

export async function staffSurface(app: FastifyInstance, { db, clock, secureCookie, routes }: StaffSurfaceOptions) {
  const sessoes = painelSessoesRepo(db, clock)
  const keys = lojasChavesRepo(db, clock)
  app.decorateRequest<SessaoPainel | null>('painel', null)
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
  })

  const setCookie = (reply: FastifyReply, token: string, maxAgeMs: number) =>
    reply.setCookie(STAFF_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookie,
      path: STAFF_PATH,
      maxAge: Math.floor(maxAgeMs / 1000),
    })

  const current = (request: FastifyRequest) => {
    const token = request.cookies[STAFF_COOKIE]
    return token ? sessoes.find(token) : Promise.resolve(undefined)
  }

  const zod = app.withTypeProvider<ZodTypeProvider>()
  const EntrarSchema = z.object({ chave: obrigatorio(200) })

  zod.post(
    '/entrar',
    { schema: { body: EntrarSchema, response: dataResponse(z.object({ id_loja: z.number() })) } },
    async (request, reply) => {
      const found = await keys.findActive(request.body.chave)
      if (!found) {
        throw new HttpError(401, painelMensagens.chaveInvalida, 'Não autorizado', {
          chave: painelMensagens.chaveInvalida,
        })
      }
      setCookie(reply, await sessoes.create(found.id, found.idLoja), STAFF_SESSION_TTL_MS)
      return { data: { id_loja: found.idLoja } }
    },
  )

  zod.post('/sair', { schema: { body: ValueCallSchema, response: noDataResponse } }, async (request, reply) => {
    const sessao = await current(request)
    if (sessao) await sessoes.revoke(sessao.id)
    setCookie(reply, '', 0)
    return { data: null }
  })

  await app.register(async (paired) => {
    paired.addHook('onRequest', async (request) => {
      const sessao = await current(request)
      if (!sessao) throw new HttpError(401, painelMensagens.semSessao, 'Sessão da loja terminada')
      request.painel = sessao
    })
    paired
      .withTypeProvider<ZodTypeProvider>()
      .get('/sessao', { schema: { response: dataResponse(z.object({ id_loja: z.number() })) } }, async (request) => ({
        data: { id_loja: request.painel.idLoja },
      }))
    for (const plugin of routes) await paired.register(plugin)
  })
}
