import { useMutation } from '@tanstack/react-query'
import type { Cliente } from '../../../shared/fidelizacao.ts'
import { painelPost } from './api.ts'

export type PedidoIdentificacao = { qr: string } | { telemovel: string; pais: string; codigo_seguranca?: string }

/** The customer, and the store's proof that it identified them (what lets the purchase spend their balance). */
export interface Identificado {
  cliente: Cliente
  identificacao: string
}

/**
 * `POST /painel/api/clientes/identificar`: by the QR's text, or by phone (403 when the customer uses a security code and
 * none was given; 404 'Cliente não encontrado.'). The proof serves one purchase within 15 minutes: the till
 * identifies the customer again for the next one.
 */
export const useIdentificar = () =>
  useMutation({
    mutationFn: (body: PedidoIdentificacao) => painelPost<Identificado>('/clientes/identificar', body),
  })
