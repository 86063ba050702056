import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Campanha } from '../../../shared/conteudos.ts'
import { getByPath } from '../../lib/query.tsx'
import { conteudosKeys } from './keys.ts'

export const campanhaQuery = (tag: string) =>
  queryOptions({ queryKey: conteudosKeys.campanha(tag), queryFn: getByPath<Campanha> })

export const useCampanha = (tag: string) => useQuery(campanhaQuery(tag))
