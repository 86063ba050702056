import { queryOptions, useQuery } from '@tanstack/react-query'
import type { EstadoLoja } from '../../../shared/catalogo.ts'
import { getByPath, pathKey } from '../../lib/query.tsx'

/**
 * A store's state today (`GET /api/lojas/:id_loja/estado`), for any store, app orders or not: the store's own read is
 * cached content, whereas whether it is closed or paused today changes with the clock.
 */
export const estadoLojaQuery = (idLoja: number) =>
  queryOptions({
    queryKey: pathKey(`/api/lojas/${idLoja}/estado`),
    queryFn: getByPath<EstadoLoja>,
    staleTime: 60_000,
  })

/** What the catalogue tells of this store today (its app orders paused, or the store closed), or null. */
export function useAvisoLoja(idLoja: number): string | null {
  return useQuery(estadoLojaQuery(idLoja)).data?.aviso ?? null
}
