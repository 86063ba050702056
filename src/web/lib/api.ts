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
export const UNEXPECTED_MESSAGE = 'Ocorreu um erro inesperado. Tente mais tarde.'

type Method = 'GET' | 'POST' | 'DELETE'

export interface RequestOptions {
  body?: unknown
  signal?: AbortSignal | undefined
  /**
   * The request goes on after the page is gone (closed, navigated away): what leaving a screen says. sendBeacon
   * cannot carry the API's version header; a same-origin keepalive fetch carries it and the session cookie.
   */
  keepalive?: boolean
  /** This call's own headers (an Idempotency-Key). */
  headers?: Record<string, string>
  /** What an answer that is not the app's JSON says, when this call has words of its own for it. */
  unexpected?: string
}

/** A call's outcome; `answered` says whether the server's own answer (its JSON, success or error) came back. */
export type ApiResult<T> = { answered: true; data: T } | { answered: boolean; error: ApiError }

export interface ApiClientOptions {
  /** Put before every path. */
  base?: string
  /** Sent with every call. */
  headers?: Record<string, string>
  cache?: RequestCache
  /** What a call that got no answer at all says (status 0). */
  offline: { title: string; message: string }
  /** What an answer that is not the app's JSON (a proxy's error page) says. */
  unexpected: string
}

/**
 * A client of one of the server's surfaces: JSON in and out, the surface's cookie, and the error envelope
 * (`{ error: { title, message, fields? } }`, ARCHITECTURE.md "HTTP contract") read here and nowhere else. Failures
 * are `ApiError`s, so the shared query defaults (no retry on a 4xx) and the forms' field messages apply to all.
 */
export function createApiClient(client: ApiClientOptions) {
  async function send<T>(method: Method, path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
    const { body, signal, keepalive = false, headers } = options
    let response: Response
    try {
      response = await fetch(`${client.base ?? ''}${path}`, {
        method,
        signal: signal ?? null,
        keepalive,
        credentials: 'same-origin',
        ...(client.cache ? { cache: client.cache } : {}),
        headers: {
          Accept: 'application/json',
          ...client.headers,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? null : JSON.stringify(body),
      })
    } catch (error) {
      if (signal?.aborted) throw error
      return { answered: false, error: new ApiError(0, client.offline.title, client.offline.message) }
    }
    const payload = (await response.json().catch(() => null)) as { data: T } | ApiErrorBody | null
    if (response.ok && payload && 'data' in payload) return { answered: true, data: payload.data }
    if (payload && 'error' in payload) {
      const { title, message, fields } = payload.error
      return { answered: true, error: new ApiError(response.status, title, message, fields) }
    }
    const message = options.unexpected ?? client.unexpected
    return { answered: false, error: new ApiError(response.status, GENERIC_ERROR_TITLE, message) }
  }

  async function request<T>(method: Method, path: string, options?: RequestOptions): Promise<T> {
    const result = await send<T>(method, path, options)
    if ('data' in result) return result.data
    throw result.error
  }

  return {
    send,
    get: <T>(path: string, signal?: AbortSignal) => request<T>('GET', path, { signal }),
    post: <T>(path: string, body: unknown, options: Omit<RequestOptions, 'body'> = {}) =>
      request<T>('POST', path, { ...options, body }),
    delete: <T>(path: string, body: unknown) => request<T>('DELETE', path, { body }),
  }
}

/** The customer surface (`/api/*`, form paths): the session cookie and the API's version on every call. */
export const customerApi = createApiClient({
  headers: { 'X-Api-Version': API_VERSION },
  offline: { title: GENERIC_ERROR_TITLE, message: OFFLINE_MESSAGE },
  unexpected: UNEXPECTED_MESSAGE,
})

export const apiGet = customerApi.get
export const apiPost = <T>(path: string, body: unknown, options: Pick<RequestOptions, 'keepalive'> = {}) =>
  customerApi.post<T>(path, body, options)
export const apiDelete = customerApi.delete

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404
