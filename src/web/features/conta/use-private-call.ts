import { useMutation } from '@tanstack/react-query'
import type { PrivateData } from '../../../shared/conta.ts'
import { apiPost } from '../../lib/api.ts'

/**
 * A call that answers PrivateData. It does not touch the cache itself: the screen stores the answer
 * (useSetPrivateData) once the submission overlay is gone, because a fresh answer wakes the guards, which would
 * otherwise leave the screen, and take the overlay and any typed input with it, before the 1.5 s of spec §9 (decision 0015).
 */
export function usePrivateDataCall<V>(path: (variables: V) => string, body: (variables: V) => unknown = (v) => v) {
  return useMutation({
    mutationFn: (variables: V) => apiPost<PrivateData>(path(variables), body(variables)),
  })
}
