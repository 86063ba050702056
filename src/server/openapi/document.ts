import type { FastifyInstance } from 'fastify'
import { API_VERSION } from '../../shared/api.ts'
import { JSON_DEPTH_MAX } from '../platform/http.ts'
import { IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_TTL_DAYS } from '../platform/idempotency.ts'
import type { RouteEntry } from '../platform/server.ts'
import { SESSION_COOKIE } from '../platform/sessions.ts'
import { STORE_API_PREFIX } from '../platform/store-surface.ts'
import { type JsonSchema, jsonSchemaOf, propertiesOf, selfContained } from './json-schema.ts'
import { isDocumentedSurface, type OperationDoc, openApiPath, type Surface, surfaceOf } from './operation.ts'
import { OPERATIONS } from './operations.ts'
import { apiDescription, errorDescriptions, TAG_NAMES, tagsOf } from './texts.ts'

/** Where the document and its readable reference are served. */
export const OPENAPI_JSON_PATH = '/api/openapi.json'
export const OPENAPI_DOCS_PATH = '/api/docs'

export type OpenApiDocument = {
  openapi: '3.1.0'
  info: Record<string, unknown>
  servers: { url: string; description?: string }[]
  tags: { name: string; description: string }[]
  paths: Record<string, Record<string, OpenApiOperation>>
  components: Record<string, Record<string, unknown>>
}

export interface OpenApiOperation {
  operationId: string
  summary: string
  description?: string
  tags: string[]
  security: Record<string, string[]>[]
  parameters?: Record<string, unknown>[]
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema; example?: unknown }> }
  responses: Record<string, OpenApiResponse>
}

export interface OpenApiResponse {
  description: string
  headers?: Record<string, unknown>
  content?: Record<string, { schema: JsonSchema; example?: unknown }>
}

const HTTP_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])

/** The `{ error }` envelope every failure answers with (platform/errors.ts). */
export const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'Every failure, on every surface: a pt-PT title and message, and the message of each bad field.',
  properties: {
    error: {
      type: 'object',
      properties: {
        title: { type: 'string' },
        message: { type: 'string' },
        fields: {
          type: 'object',
          description: 'Field name (a dotted path for nested ones) → pt-PT message.',
          additionalProperties: { type: 'string' },
        },
      },
      required: ['title', 'message'],
      additionalProperties: false,
    },
  },
  required: ['error'],
  additionalProperties: false,
}
const ERROR_REF = { $ref: '#/components/schemas/Erro' }

const SECURITY_SCHEMES = {
  sessaoCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description:
      'The browser session: an opaque token in an HttpOnly, SameSite=Lax cookie, given on first contact (anonymous) ' +
      'and rotated at login.',
  },
  sessaoBearer: {
    type: 'http',
    scheme: 'bearer',
    description:
      'The same session for clients that keep no cookies: `Authorization: Bearer <session token>`; a new token comes ' +
      'back in `X-Session-Token` when the session is made or rotated. The first token: a client that has none sends ' +
      '`Authorization: Bearer` with any placeholder (`Bearer novo`), which the server reads as no session and as the ' +
      'sign that this client takes its token by header; the first call that makes a session answers the token in ' +
      '`X-Session-Token` (an anonymous one from `POST /api/grava-saw-onboarding`, a customer’s from `POST /login` or ' +
      'a confirmed sign-up), and no cookie is set. Send that token from then on, and the newest one after each rotation.',
  },
  chaveLoja: {
    type: 'http',
    scheme: 'bearer',
    description:
      'The store key (`npm run store:key -- <id_loja>`): `Authorization: Bearer <store key>`. It acts for its store only; only its hash is stored.',
  },
}

const RETRY_AFTER = {
  'Retry-After': {
    description: 'Whole seconds to wait before trying again (at least 1).',
    required: true,
    schema: { type: 'string', pattern: '^[1-9][0-9]*$' },
  },
}
const SESSION_TOKEN = {
  'X-Session-Token': {
    description:
      'To a Bearer client, its session token when the session was made or rotated (first call, sign-up, login, ' +
      'logout…): send it from then on. Browsers get the `balcao_sessao` cookie instead.',
    required: false,
    schema: { type: 'string' },
  },
}
const WWW_AUTHENTICATE = {
  'WWW-Authenticate': {
    description: '`Bearer` when the key is missing, `Bearer error="invalid_token"` when it is unknown or revoked.',
    required: true,
    schema: { type: 'string' },
  },
}

/** The statuses every route of a surface can give, before its service says anything. */
function doorStatuses(
  surface: Surface,
  route: RouteEntry & { bodyLimit: number },
  doc: OperationDoc,
): Record<number, string> {
  const { method, url } = route
  const d = errorDescriptions
  const statuses: Record<number, string> = { 400: d.invalid }
  if (surface === 'customer') statuses[400] += ` ${d.version}`
  if (doc.idempotent) statuses[400] += ` ${d.idempotencyKey}`
  if (method !== 'GET') {
    statuses[413] = d.tooLarge(route.bodyLimit)
    statuses[415] = d.notJson
  }
  // The router's own: a path parameter past its length (Fastify's maxParamLength, 100).
  if (/:[A-Za-z0-9_]/.test(url)) statuses[414] = d.paramTooLong
  if (surface === 'store') statuses[401] = d.storeKey
  if (surface === 'customer' && (doc.session === 'user' || doc.session === 'complete')) statuses[401] = d.signIn
  if (surface === 'customer' && doc.session === 'complete') statuses[403] = d.provisional
  if (doc.idempotent) statuses[422] = d.reusedKey
  statuses[503] = d.unavailable
  return statuses
}

function securityOf(surface: Surface, doc: OperationDoc): Record<string, string[]>[] {
  if (surface === 'store') return [{ chaveLoja: [] }]
  if (surface !== 'customer' || doc.session === 'none') return []
  const session: Record<string, string[]>[] = [{ sessaoCookie: [] }, { sessaoBearer: [] }]
  return doc.session === 'user' || doc.session === 'complete' ? session : [{}, ...session]
}

function parametersOf(
  route: RouteEntry,
  surface: Surface,
  doc: OperationDoc,
  components: Record<string, JsonSchema>,
): Record<string, unknown>[] {
  const schema = (route.schema ?? {}) as Record<string, unknown>
  const parameters: Record<string, unknown>[] = []
  const declared = schema.params ? propertiesOf(jsonSchemaOf(schema.params, 'input', components)) : []
  for (const name of [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] as string)) {
    const p = declared.find((d) => d.name === name)
    parameters.push({ name, in: 'path', required: true, schema: p?.schema ?? { type: 'string' } })
  }
  if (schema.querystring) {
    const query = jsonSchemaOf(schema.querystring, 'input', components)
    if (query.properties) {
      for (const p of propertiesOf(query)) {
        parameters.push({ name: p.name, in: 'query', required: p.required, schema: p.schema })
      }
    } else {
      // A free set of parameters (a provider's callback names its own): one object, each key a parameter.
      parameters.push({
        name: 'parametros',
        in: 'query',
        description: 'Any parameters, each a text value.',
        required: false,
        style: 'form',
        explode: true,
        schema: query,
      })
    }
  }
  for (const q of doc.query ?? []) parameters.push({ in: 'query', ...q })
  if (surface === 'customer' && (route.url.startsWith('/api/') || route.method !== 'GET')) {
    parameters.push({
      name: 'X-Api-Version',
      in: 'header',
      required: !doc.versionInQuery,
      description: doc.versionInQuery
        ? `The API version, ${API_VERSION}; or \`?v=${API_VERSION}\` in the query (EventSource sends no headers).`
        : `The API version, ${API_VERSION}: any other (or none) is refused with 400.`,
      schema: { type: 'string', const: API_VERSION },
    })
  }
  if (doc.idempotent) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: true,
      description:
        'One key per intended change, 1–200 printable ASCII characters, scoped to the caller: the same key with the ' +
        'same body answers as the first time (same status, same ids, no second effect); with another body, 422. ' +
        (doc.idempotencyKept ?? `Successes are kept ${IDEMPOTENCY_TTL_DAYS} days.`),
      schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN.source },
      example: 'caixa-2-000123',
    })
  }
  return parameters
}

function operationOf(
  route: RouteEntry & { bodyLimit: number },
  surface: Surface,
  doc: OperationDoc,
  components: Record<string, JsonSchema>,
): OpenApiOperation {
  const schema = (route.schema ?? {}) as Record<string, unknown>
  const responses: Record<string, OpenApiResponse> = {}
  const declared = (schema.response ?? {}) as Record<string, unknown>
  for (const [status, s] of Object.entries(declared)) {
    responses[status] = {
      description: Number(status) === 201 ? 'Created.' : 'Success.',
      content: { 'application/json': { schema: jsonSchemaOf(s, 'output', components) } },
    }
  }
  if (doc.success) {
    responses[doc.success.status] = {
      description: doc.success.description,
      content: { [doc.success.contentType]: { schema: jsonSchemaOf(doc.success.schema, 'output', components) } },
    }
  }
  for (const [status, description] of Object.entries(doc.noContent ?? {})) {
    responses[status] = { description: description as string }
  }
  if (surface === 'customer' && doc.session !== 'none') {
    for (const response of Object.values(responses)) response.headers = { ...response.headers, ...SESSION_TOKEN }
  }
  const success = Object.keys(responses)
  if (success.length === 0) throw new Error(`${route.method} ${route.url}: no success answer declared`)
  const example = doc.examples?.response
  if (example !== undefined) {
    const first = responses[success[0] as string]?.content
    const media = first && Object.values(first)[0]
    if (media) media.example = example
  }

  const statuses = doorStatuses(surface, route, doc)
  const rules = (doc.fields ?? []).map((f) => f.rule)
  if (rules.length > 0) statuses[400] = [statuses[400], ...rules].join(' ')
  for (const [status, text] of Object.entries(doc.errors ?? {})) {
    const n = Number(status)
    statuses[n] = statuses[n] ? `${statuses[n]} ${text}` : (text as string)
  }
  for (const [status, description] of Object.entries(statuses)) {
    responses[status] = {
      description,
      ...(status === '429' ? { headers: RETRY_AFTER } : {}),
      ...(status === '401' && surface === 'store' ? { headers: WWW_AUTHENTICATE } : {}),
      content: { 'application/json': { schema: ERROR_REF } },
    }
  }

  const operation: OpenApiOperation = {
    operationId: doc.operationId,
    summary: doc.summary,
    ...(doc.description
      ? { description: typeof doc.description === 'string' ? doc.description : doc.description(route) }
      : {}),
    tags: [TAG_NAMES[surface]],
    security: securityOf(surface, doc),
    responses,
  }
  const parameters = parametersOf(route, surface, doc, components)
  if (parameters.length > 0) operation.parameters = parameters
  const body = doc.body ?? schema.body
  if (body) {
    operation.requestBody = {
      required: true,
      content: {
        'application/json': {
          schema: jsonSchemaOf(body, 'input', components),
          ...(doc.examples?.request !== undefined ? { example: doc.examples.request } : {}),
        },
      },
    }
  }
  return operation
}

/** The routes the public document describes: the customer API, the Store API, the providers' callbacks, the system. */
export function documentedRoutes(app: FastifyInstance): (RouteEntry & { surface: Surface })[] {
  const out: (RouteEntry & { surface: Surface })[] = []
  for (const route of app.routeTable) {
    if (!HTTP_METHODS.has(route.method)) continue
    const surface = surfaceOf(route.method, route.url, route.door)
    if (isDocumentedSurface(surface)) out.push({ ...route, surface })
  }
  return out
}

const cache = new WeakMap<FastifyInstance, OpenApiDocument>()

/**
 * The OpenAPI 3.1 document of an app, generated from the routes it registered (their zod schemas) and the operations'
 * words (operations.ts). Built once per app, after it is ready. A route of a documented surface that operations.ts does
 * not describe is left out, and the contract test fails on it.
 */
export function buildOpenApiDocument(app: FastifyInstance): OpenApiDocument {
  const cached = cache.get(app)
  if (cached) return cached
  const paths: OpenApiDocument['paths'] = {}
  const named: Record<string, JsonSchema> = {}
  // The server's body limit (BODY_LIMIT), which a route may raise for itself.
  const serverLimit = app.initialConfig.bodyLimit ?? 1_048_576
  const routes = documentedRoutes(app)
  const menu = routes.find((r) => r.method === 'PUT' && r.url === `${STORE_API_PREFIX}/ementa`)
  for (const route of routes) {
    const path = openApiPath(route.url)
    const doc = OPERATIONS[`${route.method} ${path}`]
    if (!doc) continue
    paths[path] ??= {}
    ;(paths[path] as Record<string, OpenApiOperation>)[route.method.toLowerCase()] = operationOf(
      { ...route, bodyLimit: route.bodyLimit ?? serverLimit },
      route.surface,
      doc,
      named,
    )
  }
  const document: OpenApiDocument = {
    openapi: '3.1.0',
    info: {
      title: 'Balcão API',
      version: API_VERSION,
      summary: 'The customer app, the stores’ tills (Store API) and the payment providers’ callbacks.',
      description: apiDescription({ jsonDepthMax: JSON_DEPTH_MAX }),
    },
    servers: [{ url: '/', description: 'This server.' }],
    tags: (['store', 'customer', 'providers', 'system'] as const).map(
      (s) => tagsOf({ server: serverLimit, menu: menu?.bodyLimit ?? serverLimit })[s],
    ),
    paths,
    components: {
      schemas: {
        Erro: { ...ERROR_SCHEMA, example: { error: { title: 'Erro', message: 'Pedido inválido.' } } },
        ...Object.fromEntries(Object.entries(named).sort(([a], [b]) => a.localeCompare(b))),
      },
      securitySchemes: SECURITY_SCHEMES,
    },
  }
  cache.set(app, document)
  return document
}

/**
 * The JSON Schema of one documented answer, self-contained (the error envelope's `$ref` resolved): what a test
 * validates a real answer against. Undefined when the document does not list that status for that operation.
 */
export function responseSchemaOf(
  document: OpenApiDocument,
  method: string,
  path: string,
  status: number,
): JsonSchema | undefined {
  const response = document.paths[path]?.[method.toLowerCase()]?.responses[String(status)]
  const media = response?.content && Object.values(response.content)[0]
  if (!media) return undefined
  return selfContained(media.schema, (document.components.schemas ?? {}) as Record<string, JsonSchema>)
}

/**
 * Where the document and the app part ways: routes of a documented surface with no operation, and API routes
 * registered outside every door (`undocumented`), and
 * operations no route serves (`unserved`), each as `METHOD /path`. Both empty is the contract test's pass.
 */
export function contractGaps(app: FastifyInstance, document: OpenApiDocument) {
  const routes = new Set(documentedRoutes(app).map((r) => `${r.method} ${openApiPath(r.url)}`))
  // An API route outside every door has no place in the document, and no door's identity, version or limits.
  const strays = app.routeTable
    .filter((r) => HTTP_METHODS.has(r.method) && surfaceOf(r.method, r.url, r.door) === 'stray')
    .map((r) => `${r.method} ${openApiPath(r.url)}`)
  const operations = new Set(
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    ),
  )
  return {
    undocumented: [...[...routes].filter((r) => !operations.has(r)), ...strays].sort(),
    unserved: [...new Set([...operations, ...Object.keys(OPERATIONS)])].filter((o) => !routes.has(o)).sort(),
  }
}
