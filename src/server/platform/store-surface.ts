import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { Clock } from './clock.ts'
import type { Database } from './db.ts'
import { HttpError } from './errors.ts'
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from './idempotency.ts'
import { type ChaveLoja, lojasChavesRepo } from './store-keys.ts'

/**
 * The store surface (ARCHITECTURE.md "Surfaces", STORE-API.md "Common rules"): `/api/loja/v1/*`, identified by a store
 * key as a Bearer token. An encapsulated context of its own: none of the customer surface's hooks (version header,
 * sessions) run here, and no route registered here can be reached without a valid key.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** The store key this request acts with. */
    chaveLoja: ChaveLoja
  }
}

export const STORE_API_PREFIX = '/api/loja/v1'

export const lojaMensagens = {
  semChave: 'Falta a chave da loja (Authorization: Bearer …).',
  chaveDesconhecida: 'Chave da loja desconhecida ou revogada.',
  idempotencyKey: 'O cabeçalho Idempotency-Key é obrigatório: de 1 a 200 caracteres imprimíveis.',
}

/** The Idempotency-Key of a store change; 400 when missing or malformed. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const key = request.headers[IDEMPOTENCY_HEADER]
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new HttpError(400, lojaMensagens.idempotencyKey, 'Erro', { 'Idempotency-Key': lojaMensagens.idempotencyKey })
  }
  return key
}

export interface StoreSurfaceOptions {
  db: Database
  clock: Clock
  /** The feature route plugins of this surface. */
  routes: FastifyPluginAsync[]
}

export async function storeSurface(app: FastifyInstance, { db, clock, routes }: StoreSurfaceOptions) {
  const keys = lojasChavesRepo(db, clock)
  app.decorateRequest<ChaveLoja | null>('chaveLoja', null)
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const authorization = request.headers.authorization
    const token = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : ''
    if (!token) {
      reply.header('www-authenticate', 'Bearer')
      throw new HttpError(401, lojaMensagens.semChave, 'Não autorizado')
    }
    const chave = await keys.findActive(token)
    if (!chave) {
      reply.header('www-authenticate', 'Bearer error="invalid_token"')
      throw new HttpError(401, lojaMensagens.chaveDesconhecida, 'Não autorizado')
    }
    request.chaveLoja = chave
  })
  for (const plugin of routes) await app.register(plugin)
}

/**
 * Whether a store key is still active (not revoked): what a connection opened with it, such as a board's order
 * stream, asks now and then, since the key was checked only when it opened.
 */
export async function chaveLojaAtiva(db: Database, chaveId: number): Promise<boolean> {
  const chave = await db
    .selectFrom('lojas_chaves')
    .select('id')
    .where('id', '=', chaveId)
    .where('revogada_em', 'is', null)
    .executeTakeFirst()
  return chave !== undefined
}
