import type { CategoriaFaq } from '../../../shared/conteudos.ts'
import { useApiQuery } from '../../lib/query.tsx'

export const useCategoriaFaq = (tag: string) =>
  useApiQuery<CategoriaFaq>(`/api/perguntas-frequentes/${encodeURIComponent(tag)}`)
