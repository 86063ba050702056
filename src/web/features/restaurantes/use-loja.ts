import { apiReads } from '../../../shared/page-reads.ts'
import type { Loja } from '../../../shared/restaurantes.ts'
import { useApiQuery } from '../../lib/query.tsx'

export const useLoja = (restaurante: string, loja: string) => useApiQuery<Loja>(apiReads.loja(restaurante, loja))
