// The demo's only door into the ordering feature: a change of its names or its wiring is mended here, nowhere else in
// the demo module.
import { createCatalogoService } from '../features/encomendas/catalogo.ts'
import { createCatalogoRepository } from '../features/encomendas/catalogo-repository.ts'
import { estaAberta, type Horario, todosOsDias } from '../features/encomendas/horario.ts'
import { createRestaurantesRepository } from '../features/restaurantes/repository.ts'
import { createRestaurantesService } from '../features/restaurantes/service.ts'
import { type Clock, systemClock } from '../platform/clock.ts'
import type { Database } from '../platform/db.ts'
import type { EmentaDemo } from './ementas.ts'

export { estaAberta, type Horario, todosOsDias }

/**
 * The ordering feature's service over `db` (the pool or a transaction), built as the app builds it. Nothing to tell
 * when a menu changes: the seed runs before the app and its read cache exist, or from another process.
 */
export function ordering(db: Database, clock: Clock = systemClock) {
  return createCatalogoService({
    repository: createCatalogoRepository(db),
    clock,
    onEmentaAlterada: () => undefined,
    lojas: createRestaurantesService(createRestaurantesRepository(db)),
  })
}

/**
 * The demo stores' POS menus through the entry the Store API's `PUT /api/loja/v1/ementa` calls, so that they pass its
 * validation and are stored in its cents, as a real POS's would.
 */
export async function importDemoEmentas(db: Database, ementas: readonly EmentaDemo[]): Promise<void> {
  const service = ordering(db)
  for (const { id_loja, ementa } of ementas) await service.importarEmenta(id_loja, ementa)
}
