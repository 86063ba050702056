import type { Campanha } from '../../../shared/conteudos.ts'
import { useApiQuery } from '../../lib/query.tsx'

export const useCampanha = (tag: string) => useApiQuery<Campanha>(`/api/campanhas/${encodeURIComponent(tag)}`)
