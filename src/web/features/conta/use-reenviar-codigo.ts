import { useMutation } from '@tanstack/react-query'
import { apiPost } from '../../lib/api.ts'

/** Sends the SMS code of a challenge again (the server allows it once a minute). */
export const useReenviarCodigo = () =>
  useMutation({ mutationFn: (hash: string) => apiPost<null>('/api/reenviar-codigo', { hash }) })
