import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import type { EstadoImpressora, Reimpressao } from '../../../shared/impressora.ts'
import { ApiError } from '../../lib/api.ts'
import { painelGet, painelPost } from './api.ts'
import { createAttempts } from './idempotency.ts'
import { painelKeys } from './keys.ts'

/** Read again this often: a printer that stops answering shows on the board within seconds of its next ticket. */
const LER_MS = 15_000

/** `GET /painel/api/impressora`: the store's kitchen printer as the board shows it (decision 0043). */
export const useImpressora = () =>
  useQuery({
    queryKey: painelKeys.impressora(),
    queryFn: ({ signal }) => painelGet<EstadoImpressora>('/impressora', signal),
    refetchInterval: LER_MS,
    staleTime: 0,
  })

/**
 * `POST /painel/api/encomendas/{id}/reimprimir`: the order's ticket printed again, with an Idempotency-Key per attempt
 * (the same one when a lost answer makes staff tap again, so it prints once); answered, the next tap is a new reprint.
 */
export function useReimprimir() {
  const queryClient = useQueryClient()
  const attempts = useRef(createAttempts('reimprimir')).current
  return useMutation({
    mutationFn: (id: number) => painelPost<Reimpressao>(`/encomendas/${id}/reimprimir`, {}, attempts.keyFor({ id })),
    onSuccess: (_, id) => attempts.settle({ id }),
    onError: (error, id) => {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) attempts.settle({ id })
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: painelKeys.impressora() }),
  })
}
