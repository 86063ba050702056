import type { InformacaoLegal } from '../../../shared/conteudos.ts'
import { useApiQuery } from '../../lib/query.tsx'

export const useInformacaoLegalConteudo = (tag: string) =>
  useApiQuery<InformacaoLegal>(`/api/informacao-legal/${encodeURIComponent(tag)}`)
