import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Pendente, SessaoAdmin } from '../../../shared/admin.ts'
import { adminPaths } from '../../../shared/admin.ts'
import { adminGet } from './api.ts'
import { adminKeys } from './keys.ts'

/** `GET /admin/api/sessao`: who is signed in and what the sign-in still asks (401 without a session). */
export const sessaoQuery = () =>
  queryOptions({
    queryKey: adminKeys.sessao(),
    queryFn: ({ signal }) => adminGet<Omit<SessaoAdmin, 'id'>>('/sessao', signal),
    staleTime: 0,
  })

export const useSessao = () => useQuery(sessaoQuery())

/** Where a sign-in goes next: the step it still owes, or the back-office. */
export function destinoDe(pendente: Pendente | null): string {
  if (pendente === 'alterar_password') return adminPaths.alterarPassword
  if (pendente === 'inscrever_totp') return adminPaths.inscreverTotp
  if (pendente === 'verificar_totp') return adminPaths.verificarTotp
  return adminPaths.inicio
}
