import { queryOptions, useQuery } from '@tanstack/react-query'
import type { InformacaoLegalResumo } from '../../../shared/conteudos.ts'
import { getByPath } from '../../lib/query.tsx'
import { conteudosKeys } from './keys.ts'

export const informacaoLegalQuery = () =>
  queryOptions({ queryKey: conteudosKeys.informacaoLegal(), queryFn: getByPath<InformacaoLegalResumo[]> })

export const useInformacaoLegal = () => useQuery(informacaoLegalQuery())
