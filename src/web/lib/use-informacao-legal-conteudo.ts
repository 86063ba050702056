import { queryOptions, useQuery } from '@tanstack/react-query'
import type { InformacaoLegal } from '../../shared/conteudos.ts'
import { getByPath, pathKey } from './query.tsx'

/** A legal text: its own page (conteudos) and the forms that ask to accept it (LegalTextButton). */
export const informacaoLegalConteudoQuery = (tag: string) =>
  queryOptions({
    queryKey: pathKey(`/api/informacao-legal/${encodeURIComponent(tag)}`),
    queryFn: getByPath<InformacaoLegal>,
  })

export const useInformacaoLegalConteudo = (tag: string) => useQuery(informacaoLegalConteudoQuery(tag))
