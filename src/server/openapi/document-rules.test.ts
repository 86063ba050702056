import fc from 'fast-check'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mulberry32 } from '../../shared/aleatorio.ts'
import { API_VERSION, FORM_FAILURE_MESSAGE } from '../../shared/api.ts'
import { Contract, type Operation } from '../testing/fuzz/contract.ts'
import { valuesOf } from '../testing/fuzz/schema-values.ts'
import { createWorld, type IdentityName, type World } from '../testing/fuzz/world.ts'
import { testDialects } from '../testing/harness.ts'
import type { FieldRule } from './operation.ts'
import { OPERATIONS } from './operations.ts'

/**
 * The document states every rule the server enforces (docs/decisions/0027): for every operation the served document
 * lists, requests drawn from the document's own request schemas alone (no value of the scene, no field-name hint),
 * with the door's identity, are accepted, or refused only with a status the document lists for that operation and an
 * error body of the documented shape. A 400 naming fields (the route's input rules) for a request the document calls
 * valid means the document is looser than the server, and fails here. Operations are read from the document, so a
 * route added later is covered as soon as it is documented.
 */

const SEED = 20261203
/** Requests per operation and database: every operation, well under a minute for both databases. */
const PER_OPERATION = 6

/** Who calls each door: a signed-in customer (by Bearer, the cookie-less client), the store's key, nobody. */
function identityOf(path: string): IdentityName {
  if (path.startsWith('/api/loja/v1/')) return 'loja'
  if (path.startsWith('/api/pagamentos/') || path === '/api/health' || path.startsWith('/api/docs')) return 'nenhuma'
  if (path === '/api/openapi.json') return 'nenhuma'
  return 'cliente-bearer'
}

/** A value as text (a path, query or header parameter). */
const textOf = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v))

/** An event stream never ends: it is answered 200 and stays open, which inject would wait on. */
const isStream = (op: Operation) => op.successTypes.includes('text/event-stream')

/** Each operation's input rules its schemas cannot state, by operationId: the only refusals of a valid request. */
const RULES = new Map(Object.values(OPERATIONS).map((doc) => [doc.operationId, doc.fields ?? []]))

/**
 * The field's rule names this message (the exact text, or the pattern of a text with a setting in it). A field inside a
 * list is named with its indices as `*` (`seccoes.*.familias.*.produtos.*.precovenda`).
 */
const stated = (rules: readonly FieldRule[], field: string, message: string) => {
  const path = field.replace(/\.\d+(?=\.|$)/g, '.*')
  return rules.some(
    (r) => r.field === path && r.messages.some((m) => (typeof m === 'string' ? m === message : m.test(message))),
  )
}

interface Refusal {
  op: string
  status: number
  fields: Record<string, string>
  sent: unknown
}

describe.each(testDialects())('the document states the rules the server enforces, on %s', (dialect) => {
  let world: World
  let contract: Contract

  beforeAll(async () => {
    world = await createWorld(dialect)
    const served = await world.t.app.inject({ method: 'GET', url: '/api/openapi.json' })
    contract = new Contract(served.json())
  })
  afterAll(() => world.close())

  const rulesOf = (op: Operation) => {
    const operation = (contract.document.paths as Record<string, Record<string, { operationId?: string }>>)[op.path]?.[
      op.method.toLowerCase()
    ]
    return RULES.get(operation?.operationId ?? '') ?? []
  }

  function requestFor(
    op: Operation,
    k: number,
    headers: Record<string, string>,
  ): { options: InjectOptions; body?: unknown } {
    const dice = mulberry32(SEED + k)
    const draw = <T>(arb: fc.Arbitrary<T>): T =>
      fc.sample(arb, { seed: Math.floor(dice() * 2 ** 31), numRuns: 1 })[0] as T
    const of = (schema: Parameters<typeof valuesOf>[0]) => valuesOf(schema, { resolve: contract.resolve })
    const all: Record<string, string> = { accept: 'application/json', ...headers }
    const params: Record<string, string> = {}
    const query: Record<string, string | string[]> = {}
    for (const p of op.parameters) {
      if (!p.required && dice() < 0.5) continue
      const v = draw(of(p.schema))
      if (v === undefined) continue
      if (p.in === 'path') params[p.name] = textOf(v)
      else if (p.in === 'query') query[p.name] = Array.isArray(v) ? v.map(textOf) : textOf(v)
      else if (p.in === 'header') all[p.name.toLowerCase()] = textOf(v)
    }
    let body: unknown
    if (op.body !== undefined && (op.bodyRequired || dice() < 0.9)) {
      body = draw(of(op.body))
      all['content-type'] = 'application/json'
    }
    const url = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''))
    return {
      options: {
        method: op.method as 'GET',
        url,
        query,
        headers: all,
        // Many addresses, so the per-address limits of one operation do not answer for another's.
        remoteAddress: `198.51.100.${1 + (k % 250)}`,
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      },
      body,
    }
  }

  it('answers every request valid by the document within the document, and never refuses its fields', async () => {
    const operations = contract.operations.filter((op) => !isStream(op))
    // Every operation is requested but the event streams (the customer's, the store's orders), whose valid request
    // opens a stream that stays open: their own tests open and close them.
    expect(contract.operations.filter(isStream).length).toBeLessThanOrEqual(3)
    expect(operations.length).toBeGreaterThanOrEqual(60)
    const offContract: string[] = []
    const refused: Refusal[] = []
    const accepted = new Set<string>()
    let k = 0
    for (const op of operations) {
      for (let i = 0; i < PER_OPERATION; i++, k++) {
        const identity = identityOf(op.path)
        const headers = await world.headersOf(identity)
        const { options, body } = requestFor(op, k, headers)
        const res = await world.t.app.inject(options)
        world.observe(identity, res, op.id, body)
        const verdict = contract.check(op, res.statusCode, res.headers['content-type'] as string | undefined, res.body)
        if (!verdict.ok) offContract.push(`${op.id}: ${verdict.problem} ← ${JSON.stringify(options).slice(0, 400)}`)
        if (res.statusCode < 300) accepted.add(op.id)
        const error =
          res.statusCode >= 400 && res.statusCode < 500
            ? (res.json() as { error?: { message?: string; fields?: Record<string, string> } }).error
            : undefined
        // A field refused for a reason the schema cannot state (a NIF's check digit, a store that does not exist) is
        // one of the operation's documented rules (its `fields`, which also write its 400 text), with one of that
        // rule's messages: the reason, not only the field's name, must be the documented one. Any other refusal of
        // a field, with any status (a 422 naming fields too), is a rule the document does not state; and so is the
        // input validation's 400 naming no field (an issue on the whole body), which no rule can document.
        const rules = rulesOf(op)
        const unstated = Object.entries(error?.fields ?? {}).filter(
          ([field, message]) => !stated(rules, field, message),
        )
        if (res.statusCode === 400 && error?.message === FORM_FAILURE_MESSAGE && !error.fields)
          unstated.push(['(no field)', FORM_FAILURE_MESSAGE])
        // Judged only when the document calls the body valid: a draw that missed its schema proves nothing.
        if (unstated.length > 0 && contract.requestBodyValid(op, body))
          refused.push({
            op: op.id,
            status: res.statusCode,
            fields: Object.fromEntries(unstated),
            sent: { url: options.url, query: options.query, body },
          })
      }
    }
    expect(offContract).toEqual([])
    expect(
      refused.map((r) => `${r.op}: ${JSON.stringify(r.fields)} ← ${JSON.stringify(r.sent).slice(0, 300)}`),
    ).toEqual([])
    // A floor, so the check above is not met by refusing everything: 30 of the 80 operations get a success today from
    // values drawn from the schemas alone (the reads, the account's forms, consent, notifications). The others need
    // what no schema can name (a pending SMS request's hash, a purchase or an order of the scene, a store's own
    // customer) and answer their services' documented 404/409/410; 35% leaves room for a draw's bad luck only.
    expect(accepted.size).toBeGreaterThanOrEqual(Math.floor(operations.length * 0.35))
  }, 300_000)
})

describe.each(testDialects())(
  'the document says how a client without cookies gets its first bearer token, on %s',
  (dialect) => {
    it('does what the bearer scheme says: a placeholder Bearer, then the token in X-Session-Token, no cookie', async () => {
      const world = await createWorld(dialect)
      try {
        const document = (await world.t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
        const scheme = String(document.components.securitySchemes.sessaoBearer.description)
        expect(scheme).toContain('`Bearer novo`')
        expect(scheme).toContain('`POST /api/grava-saw-onboarding`')
        // Every operation says what it does beyond its summary.
        const bare = Object.entries(document.paths as Record<string, Record<string, { description?: string }>>).flatMap(
          ([path, methods]) =>
            Object.entries(methods)
              .filter(([, op]) => !op.description)
              .map(([m]) => `${m} ${path}`),
        )
        expect(bare).toEqual([])
        const first = await world.t.app.inject({
          method: 'POST',
          url: '/api/grava-saw-onboarding',
          headers: { 'x-api-version': API_VERSION, authorization: 'Bearer novo' },
          payload: { value: true },
        })
        expect(first.statusCode).toBe(200)
        expect(first.cookies).toEqual([])
        const token = String(first.headers['x-session-token'])
        expect(token.length).toBeGreaterThan(20)
        const again = await world.t.app.inject({
          method: 'POST',
          url: '/api/refresh-private-data',
          headers: { 'x-api-version': API_VERSION, authorization: `Bearer ${token}` },
          payload: { value: true },
        })
        expect(again.json().data.user.sawOnboarding).toBe(true)
      } finally {
        await world.close()
      }
    })
  },
)
