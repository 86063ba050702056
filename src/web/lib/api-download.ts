import { API_VERSION, type ApiErrorBody, GENERIC_ERROR_TITLE } from '../../shared/api.ts'
import { ApiError, OFFLINE_MESSAGE, UNEXPECTED_MESSAGE } from './api.ts'

/** A file the server answered with (`Content-Disposition: attachment`), rather than the API's JSON envelope. */
export interface Ficheiro {
  blob: Blob
  /** The name the server gave it, if it gave one. */
  nome: string | null
}

/** `attachment; filename="balcao-dados-2026-11-27.json"` (or RFC 6266's `filename*=UTF-8''…`) → the name. */
export function nomeDoFicheiro(contentDisposition: string | null): string | null {
  if (!contentDisposition) return null
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(contentDisposition)?.[1]
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim())
    } catch {
      // Not valid percent-encoding: the plain name, if any, below.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(contentDisposition)
  const nome = (plain?.[1] ?? plain?.[2])?.trim()
  return nome ? nome : null
}

/**
 * A call whose answer is a file (the GDPR data export, a POST; the back-office's CSV exports, a GET when no body is
 * given): the same headers as every API call
 * (lib/api.ts: the API's version, the session cookie), and a failure read from the same error envelope into an
 * `ApiError`, so that the forms' dialogs apply as they do to any call. Kept out of lib/api.ts, which is in every
 * screen's first load (docs/decisions/0010-first-load-budget.md), since one screen uses it.
 */
export async function apiDownload(path: string, body?: unknown): Promise<Ficheiro> {
  let response: Response
  try {
    response = await fetch(
      path,
      body === undefined
        ? {
            credentials: 'same-origin',
            cache: 'no-store',
            headers: { Accept: 'application/json', 'X-Api-Version': API_VERSION },
          }
        : {
            method: 'POST',
            credentials: 'same-origin',
            headers: {
              Accept: 'application/json',
              'X-Api-Version': API_VERSION,
              'Content-Type': 'application/json',
            },
            body: JSON.stringify(body),
          },
    )
  } catch {
    throw new ApiError(0, GENERIC_ERROR_TITLE, OFFLINE_MESSAGE)
  }
  if (response.ok) {
    let blob: Blob
    try {
      blob = await response.blob()
    } catch {
      // The connection dropped while the file came.
      throw new ApiError(0, GENERIC_ERROR_TITLE, OFFLINE_MESSAGE)
    }
    return { blob, nome: nomeDoFicheiro(response.headers.get('Content-Disposition')) }
  }
  const payload = (await response.json().catch(() => null)) as ApiErrorBody | null
  if (payload && typeof payload === 'object' && 'error' in payload) {
    const { title, message, fields } = payload.error
    throw new ApiError(response.status, title, message, fields)
  }
  throw new ApiError(response.status, GENERIC_ERROR_TITLE, UNEXPECTED_MESSAGE)
}
