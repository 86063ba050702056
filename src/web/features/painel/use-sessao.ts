import { queryOptions, useQuery } from '@tanstack/react-query'
import { painelGet } from './api.ts'
import { painelKeys } from './keys.ts'

/** `GET /painel/api/sessao`: the store this tablet is paired with (401 when it is not). */
export const sessaoQuery = () =>
  queryOptions({
    queryKey: painelKeys.sessao(),
    queryFn: ({ signal }) => painelGet<{ id_loja: number }>('/sessao', signal),
    staleTime: 0,
  })

export const useSessao = () => useQuery(sessaoQuery())
