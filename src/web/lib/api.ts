import { API_VERSION, type ApiErrorBody, type FieldErrors, GENERIC_ERROR_TITLE } from '../../shared/api.ts'

/** A failed API call, carrying the server's pt-PT title, message and field messages. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly title: string,
    message: string,
    public readonly fields?: FieldErrors,
  ) {
    super(message)
  }
}

export const OFFLINE_MESSAGE = 'Sem ligação. Verifique a sua ligação à internet e tente novamente.'

interface RequestOptions {
  signal?: AbortSignal
  /**
   * The request goes on after the page is gone (closed, navigated away): what leaving a screen says. sendBeacon
   * cannot carry the API's version header; a same-origin keepalive fetch carries it and the session cookie.
   */
  keepalive?: boolean
}

async function request<T>(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
  { signal, keepalive = false }: RequestOptions = {},
): Promise<T> {
  let response: Response
  try {
    response = await fetch(path, {
      method,
      signal,
      keepalive,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        'X-Api-Version': API_VERSION,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch (error) {
    if (signal?.aborted) throw error
    throw new ApiError(0, GENERIC_ERROR_TITLE, OFFLINE_MESSAGE)
  }
  const payload = (await response.json().catch(() => null)) as { data: T } | ApiErrorBody | null
  if (response.ok && payload && 'data' in payload) return payload.data
  if (payload && 'error' in payload) {
    const { title, message, fields } = payload.error
    throw new ApiError(response.status, title, message, fields)
  }
  throw new ApiError(response.status, GENERIC_ERROR_TITLE, 'Ocorreu um erro inesperado. Tente mais tarde.')
}

export const apiGet = <T>(path: string, signal?: AbortSignal) => request<T>('GET', path, undefined, { signal })
export const apiPost = <T>(path: string, body: unknown, options: Pick<RequestOptions, 'keepalive'> = {}) =>
  request<T>('POST', path, body, options)
export const apiDelete = <T>(path: string, body: unknown) => request<T>('DELETE', path, body)

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404
