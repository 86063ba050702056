import { queryOptions, useQuery } from '@tanstack/react-query'
import type { CategoriaFaq } from '../../../shared/conteudos.ts'
import { getByPath } from '../../lib/query.tsx'
import { conteudosKeys } from './keys.ts'

export const categoriaFaqQuery = (tag: string) =>
  queryOptions({ queryKey: conteudosKeys.categoriaFaq(tag), queryFn: getByPath<CategoriaFaq> })

export const useCategoriaFaq = (tag: string) => useQuery(categoriaFaqQuery(tag))
