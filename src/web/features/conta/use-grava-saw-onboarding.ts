import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { PrivateData } from '../../../shared/conta.ts'
import { apiPost } from '../../lib/api.ts'
import { PRIVATE_DATA_KEY, setPrivateData } from '../../lib/private-data.ts'

/** Records the onboarding as seen (on the device's session, and on the account when logged in). */
export function useGravaSawOnboarding() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiPost<null>('/api/grava-saw-onboarding', { value: true }),
    onSuccess: () => {
      const old = queryClient.getQueryData<PrivateData>(PRIVATE_DATA_KEY)
      const user = old?.user ?? { loggedIn: false, data: null }
      setPrivateData(queryClient, { transacoes: [], ordering: [], ...old, user: { ...user, sawOnboarding: true } })
      void queryClient.invalidateQueries({ queryKey: PRIVATE_DATA_KEY })
    },
  })
}
