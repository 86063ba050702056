import { useMutation } from '@tanstack/react-query'
import type { PrivateData } from '../../../shared/conta.ts'
import { apiPost } from '../../lib/api.ts'

export type SelecaoNif = 'principal' | 'secundario'

/**
 * Spec §4 NIF choice: the server toggles (the current choice again empties it) and answers the private data. The
 * screen stores the answer once the overlay is gone (see conta/use-private-call.ts).
 */
export const useGravaSelecaoNif = () =>
  useMutation({
    mutationFn: (selecao: SelecaoNif) => apiPost<PrivateData>('/api/grava-selecao-nif', { selecao }),
  })
