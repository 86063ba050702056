import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Transacao } from '../../../shared/fidelizacao.ts'
import { apiPost } from '../../lib/api.ts'
import { fidelizacaoKeys } from './keys.ts'

/** One of the customer's own transactions (POST: the customer's reads resolve the session); another's is a 404. */
export const transacaoQuery = (id: number | null) =>
  queryOptions({
    queryKey: fidelizacaoKeys.transacao(id ?? 0),
    queryFn: () => apiPost<Transacao>(`/api/transacao/${id}`, { value: true }),
    enabled: id !== null,
  })

export const useTransacao = (id: number | null) => useQuery(transacaoQuery(id))
