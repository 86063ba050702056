import type { ImagemCarregada } from '../../../shared/admin-imagens.ts'
import { type ApiErrorBody, GENERIC_ERROR_TITLE } from '../../../shared/api.ts'
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

/**
 * Uploads an image file (POST /admin/api/imagens) as the request's body: the server decides by its bytes what it is,
 * so the type the browser guessed from its name is not sent.
 */
export async function adminCarregarImagem(ficheiro: Blob): Promise<ImagemCarregada> {
  let response: Response
  try {
    response = await fetch('/admin/api/imagens', {
      method: 'POST',
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { Accept: 'application/json', 'Content-Type': 'application/octet-stream' },
      body: ficheiro,
    })
  } catch {
    throw new ApiError(0, 'Sem ligação', 'Sem ligação ao servidor. Verifique a rede e tente novamente.')
  }
  const payload = (await response.json().catch(() => null)) as { data: ImagemCarregada } | ApiErrorBody | null
  if (response.ok && payload && 'data' in payload) return payload.data
  if (payload && 'error' in payload) {
    throw new ApiError(response.status, payload.error.title, payload.error.message, payload.error.fields)
  }
  throw new ApiError(response.status, GENERIC_ERROR_TITLE, 'Ocorreu um erro inesperado. Tente novamente.')
}
