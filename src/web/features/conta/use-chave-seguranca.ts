import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { PrivateData, UserData } from '../../../shared/conta.ts'
import { paths } from '../../../shared/routes.ts'
import { apiPost } from '../../lib/api.ts'
import { PRIVATE_DATA_KEY, setPrivateData } from '../../lib/private-data.ts'

export interface ChaveSegurancaResult {
  /** The account after the change (the route's schema allows null: no account, which its login guard rules out). */
  user: UserData | null
  /** The code, when one was just made (first activation or 'Gerar nova chave'); `user.codigo_seguranca` has it too. */
  chave: string | null
}

export function useChaveSeguranca() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { selecao: 0 | 1; gerar?: boolean }) =>
      apiPost<ChaveSegurancaResult>(paths.chaveSeguranca, body),
    // Here rather than in the screen, so that the answer lands even if the screen is left while the call runs. Through
    // setPrivateData: a new key is a new QR, and the card kept on the device for the till must show that one.
    onSuccess: ({ user }) => {
      const old = queryClient.getQueryData<PrivateData>(PRIVATE_DATA_KEY)
      if (user && old) setPrivateData(queryClient, { ...old, user: { ...old.user, data: user } })
    },
  })
}
