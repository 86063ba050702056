import { useMutation, useQueryClient } from '@tanstack/react-query'
import { painelPost } from './api.ts'
import { painelKeys } from './keys.ts'

/** `POST /painel/api/sair`: ends this tablet's session. */
export function useSair() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => painelPost<null>('/sair', { value: true }),
    onSuccess: () => queryClient.removeQueries({ queryKey: painelKeys.all }),
  })
}
