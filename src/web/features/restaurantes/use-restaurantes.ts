import type { RestauranteResumo } from '../../../shared/restaurantes.ts'
import { useApiQuery } from '../../lib/query.tsx'

export const useRestaurantes = () => useApiQuery<RestauranteResumo[]>('/api/restaurantes')
