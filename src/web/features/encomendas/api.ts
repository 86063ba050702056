import { useQuery } from '@tanstack/react-query'
import type { Catalogo, LojaEncomenda } from '../../../shared/ementa.ts'
import { apiGet } from '../../lib/api.ts'

/** The catalogue side's query keys (the order's own is in use-encomenda.ts). */
export const encomendasKeys = {
  lojas: ['lojas-encomenda'] as const,
  catalogo: (idLoja: number | null) => ['catalogo', idLoja] as const,
}

/** The stores that take orders from the app (`GET /api/lojas-encomenda`), each saying whether it is open now. */
export const useLojasEncomenda = () =>
  useQuery({
    queryKey: encomendasKeys.lojas,
    queryFn: ({ signal }) => apiGet<LojaEncomenda[]>('/api/lojas-encomenda', signal),
    // Whether a store is open changes with the clock.
    staleTime: 60_000,
  })

/** A store's catalogue (`GET /api/catalogo/{id_loja}`); nothing is asked before a store is chosen. */
export const useCatalogo = (idLoja: number | null) =>
  useQuery({
    queryKey: encomendasKeys.catalogo(idLoja),
    queryFn: ({ signal }) => apiGet<Catalogo>(`/api/catalogo/${idLoja}`, signal),
    enabled: idLoja !== null,
    staleTime: 5 * 60_000,
  })
