import type { Novidade } from '../../../shared/conteudos.ts'
import { useApiQuery } from '../../lib/query.tsx'

export const useNovidade = (tag: string) => useApiQuery<Novidade>(`/api/novidades/${encodeURIComponent(tag)}`)
