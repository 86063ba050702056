import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { PrivateData, UserData } from '../../../shared/conta.ts'
import { paths } from '../../../shared/routes.ts'
import { PRIVATE_DATA_KEY } from '../../app/private-data.ts'
import { apiPost } from '../../lib/api.ts'

export interface ChaveSegurancaResult {
  user: UserData
  /** Only when a key was just made (first activation or 'Gerar nova chave'); the server keeps only its hash. */
  chave: string | null
}

export function useChaveSeguranca() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { selecao: 0 | 1; gerar?: boolean }) =>
      apiPost<ChaveSegurancaResult>(paths.chaveSeguranca, body),
    onSuccess: ({ user }) => {
      queryClient.setQueryData<PrivateData>(PRIVATE_DATA_KEY, (old) =>
        old ? { ...old, user: { ...old.user, data: user } } : old,
      )
    },
  })
}
