import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ResumoCancelamento } from '../../../shared/rgpd.ts'
import { apiGet } from '../../lib/api.ts'
import { rgpdKeys } from './keys.ts'

/** What cancelling the account would lose (`GET /api/conta/cancelar`): balance, points, an order in progress. */
export const cancelamentoQuery = () =>
  queryOptions({
    queryKey: rgpdKeys.cancelamento(),
    queryFn: ({ signal }) => apiGet<ResumoCancelamento>('/api/conta/cancelar', signal),
    staleTime: 0,
    gcTime: 0,
  })

export const useCancelamento = (enabled: boolean) => useQuery({ ...cancelamentoQuery(), enabled })
