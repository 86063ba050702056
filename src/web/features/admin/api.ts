import { ApiError, createApiClient } from '../../lib/api.ts'

/** The back-office's API client (`/admin/api/*`): its own cookie (HttpOnly, path /admin), never the browser's cache. */
const adminApi = createApiClient({
  base: '/admin/api',
  cache: 'no-store',
  offline: { title: 'Sem ligação', message: 'Sem ligação ao servidor. Verifique a rede e tente novamente.' },
  unexpected: 'Ocorreu um erro inesperado. Tente novamente.',
})

export const adminGet = adminApi.get
export const adminPost = <T>(path: string, body: unknown = { value: true }) => adminApi.post<T>(path, body)

/** No session (or it ended): the pages go back to /admin/entrar. */
export const isSemSessao = (error: unknown) => error instanceof ApiError && error.status === 401
