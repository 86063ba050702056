import { queryOptions, useQuery } from '@tanstack/react-query'
import type { LojaNomeFuso } from '../../../shared/restaurantes.ts'
import { painelGet } from './api.ts'
import { painelKeys } from './keys.ts'

/** `GET /painel/api/loja`: the paired store's name, restaurant and time zone (401 when the tablet is not paired). */
export const lojaQuery = () =>
  queryOptions({
    queryKey: painelKeys.loja(),
    queryFn: ({ signal }) => painelGet<LojaNomeFuso | null>('/loja', signal),
  })

export const useLoja = () => useQuery(lojaQuery())
