import { queryOptions, useQuery } from '@tanstack/react-query'
import type { CampanhaResumo } from '../../../shared/conteudos.ts'
import { getByPath } from '../../lib/query.tsx'
import { conteudosKeys } from './keys.ts'

export const campanhasQuery = () =>
  queryOptions({ queryKey: conteudosKeys.campanhas(), queryFn: getByPath<CampanhaResumo[]> })

export const useCampanhas = () => useQuery(campanhasQuery())
