import type { LojaNome } from '../../../shared/restaurantes.ts'
import { useApiQuery } from '../../lib/query.tsx'

/** The shops an opinion can be about (GET /api/lojas). */
export const useLojas = () => useApiQuery<LojaNome[]>('/api/lojas')
