import type { CampanhaResumo } from '../../../shared/conteudos.ts'
import { useApiQuery } from '../../lib/query.tsx'

export const useCampanhas = () => useApiQuery<CampanhaResumo[]>('/api/campanhas')
