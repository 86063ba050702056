import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import type { OfertaCarimbos } from '../../../shared/carimbos.ts'
import type { TransacaoLoja } from '../../../shared/fidelizacao.ts'
import { painelPost } from './api.ts'
import { createAttempts } from './idempotency.ts'
import { painelKeys } from './keys.ts'

export interface NovaCompra {
  cliente_id: number
  /** The proof of the identification this purchase follows: required to spend balance or rewards. */
  identificacao: string
  /** Cents. */
  total: number
  saldo_a_usar: number
  itens_a_redimir: number
  /** 1: the customer's birthday reward, on its own. */
  usar_premio_aniversario: 0 | 1
  referencia: string
  /** The stamp cards' offers handed over with this purchase; absent when none. */
  ofertas_carimbos?: OfertaCarimbos[]
}

/** The purchase's own values: a new identification's proof does not make the same purchase another attempt. */
const semProva = ({ identificacao: _, ...compra }: NovaCompra) => compra

/**
 * `POST /painel/api/compras`: one purchase, with an Idempotency-Key per attempt, the same one when the same purchase is
 * sent again (after a network failure, even after the form was closed), so that it never counts twice.
 */
export function useRegistarCompra() {
  const queryClient = useQueryClient()
  const attempts = useRef(createAttempts('compras')).current
  return useMutation({
    mutationFn: async (compra: NovaCompra) =>
      (await painelPost<{ transacao: TransacaoLoja }>('/compras', compra, attempts.keyFor(semProva(compra)))).transacao,
    onSuccess: (_transacao, compra) => {
      attempts.settle(semProva(compra))
      void queryClient.invalidateQueries({ queryKey: painelKeys.compras() })
    },
  })
}
