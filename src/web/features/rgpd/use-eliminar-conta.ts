import { useMutation } from '@tanstack/react-query'
import type { PrivateData } from '../../../shared/conta.ts'
import { apiPost } from '../../lib/api.ts'
import { ownSessionEnd } from '../../lib/private-data.ts'

/**
 * Erases the account (anonymised, every session of it ended; spec §4): `POST /api/rgpd/esquecimento/:token` for an
 * e-mailed erasure link, `POST /api/conta/cancelar` from the profile. Answers the private data of a visitor (this
 * device's new anonymous session). While it runs, the event stream's `sessao-terminada` is this device's own doing
 * (`ownSessionEnd`): the screen says what happened and goes home itself, rather than being taken home under its
 * answer. The screen clears the mark once it has gone home; a failure clears it here.
 */
export const useEliminarConta = (token: string | null) =>
  useMutation({
    mutationFn: async () => {
      ownSessionEnd.running = true
      try {
        return await apiPost<PrivateData>(
          token === null ? '/api/conta/cancelar' : `/api/rgpd/esquecimento/${encodeURIComponent(token)}`,
          { confirmar: true },
        )
      } catch (error) {
        ownSessionEnd.running = false
        throw error
      }
    },
  })
