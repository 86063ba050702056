import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Configuracao } from '../../shared/conta.ts'
import { getByPath, pathKey } from './query.tsx'

/** The group's settings (credit percent, minimum age…), which several features show. */
export const configuracaoQuery = () =>
  queryOptions({ queryKey: pathKey('/api/configuracao'), queryFn: getByPath<Configuracao> })

export const useConfiguracao = () => useQuery(configuracaoQuery())
