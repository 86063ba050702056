import { apiReads } from '../../../shared/page-reads.ts'
import type { Restaurante } from '../../../shared/restaurantes.ts'
import { useApiQuery } from '../../lib/query.tsx'

export const useRestaurante = (tag: string) => useApiQuery<Restaurante>(apiReads.restaurante(tag))
