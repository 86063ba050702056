import { queryOptions, useQuery } from '@tanstack/react-query'
import type { InformacaoConsumidor } from '../../../shared/informacao-consumidor.ts'
import { getByPath } from '../../lib/query.tsx'
import { conteudosKeys } from './keys.ts'

/** The arbitration entity and the accessibility contact, as the back-office sets them. */
export const informacaoConsumidorQuery = () =>
  queryOptions({ queryKey: conteudosKeys.informacaoConsumidor(), queryFn: getByPath<InformacaoConsumidor> })

export const useInformacaoConsumidor = () => useQuery(informacaoConsumidorQuery())
