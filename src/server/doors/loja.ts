import type { FastifyInstance, FastifyRequest } from 'fastify'
import { lojaDocumentosEncomendasRoutes } from '../features/encomendas/documento-routes.ts'
import { lojaEncomendasRoutes, type OrderStreamSlots } from '../features/encomendas/loja-encomendas-routes.ts'
import { lojaEmentaRoutes } from '../features/encomendas/routes.ts'
import { lojaDocumentosComprasRoutes } from '../features/fidelizacao/documento-routes.ts'
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
      const ator = (request: FastifyRequest) => ({ chaveId: request.chaveLoja.id, idLoja: request.chaveLoja.idLoja })
      return storeSurface(door, {
        db: s.db,
        clock: s.clock,
        routes: [
          lojaFidelizacaoRoutes(s.fidelizacao, ator),
          // The fiscal documents the POS issues (STORE-API.md "Invoices"): here only, not on the counter's tablet.
          lojaDocumentosComprasRoutes(s.fidelizacao, ator),
          lojaDocumentosEncomendasRoutes(s.encomendas, ator),
          lojaEmentaRoutes(s.catalogo),
          lojaEncomendasRoutes(s.encomendas, s.bus, s.closing, ator, { streams: orderStreams }),
        ],
      })
    },
    { prefix: STORE_API_PREFIX },
  )
}
