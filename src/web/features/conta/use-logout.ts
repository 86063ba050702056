import { useMutation } from '@tanstack/react-query'
import type { PrivateData } from '../../../shared/conta.ts'
import { apiPost } from '../../lib/api.ts'

/** Ends the session; the caller puts the answer in the cache once it has left the login-required screen. */
export const useLogout = () => useMutation({ mutationFn: () => apiPost<PrivateData>('/api/logout', { value: true }) })
