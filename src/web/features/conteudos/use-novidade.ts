import type { Novidade } from '../../../shared/conteudos.ts'
import { apiReads } from '../../../shared/page-reads.ts'
import { useApiQuery } from '../../lib/query.tsx'

export const useNovidade = (tag: string) => useApiQuery<Novidade>(apiReads.novidade(tag))
