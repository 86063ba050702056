import type { CampanhaResumo } from '../../../shared/conteudos.ts'
import { apiReads } from '../../../shared/page-reads.ts'
import { useApiQuery } from '../../lib/query.tsx'

export const useCampanhas = () => useApiQuery<CampanhaResumo[]>(apiReads.campanhas())
