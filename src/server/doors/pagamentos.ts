import type { FastifyInstance } from 'fastify'
import { pagamentoCallbackRoutes } from '../features/encomendas/routes.ts'
import { markDoor } from '../platform/server.ts'
import type { Services } from '../services.ts'

/**
 * The payment providers' door: `/api/pagamentos/<provider>/*`, with no session and no version header. What a callback
 * says is never taken on its word: it names a payment request, and the provider is asked for its status before
 * anything changes (features/encomendas/callback.ts).
 */
export async function pagamentosDoor(app: FastifyInstance, s: Services): Promise<void> {
  await app.register(async (door) => {
    markDoor(door, 'providers')
    await door.register(pagamentoCallbackRoutes(s.encomendas))
  })
}
