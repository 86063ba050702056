import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PedidoRgpd } from '../../../shared/rgpd.ts'
import { apiGet } from '../../lib/api.ts'
import { rgpdKeys } from './keys.ts'

/**
 * The request an e-mailed link names, while it can still be used (`GET /api/rgpd/pedidos/:token`): 410 once used or
 * expired, 403 when it is another account's. Read once as the screen opens: the link is single-use, and reading it
 * again under the person (a window focus) must not turn the screen into "link used" after they used it here.
 */
export const pedidoQuery = (token: string) =>
  queryOptions({
    queryKey: rgpdKeys.pedido(token),
    queryFn: ({ signal }) => apiGet<PedidoRgpd>(`/api/rgpd/pedidos/${encodeURIComponent(token)}`, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
  })

export const usePedido = (token: string) => useQuery(pedidoQuery(token))
