import { queryOptions, useQuery } from '@tanstack/react-query'
import type { RestauranteResumo } from '../../../shared/restaurantes.ts'
import { getByPath } from '../../lib/query.tsx'
import { restaurantesKeys } from './keys.ts'

export const restaurantesQuery = () =>
  queryOptions({ queryKey: restaurantesKeys.restaurantes(), queryFn: getByPath<RestauranteResumo[]> })

export const useRestaurantes = () => useQuery(restaurantesQuery())
