import { queryOptions, useQuery } from '@tanstack/react-query'
import type { EstadoConvidado } from '../../../shared/convidado.ts'
import { apiGet } from '../../lib/api.ts'

/** Query key of this device's guest (decision 0050): what `GET /api/convidado` answers. */
export const CONVIDADO_KEY = ['convidado'] as const

/** This device's guest: the phone confirmed, and the order it was used for. Asked only for a visitor. */
export const convidadoQuery = (ativo: boolean) =>
  queryOptions({
    queryKey: CONVIDADO_KEY,
    queryFn: ({ signal }) => apiGet<EstadoConvidado>('/api/convidado', signal),
    enabled: ativo,
  })

export const useConvidado = (ativo: boolean) => useQuery(convidadoQuery(ativo))
