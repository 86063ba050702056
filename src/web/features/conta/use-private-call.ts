import { useMutation } from '@tanstack/react-query'
import type { PrivateData } from '../../../shared/conta.ts'
import { useSetPrivateData } from '../../app/private-data.ts'
import { apiPost } from '../../lib/api.ts'

/** A call that answers PrivateData: its answer replaces the cached private data. */
export function usePrivateDataCall<V>(path: (variables: V) => string, body: (variables: V) => unknown = (v) => v) {
  const setPrivateData = useSetPrivateData()
  return useMutation({
    mutationFn: (variables: V) => apiPost<PrivateData>(path(variables), body(variables)),
    onSuccess: setPrivateData,
  })
}
