import { pathKey } from '../../lib/query.tsx'

/** Query keys of the restaurant screens: public reads, each under its own path (lib/query.tsx `pathKey`). */
export const restaurantesKeys = {
  restaurantes: () => pathKey('/api/restaurantes'),
  restaurante: (tag: string) => pathKey(`/api/restaurantes/${encodeURIComponent(tag)}`),
  loja: (restaurante: string, loja: string) =>
    pathKey(`/api/restaurantes/${encodeURIComponent(restaurante)}/lojas/${encodeURIComponent(loja)}`),
}
