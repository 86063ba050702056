import type { CategoriaFaq } from '../../../shared/conteudos.ts'
import { useApiQuery } from '../../lib/query.tsx'

export const usePerguntasFrequentes = () => useApiQuery<CategoriaFaq[]>('/api/perguntas-frequentes')
