import type { FastifyInstance } from 'fastify'
import { lojaEmentaRoutes, lojaEncomendasRoutes, type OrderStreamSlots } from '../features/encomendas/routes.ts'
import { lojaFidelizacaoRoutes } from '../features/fidelizacao/store-routes.ts'
import { markDoor } from '../platform/server.ts'
import { STORE_API_PREFIX, storeSurface } from '../platform/store-surface.ts'
import type { Services } from '../services.ts'

/**
 * The store door (STORE-API.md): `/api/loja/v1/*`, for POS integrations, identified by a store key as a Bearer token;
 * every change carries an `Idempotency-Key`. The key is checked before anything else runs (platform/store-surface.ts),
 * so no route here is reached without it, and a customer's or a tablet's identity means nothing here.
 */
export async function lojaDoor(app: FastifyInstance, s: Services, orderStreams: OrderStreamSlots): Promise<void> {
  await app.register(
    (door) => {
      markDoor(door, 'store')
      return storeSurface(door, {
        db: s.db,
        clock: s.clock,
        routes: [
          lojaFidelizacaoRoutes(s.fidelizacao, (request) => ({
            chaveId: request.chaveLoja.id,
            idLoja: request.chaveLoja.idLoja,
          })),
          lojaEmentaRoutes(s.catalogo),
          lojaEncomendasRoutes(
            s.encomendas,
            s.bus,
            s.closing,
            (request) => ({ chaveId: request.chaveLoja.id, idLoja: request.chaveLoja.idLoja }),
            { streams: orderStreams },
          ),
        ],
      })
    },
    { prefix: STORE_API_PREFIX },
  )
}
