import type { Campanha } from '../../../shared/conteudos.ts'
import { apiReads } from '../../../shared/page-reads.ts'
import { useApiQuery } from '../../lib/query.tsx'

export const useCampanha = (tag: string) => useApiQuery<Campanha>(apiReads.campanha(tag))
