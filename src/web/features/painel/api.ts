import { ApiError, createApiClient } from '../../lib/api.ts'

/**
 * The counter tablet's API client (`/painel/api/*`, the staff surface): the app's client on another base path, with the
 * tablet's staff cookie (its own path, HttpOnly), no customer session or version header, never the browser's cache.
 */

export const PAINEL_API = '/painel/api'

const OFFLINE_MESSAGE =
  'Sem ligação ao servidor. Verifique a rede do tablet e tente novamente: repetido com os mesmos valores, o registo nunca conta duas vezes.'
const UNEXPECTED_MESSAGE = 'Ocorreu um erro inesperado. Tente novamente.'

const painelApi = createApiClient({
  base: PAINEL_API,
  cache: 'no-store',
  offline: { title: 'Sem ligação', message: OFFLINE_MESSAGE },
  unexpected: UNEXPECTED_MESSAGE,
})

export const painelGet = painelApi.get

/** `idempotencyKey`: one per change attempt, reused when retrying it (STORE-API.md "Common rules"). */
export const painelPost = <T>(path: string, body: unknown, idempotencyKey?: string) =>
  painelApi.post<T>(path, body, idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {})

/** The tablet is not (or no longer) paired with a store: its pages go back to /painel/entrar. */
export const isSemSessao = (error: unknown) => error instanceof ApiError && error.status === 401
