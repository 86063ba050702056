import type { NovidadeResumo } from '../../../shared/conteudos.ts'
import { useApiQuery } from '../../lib/query.tsx'

export const useNovidades = () => useApiQuery<NovidadeResumo[]>('/api/novidades')
