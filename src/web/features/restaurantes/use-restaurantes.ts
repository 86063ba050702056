import { apiReads } from '../../../shared/page-reads.ts'
import type { RestauranteResumo } from '../../../shared/restaurantes.ts'
import { useApiQuery } from '../../lib/query.tsx'

export const useRestaurantes = () => useApiQuery<RestauranteResumo[]>(apiReads.restaurantes())
