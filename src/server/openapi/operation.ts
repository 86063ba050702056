import type { z } from 'zod'
import type { DoorName } from '../platform/server.ts'
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
  /** Markdown: rules, limits, idempotency, what the statuses mean; from the route when it names its limits. */
  description?: string | ((route: { bodyLimit: number }) => string)
  /**
   * The customer door's identity: `complete` a signed-in customer whose registration is complete (else 401; a
   * provisional account opened at a till, 403); `user` any signed-in customer, provisional ones too (else 401);
   * `optional` any visitor, whose anonymous session is made on first contact; `none` a public read (no session is read
   * or made). The door's 401 and 403 follow from it; the contract test calls every `user` and `complete` operation
   * with no session and with a provisional account, so this cannot say other than what the service does.
   */
  session?: 'complete' | 'user' | 'optional' | 'none'
  /** It changes state and requires an `Idempotency-Key` (replays answer as the first time; another body, 422). */
  idempotent?: boolean
  /** Where and how long the key is kept, when not in the idempotency table (a checkout's key lives on its order). */
  idempotencyKept?: string
  /** Statuses the route's service gives besides the door's own (400, 503…), each with what it means here. */
  errors?: Partial<Record<number, string>>
  /**
   * The input rules its schemas cannot state (a check digit, a numbering plan, one field equal to another): each rule's
   * words join the 400 text, and its messages are the only ones the server may answer for that field of a request the
   * document calls valid (document-rules.test.ts reads this list, so the document and the test say the same).
   */
  fields?: readonly FieldRule[]
  /** The request body as documented, for a route that parses its body itself (its route schema says `unknown`). */
  body?: z.ZodType
  /** The success answer, for a route that declares no response schema (a stream, a page, a raw reply). */
  success?: { status: number; description: string; contentType: string; schema: z.ZodType | JsonSchema }
  /** Answers with no body, by status (Apple's web service says what it says with its statuses alone). */
  noContent?: Partial<Record<number, string>>
  /** Query parameters the route reads without a querystring schema. */
  query?: { name: string; description: string; required: boolean; schema: JsonSchema }[]
  /** Whether the customer door's `X-Api-Version` header may be sent in the query instead (EventSource sends none). */
  versionInQuery?: boolean
  /** Examples that validate against the schemas (the linter checks them). */
  examples?: { request?: unknown; response?: unknown }
}

/** One input rule the schemas cannot state: the field it refuses, the rule in words, the exact pt-PT messages. */
export interface FieldRule {
  /** The field as the error's `fields` names it, a list's indices as `*` (`telemovel`, `linhas.*.quantidade`). */
  field: string
  /** English, for the operation's 400 text. */
  rule: string
  /** What the server answers in `fields[field]`: the texts, or a pattern for a text with a setting in it. */
  messages: readonly (string | RegExp)[]
}

/** The surfaces the public document describes: the doors open to others, and the system endpoints. */
export type Surface = 'customer' | 'store' | 'providers' | 'system'

/**
 * Every other route: the staff doors (left out: docs/decisions/0027), development-only, pages and assets, and
 * `stray`: an API route registered outside every door, which the contract test refuses (it has no door's identity,
 * version or limits, and no place in the document).
 */
export type OtherRoute = 'counter' | 'admin' | 'dev' | 'page' | 'stray'

export const SYSTEM_PATHS = ['/api/health', '/api/openapi.json', '/api/docs', '/api/docs/estilo.css'] as const

/** Only outside production (ARCHITECTURE.md): the customer door's development endpoints. */
const DEV_PREFIX = '/api/dev/'

/**
 * The routes each door marked (platform/server.ts `markDoor`), by `METHOD url`: for a caller that has a route's method
 * and path only. A path means one route whatever app registered it, so one map serves every app of the process.
 */
const marked = new Map<string, DoorName>()

/** Which surface a route belongs to: the door that registered it (its config's `door`), else system, page or stray. */
export function surfaceOf(method: string, url: string, door?: DoorName): Surface | OtherRoute {
  const by = door ?? marked.get(`${method} ${url}`)
  if (by) {
    if (door) marked.set(`${method} ${url}`, door)
    if (by === 'customer') return url.startsWith(DEV_PREFIX) ? 'dev' : 'customer'
    return by
  }
  if ((SYSTEM_PATHS as readonly string[]).includes(url)) return 'system'
  // JSON calls outside every door: nothing checks who calls them; refused by the contract test.
  if (url.includes('/api/') || (method !== 'GET' && method !== 'HEAD')) return 'stray'
  // Pages (the SPA's HTML), images, metrics: not API operations.
  return 'page'
}

export const isDocumentedSurface = (s: Surface | OtherRoute): s is Surface =>
  s === 'customer' || s === 'store' || s === 'providers' || s === 'system'

/** `/api/catalogo/:id_loja` → `/api/catalogo/{id_loja}`. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
