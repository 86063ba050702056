import { queryOptions, useQuery } from '@tanstack/react-query'
import type { LojaEncomenda } from '../../../shared/ementa.ts'
import { getByPath, pathKey } from '../../lib/query.tsx'

/**
 * The ordering stores' state (`GET /api/lojas-encomenda`), under its path's key: the catalogue reads the same entry.
 * The store's own read is cached content; whether it is paused or closed today changes with the clock, so it is not.
 */
export const lojasEncomendaQuery = () =>
  queryOptions({
    queryKey: pathKey('/api/lojas-encomenda'),
    queryFn: getByPath<LojaEncomenda[]>,
    staleTime: 60_000,
  })

/** What the catalogue tells of this store today (its orders paused, or the store closed), or null. */
export function useAvisoLoja(idLoja: number | undefined): string | null {
  const query = useQuery({ ...lojasEncomendaQuery(), enabled: idLoja !== undefined })
  return query.data?.find((l) => l.id_loja === idLoja)?.aviso ?? null
}
