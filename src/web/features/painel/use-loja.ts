import { useQuery } from '@tanstack/react-query'
import type { LojaNome } from '../../../shared/restaurantes.ts'
import { painelGet, painelKeys } from './api.ts'

/** `GET /painel/api/loja`: the paired store's name and restaurant (401 when the tablet is not paired). */
export const useLoja = () =>
  useQuery({
    queryKey: painelKeys.loja(),
    queryFn: ({ signal }) => painelGet<LojaNome | null>('/loja', signal),
  })
