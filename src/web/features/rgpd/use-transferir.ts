import { useMutation } from '@tanstack/react-query'
import { apiDownload } from '../../lib/api-download.ts'

/**
 * `POST /api/rgpd/portabilidade/:token`: the customer's data as a JSON file (the answer is the file itself, not the
 * API's envelope); the link works once.
 */
export const useTransferir = (token: string) =>
  useMutation({
    mutationFn: () => apiDownload(`/api/rgpd/portabilidade/${encodeURIComponent(token)}`, { confirmar: true }),
  })
