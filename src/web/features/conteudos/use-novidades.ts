import type { NovidadeResumo } from '../../../shared/conteudos.ts'
import { apiReads } from '../../../shared/page-reads.ts'
import { useApiQuery } from '../../lib/query.tsx'

export const useNovidades = () => useApiQuery<NovidadeResumo[]>(apiReads.novidades())
