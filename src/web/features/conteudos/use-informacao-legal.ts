import type { InformacaoLegalResumo } from '../../../shared/conteudos.ts'
import { useApiQuery } from '../../lib/query.tsx'

export const useInformacaoLegal = () => useApiQuery<InformacaoLegalResumo[]>('/api/informacao-legal')
