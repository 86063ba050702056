import { queryOptions, useQuery } from '@tanstack/react-query'
import type { CategoriaFaq } from '../../../shared/conteudos.ts'
import { getByPath } from '../../lib/query.tsx'
import { conteudosKeys } from './keys.ts'

export const perguntasFrequentesQuery = () =>
  queryOptions({ queryKey: conteudosKeys.perguntasFrequentes(), queryFn: getByPath<CategoriaFaq[]> })

export const usePerguntasFrequentes = () => useQuery(perguntasFrequentesQuery())
