import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import type { z } from 'zod'
import type { DevolucaoRespostaSchema } from '../../../shared/fidelizacao.ts'
import { painelPost } from './api.ts'
import { createAttempts } from './idempotency.ts'
import { painelKeys } from './keys.ts'

export type Devolucao = z.infer<typeof DevolucaoRespostaSchema>

/** `POST /painel/api/compras/{id}/devolucoes`: a refund (partial or whole), idempotent like a purchase. */
export function useDevolver(compraId: number) {
  const queryClient = useQueryClient()
  const attempts = useRef(createAttempts('devolucoes')).current
  return useMutation({
    mutationFn: (valor: number) =>
      painelPost<Devolucao>(`/compras/${compraId}/devolucoes`, { valor }, attempts.keyFor({ compraId, valor })),
    onSuccess: (_devolucao, valor) => {
      attempts.settle({ compraId, valor })
      void queryClient.invalidateQueries({ queryKey: painelKeys.compras() })
    },
  })
}
