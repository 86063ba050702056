import { useMutation, useQueryClient } from '@tanstack/react-query'
import { painelPost } from './api.ts'
import { painelKeys } from './keys.ts'

/** `POST /painel/api/entrar`: pairs this tablet with a store key (the staff cookie comes back HttpOnly). */
export function useEntrar() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (chave: string) => painelPost<{ id_loja: number }>('/entrar', { chave }),
    onSuccess: (sessao) => {
      // Whatever an earlier pairing left in the cache belongs to another session.
      queryClient.removeQueries({ queryKey: painelKeys.all })
      queryClient.setQueryData(painelKeys.sessao(), sessao)
    },
  })
}
