import { useQuery } from '@tanstack/react-query'
import { painelGet, painelKeys } from './api.ts'

/** `GET /painel/api/sessao`: the store this tablet is paired with (401 when it is not). */
export const useSessao = () =>
  useQuery({
    queryKey: painelKeys.sessao(),
    queryFn: ({ signal }) => painelGet<{ id_loja: number }>('/sessao', signal),
    staleTime: 0,
  })
