import type { Loja } from '../../../shared/restaurantes.ts'
import { useApiQuery } from '../../lib/query.tsx'

export const useLoja = (restaurante: string, loja: string) =>
  useApiQuery<Loja>(`/api/restaurantes/${encodeURIComponent(restaurante)}/lojas/${encodeURIComponent(loja)}`)
