import { useMutation } from '@tanstack/react-query'
import { useRef } from 'react'
import type { Cliente } from '../../../shared/fidelizacao.ts'
import { painelPost } from './api.ts'
import { createAttempts } from './idempotency.ts'

export interface NovoCliente {
  telemovel: string
  pais: string
}

/**
 * `POST /painel/api/clientes`: a provisional account for a phone the till does not know (STORE-API.md `clientes`), with
 * an Idempotency-Key per attempt, so that a retry after a lost answer sends the customer's SMS only once.
 */
export function useCriarCliente() {
  const attempts = useRef(createAttempts('clientes')).current
  return useMutation({
    mutationFn: async (novo: NovoCliente) =>
      (await painelPost<{ cliente: Cliente }>('/clientes', novo, attempts.keyFor(novo))).cliente,
    onSuccess: (_cliente, novo) => attempts.settle(novo),
  })
}
