import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import type { OpiniaoSchema } from '../../../shared/fidelizacao.ts'
import { href, paths } from '../../../shared/routes.ts'
import { apiPost } from '../../lib/api.ts'

interface Opinar {
  /** The transaction the opinion is about; none for an opinion about a shop. */
  transacaoId?: number | undefined
  body: z.output<typeof OpiniaoSchema>
}

/** Spec §7 opinion: POST to the form's own path, /opiniao or /opiniao/transacao/{id}. */
export const useOpiniao = () =>
  useMutation({
    mutationFn: ({ transacaoId, body }: Opinar) =>
      apiPost<{ id: number }>(
        transacaoId === undefined ? paths.opiniao : href(paths.opiniaoTransacao, { id_transacao: transacaoId }),
        body,
      ),
  })
