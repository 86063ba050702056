import type { Configuracao } from '../../../shared/conta.ts'
import { apiReads } from '../../../shared/page-reads.ts'
import { useApiQuery } from '../../lib/query.tsx'

export const useConfiguracao = () => useApiQuery<Configuracao>(apiReads.configuracao())
