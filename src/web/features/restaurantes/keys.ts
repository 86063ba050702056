import { apiReads } from '../../../shared/page-reads.ts'
import { pathKey } from '../../lib/query.tsx'

/** Query keys of the restaurant screens: public reads, each under its own path (lib/query.tsx `pathKey`). */
export const restaurantesKeys = {
  restaurantes: () => pathKey(apiReads.restaurantes()),
  restaurante: (tag: string) => pathKey(apiReads.restaurante(tag)),
  loja: (restaurante: string, loja: string) => pathKey(apiReads.loja(restaurante, loja)),
}
