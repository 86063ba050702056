import { queryOptions, useQuery } from '@tanstack/react-query'
import type { NovidadeResumo } from '../../../shared/conteudos.ts'
import { getByPath } from '../../lib/query.tsx'
import { conteudosKeys } from './keys.ts'

export const novidadesQuery = () =>
  queryOptions({ queryKey: conteudosKeys.novidades(), queryFn: getByPath<NovidadeResumo[]> })

export const useNovidades = () => useQuery(novidadesQuery())
