import { type ApiErrorBody, GENERIC_ERROR_TITLE } from '../../../shared/api.ts'
import { ApiError } from '../../lib/api.ts'

/**
 * The counter tablet's API client (`/painel/api/*`, the staff surface): JSON in and out, the tablet's staff cookie (its
 * own path, HttpOnly), no customer session or version header. Failures are the app's `ApiError` (status 0 when the
 * answer never came), so the shared query defaults (no retry on a 4xx) apply.
 */

export const PAINEL_API = '/painel/api'

const OFFLINE_MESSAGE =
  'Sem ligação ao servidor. Verifique a rede do tablet e tente novamente: repetido com os mesmos valores, o registo nunca conta duas vezes.'
const UNEXPECTED_MESSAGE = 'Ocorreu um erro inesperado. Tente novamente.'

interface Options {
  body?: unknown
  signal?: AbortSignal | undefined
  /** One per change attempt, reused when retrying it (STORE-API.md "Common rules"). */
  idempotencyKey?: string
}

async function request<T>(method: 'GET' | 'POST', path: string, { body, signal, idempotencyKey }: Options = {}) {
  let response: Response
  try {
    response = await fetch(`${PAINEL_API}${path}`, {
      method,
      signal: signal ?? null,
      credentials: 'same-origin',
      cache: 'no-store',
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
      },
      body: body === undefined ? null : JSON.stringify(body),
    })
  } catch (error) {
    if (signal?.aborted) throw error
    throw new ApiError(0, 'Sem ligação', OFFLINE_MESSAGE)
  }
  const payload = (await response.json().catch(() => null)) as { data: T } | ApiErrorBody | null
  if (response.ok && payload && 'data' in payload) return payload.data
  if (payload && 'error' in payload) {
    const { title, message, fields } = payload.error
    throw new ApiError(response.status, title, message, fields)
  }
  throw new ApiError(response.status, GENERIC_ERROR_TITLE, UNEXPECTED_MESSAGE)
}

export const painelGet = <T>(path: string, signal?: AbortSignal) => request<T>('GET', path, { signal })

export const painelPost = <T>(path: string, body: unknown, idempotencyKey?: string) =>
  request<T>('POST', path, { body, ...(idempotencyKey ? { idempotencyKey } : {}) })

/** The tablet is not (or no longer) paired with a store: its pages go back to /painel/entrar. */
export const isSemSessao = (error: unknown) => error instanceof ApiError && error.status === 401

/** Query keys of the staff pages, from one place. */
export const painelKeys = {
  all: ['painel'] as const,
  sessao: () => [...painelKeys.all, 'sessao'] as const,
  loja: () => [...painelKeys.all, 'loja'] as const,
  compras: () => [...painelKeys.all, 'compras'] as const,
}
