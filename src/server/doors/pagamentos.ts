import type { FastifyInstance } from 'fastify'
import { appleWebServiceRoutes } from '../features/carteira/routes.ts'
import { pagamentoCallbackRoutes } from '../features/encomendas/routes.ts'
import { markDoor } from '../platform/server.ts'
import type { Services } from '../services.ts'

/**
 * The outside services' door, with no session and no version header: the payment providers' callbacks
 * (`/api/pagamentos/<provider>/*`) and Apple Wallet's devices (`/api/carteira/apple/v1/*`). What a callback says is
 * never taken on its word: it names a payment request, and the provider is asked for its status before anything
 * changes (features/encomendas/callback.ts). A device is identified by its pass's own token (features/carteira).
 */
export async function pagamentosDoor(app: FastifyInstance, s: Services): Promise<void> {
  await app.register(async (door) => {
    markDoor(door, 'providers')
    await door.register(pagamentoCallbackRoutes(s.encomendas))
    await door.register(appleWebServiceRoutes, { service: s.carteira, clock: s.clock })
  })
}
