import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { PrivateData, UserData } from '../../../shared/conta.ts'
import { paths } from '../../../shared/routes.ts'
import { PRIVATE_DATA_KEY, storeChave } from '../../app/private-data.ts'
import { apiPost } from '../../lib/api.ts'

export interface ChaveSegurancaResult {
  /** The account after the change (the route's schema allows null: no account, which its login guard rules out). */
  user: UserData | null
  /** Only when a key was just made (first activation or 'Gerar nova chave'); the server keeps only its hash. */
  chave: string | null
}

export function useChaveSeguranca() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { selecao: 0 | 1; gerar?: boolean }) =>
      apiPost<ChaveSegurancaResult>(paths.chaveSeguranca, body),
    onSuccess: ({ user, chave }) => {
      // The key lands on the device before the account says it is on: no screen can ever see the key on without
      // the key this device just received (and call it a key "generated on another device"). Here rather than in
      // the screen, so that it is kept even if the screen is left while the call runs.
      if (!user) return
      if (chave) storeChave(user.id, chave)
      queryClient.setQueryData<PrivateData>(PRIVATE_DATA_KEY, (old) =>
        old ? { ...old, user: { ...old.user, data: user } } : old,
      )
    },
  })
}
