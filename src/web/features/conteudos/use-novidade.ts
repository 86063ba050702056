import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Novidade } from '../../../shared/conteudos.ts'
import { getByPath } from '../../lib/query.tsx'
import { conteudosKeys } from './keys.ts'

export const novidadeQuery = (tag: string) =>
  queryOptions({ queryKey: conteudosKeys.novidade(tag), queryFn: getByPath<Novidade> })

export const useNovidade = (tag: string) => useQuery(novidadeQuery(tag))
