/** The HTTP contract shared by the server and the web client (ARCHITECTURE.md, "HTTP contract"). */

export const API_VERSION = '1.0'
export const API_VERSION_HEADER = 'x-api-version'

/** Field name → pt-PT message, shown under the matching input. */
export type FieldErrors = Record<string, string>

export interface ApiErrorBody {
  error: { title: string; message: string; fields?: FieldErrors }
}

export interface ApiSuccess<T> {
  data: T
}

export const GENERIC_ERROR_TITLE = 'Erro'
export const FORM_FAILURE_MESSAGE = 'Falha ao submeter o formulário'
