import type { z } from 'zod'
import type { JsonSchema } from './json-schema.ts'

/**
 * What the document says of one operation beyond what its route declares (its zod schemas): the words an integrator
 * reads, who may call it, the statuses its service gives besides the door's own, and examples. One entry per route,
 * keyed `METHOD /path` in the document's form (`/compras/{id}`).
 */
export interface OperationDoc {
  operationId: string
  /** One line, English. */
  summary: string
  /** Markdown: rules, limits, idempotency, what the statuses mean. */
  description?: string
  /**
   * The customer door's identity: `user` a signed-in customer (else 401); `optional` any visitor, whose anonymous
   * session is made on first contact; `none` a public read (no session is read or made).
   */
  session?: 'user' | 'optional' | 'none'
  /** It changes state and requires an `Idempotency-Key` (replays answer as the first time; another body, 422). */
  idempotent?: boolean
  /** Statuses the route's service gives besides the door's own (400, 503…), each with what it means here. */
  errors?: Partial<Record<number, string>>
  /** The request body as documented, for a route that parses its body itself (its route schema says `unknown`). */
  body?: z.ZodType
  /** The success answer, for a route that declares no response schema (a stream, a page, a raw reply). */
  success?: { status: number; description: string; contentType: string; schema: z.ZodType | JsonSchema }
  /** Query parameters the route reads without a querystring schema. */
  query?: { name: string; description: string; required: boolean; schema: JsonSchema }[]
  /** Whether the customer door's `X-Api-Version` header may be sent in the query instead (EventSource sends none). */
  versionInQuery?: boolean
  /** Examples that validate against the schemas (the linter checks them). */
  examples?: { request?: unknown; response?: unknown }
}

/** The surfaces the public document describes, told by path as the doors register them (ARCHITECTURE.md "Surfaces"). */
export type Surface = 'customer' | 'store' | 'providers' | 'system'

/** Every other route: the staff doors (own document: docs/decisions/0027), development-only, pages and assets. */
export type OtherRoute = 'counter' | 'admin' | 'dev' | 'page'

export const SYSTEM_PATHS = ['/api/health', '/api/openapi.json', '/api/docs', '/api/docs/estilo.css'] as const

/** Which surface a route belongs to, by its method and path (each door has its own prefix). */
export function surfaceOf(method: string, url: string): Surface | OtherRoute {
  if (url.startsWith('/api/dev/')) return 'dev'
  if (url.startsWith('/api/loja/v1/')) return 'store'
  if (url.startsWith('/api/pagamentos/')) return 'providers'
  if (url.startsWith('/painel/')) return 'counter'
  if (url.startsWith('/admin/')) return 'admin'
  if ((SYSTEM_PATHS as readonly string[]).includes(url)) return 'system'
  if (url.startsWith('/api/')) return 'customer'
  // The forms of the customer app: POST to the form's own path with a JSON body (ARCHITECTURE.md "HTTP contract").
  if (method !== 'GET' && method !== 'HEAD') return 'customer'
  // Pages (the SPA's HTML), images, metrics: not API operations.
  return 'page'
}

export const isDocumentedSurface = (s: Surface | OtherRoute): s is Surface =>
  s === 'customer' || s === 'store' || s === 'providers' || s === 'system'

/** `/api/catalogo/:id_loja` → `/api/catalogo/{id_loja}`. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
