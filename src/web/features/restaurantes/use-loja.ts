import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Loja } from '../../../shared/restaurantes.ts'
import { getByPath } from '../../lib/query.tsx'
import { restaurantesKeys } from './keys.ts'

export const lojaQuery = (restaurante: string, loja: string) =>
  queryOptions({ queryKey: restaurantesKeys.loja(restaurante, loja), queryFn: getByPath<Loja> })

export const useLoja = (restaurante: string, loja: string) => useQuery(lojaQuery(restaurante, loja))
