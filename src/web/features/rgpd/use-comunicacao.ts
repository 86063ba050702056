import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { PrivateData, UserData } from '../../../shared/conta.ts'
import type { RgpdComunicacaoInput } from '../../../shared/rgpd.ts'
import { paths } from '../../../shared/routes.ts'
import { apiPost } from '../../lib/api.ts'
import { PRIVATE_DATA_KEY } from '../../lib/private-data.ts'

/** `POST /rgpd/comunicacao` (spec §7): the consent to the group's communications; answers the account's data. */
export function useComunicacao() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: RgpdComunicacaoInput) => apiPost<UserData>(paths.rgpdComunicacao, body),
    // Here rather than in the screen, so that the answer lands even if the screen is left while the call runs. Only the
    // account's data change (not who is signed in), so no guard wakes up under the overlay.
    onSuccess: (user) => {
      queryClient.setQueryData<PrivateData>(PRIVATE_DATA_KEY, (old) =>
        old ? { ...old, user: { ...old.user, data: user } } : old,
      )
    },
  })
}
