import { queryOptions, useQuery } from '@tanstack/react-query'
import type { LojaNome } from '../../../shared/restaurantes.ts'
import { getByPath } from '../../lib/query.tsx'
import { fidelizacaoKeys } from './keys.ts'

/** The shops an opinion can be about (GET /api/lojas). */
export const lojasQuery = () => queryOptions({ queryKey: fidelizacaoKeys.lojas(), queryFn: getByPath<LojaNome[]> })

export const useLojas = () => useQuery(lojasQuery())
