import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Catalogo, LojaEncomenda } from '../../../shared/catalogo.ts'
import { apiGet } from '../../lib/api.ts'
import { encomendasKeys } from './keys.ts'

/** The stores that take orders from the app (`GET /api/lojas-encomenda`), each saying whether it is open now. */
export const lojasEncomendaQuery = () =>
  queryOptions({
    queryKey: encomendasKeys.lojas,
    queryFn: ({ signal }) => apiGet<LojaEncomenda[]>('/api/lojas-encomenda', signal),
    // Whether a store is open changes with the clock.
    staleTime: 60_000,
  })

export const useLojasEncomenda = () => useQuery(lojasEncomendaQuery())

/**
 * A store's catalogue (`GET /api/catalogo/{id_loja}`); nothing is asked before a store is chosen. The ordering
 * screens' routes ask for it with their chunk (app/router.tsx), and the server puts it in their page.
 */
export const catalogoQuery = (idLoja: number | null) =>
  queryOptions({
    queryKey: encomendasKeys.catalogo(idLoja),
    queryFn: ({ signal }) => apiGet<Catalogo>(`/api/catalogo/${idLoja}`, signal),
    enabled: idLoja !== null,
    staleTime: 5 * 60_000,
  })

export const useCatalogo = (idLoja: number | null) => useQuery(catalogoQuery(idLoja))
