import type { Configuracao } from '../../../shared/conta.ts'
import { useApiQuery } from '../../lib/query.tsx'

export const useConfiguracao = () => useApiQuery<Configuracao>('/api/configuracao')
