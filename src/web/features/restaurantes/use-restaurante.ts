import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Restaurante } from '../../../shared/restaurantes.ts'
import { getByPath } from '../../lib/query.tsx'
import { restaurantesKeys } from './keys.ts'

export const restauranteQuery = (tag: string) =>
  queryOptions({ queryKey: restaurantesKeys.restaurante(tag), queryFn: getByPath<Restaurante> })

export const useRestaurante = (tag: string) => useQuery(restauranteQuery(tag))
