import { queryOptions, useQuery } from '@tanstack/react-query'
import type { TransacaoLoja } from '../../../shared/fidelizacao.ts'
import { painelGet } from './api.ts'
import { painelKeys } from './keys.ts'

/** `encomenda`: written by an app order, undone by cancelling the order on the board, not by a refund here. */
export type CompraRecente = TransacaoLoja & { por_devolver: number; devolvida: boolean; encomenda: boolean }

/** `GET /painel/api/compras`: the store's newest purchases, with what is left to refund of each. */
export const comprasQuery = () =>
  queryOptions({
    queryKey: painelKeys.compras(),
    queryFn: ({ signal }) => painelGet<CompraRecente[]>('/compras', signal),
    staleTime: 0,
    refetchInterval: 60_000,
  })

export const useCompras = () => useQuery(comprasQuery())
