import { useMutation } from '@tanstack/react-query'
import type { Cliente } from '../../../shared/fidelizacao.ts'
import { painelPost } from './api.ts'

export type Identificacao = { qr: string } | { telemovel: string; pais: string; codigo_seguranca?: string }

/**
 * `POST /painel/api/clientes/identificar`: by the QR's text, or by phone (403 when the customer uses a security code and
 * none was given; 404 'Cliente não encontrado.').
 */
export const useIdentificar = () =>
  useMutation({
    mutationFn: async (body: Identificacao) =>
      (await painelPost<{ cliente: Cliente }>('/clientes/identificar', body)).cliente,
  })
