import type { FastifyInstance } from 'fastify'
import type { Config } from '../config.ts'
import { lojaEncomendasRoutes, type OrderStreamSlots } from '../features/encomendas/loja-encomendas-routes.ts'
import { painelEncomendasRoutes } from '../features/encomendas/painel-routes.ts'
import { painelFaturasRoutes } from '../features/faturas/painel-routes.ts'
import { painelFidelizacaoRoutes } from '../features/fidelizacao/painel-routes.ts'
import { painelImpressorasRoutes } from '../features/impressoras/painel-routes.ts'
import { markDoor } from '../platform/server.ts'
import { STAFF_API_PREFIX, staffSurface } from '../platform/staff-surface.ts'
import type { Services } from '../services.ts'

/**
 * The counter door: the till and the board of a store's tablet, `/painel/api/*`, identified by the tablet's session
 * (paired once with a store key, an HttpOnly cookie scoped to `/painel`, one store). Only pairing and unpairing are
 * open; every other route checks the session first (platform/staff-surface.ts).
 */
export async function painelDoor(
  app: FastifyInstance,
  config: Config,
  s: Services,
  orderStreams: OrderStreamSlots,
): Promise<void> {
  await app.register(
    (door) => {
      markDoor(door, 'counter')
      return staffSurface(door, {
        db: s.db,
        clock: s.clock,
        secureCookie: config.NODE_ENV === 'production',
        routes: [
          painelFidelizacaoRoutes(s.fidelizacao),
          // The board's alarm: what of its store still has no fiscal document past the set minutes.
          painelFaturasRoutes(s.faturas),
          painelEncomendasRoutes(s.encomendas),
          // The kitchen printer's state and reprints of an order's ticket.
          painelImpressorasRoutes(s.impressoras),
          lojaEncomendasRoutes(
            s.encomendas,
            s.bus,
            s.closing,
            (request) => ({ chaveId: request.painel.chaveId, idLoja: request.painel.idLoja }),
            { streams: orderStreams },
          ),
        ],
      })
    },
    { prefix: STAFF_API_PREFIX },
  )
}
