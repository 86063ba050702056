import type fc from 'fast-check'
import type { InjectOptions } from 'fastify'
import { API_VERSION } from '../../../shared/api.ts'
import { jsonSchemaOf, propertiesOf } from '../../openapi/json-schema.ts'
import type { RouteEntry } from '../../platform/server.ts'
import type { Contract, Operation, Parameter } from './contract.ts'
import {
  type Dice,
  type Draft,
  FIELD_NAMES,
  HOSTILE_IDS,
  HOSTILE_STRINGS,
  mutate,
  pathSegment,
  pick,
} from './hostile.ts'
import { bodySchemaFor, recipeFor } from './recipes.ts'
import type { JsonSchema } from './schema-values.ts'
import { type Door, doorOf, type IdentityName, singular, type World } from './world.ts'

/**
 * How the fuzz suite builds each request (runner.ts sends them): to an operation of the OpenAPI document, from its
 * schemas and the scene's real values, with the door's identity, then spoiled in one thing or two for the invalid
 * half (hostile.ts); to a route the public document leaves out, from the route's own zod schemas or as hostile as can
 * be.
 */

/** Origins of the requests: many addresses (the per-address limits spread), and this machine (dev endpoints). */
const remoteOf = (dice: Dice) => (dice() < 0.1 ? '127.0.0.1' : `198.51.100.${1 + Math.floor(dice() * 250)}`)

export type Mode = 'valid' | 'invalid' | 'replay' | 'undocumented'

/** A schema's values (a field's or a parameter's, by its name, when it has one). */
export type ArbitraryOf = (schema: JsonSchema, name?: string) => fc.Arbitrary<unknown>

/** A request as sent, with what the checks need to know of it. */
export interface Sent {
  options: InjectOptions
  /** The JSON body as generated (before serialising). */
  body?: unknown
  op?: Operation
  identity: IdentityName
}

/** A request to an operation of the document: valid (schemas, real values, the door's identity), or spoiled. */
export async function documentedRequest(
  world: World,
  contract: Contract,
  dice: Dice,
  draw: <T>(arb: fc.Arbitrary<T>) => T,
  arbitraryOf: ArbitraryOf,
  op: Operation,
  seed: number,
  i: number,
  invalid: boolean,
): Promise<{ sent: Sent; mutation?: string }> {
  const door = doorOf(op.path)
  const identity = identityFor(door, dice)
  const headers: Record<string, string> = { accept: 'application/json', ...(await world.headersOf(identity)) }
  if (door === 'customer') headers['x-api-version'] = API_VERSION
  const params: Record<string, string> = {}
  const query: Record<string, string | string[]> = {}
  for (const p of op.parameters) {
    if (!p.required && dice() < 0.5) continue
    const name = p.name.toLowerCase()
    if (p.in === 'header') {
      if (name === 'idempotency-key') headers[name] = `fz-${seed}-${i}`
      else if (name === 'x-api-version') headers[name] = API_VERSION
      else if (name !== 'authorization' && name !== 'cookie')
        headers[name] = textOf(draw(arbitraryOf(p.schema, p.name)))
    } else if (p.in === 'path') {
      // An id of the resource the path names (`/compras/{id}` → a purchase's), when an answer gave one.
      const resource = resourceHint(op.path, p.name)
      const byResource = world.hints(resource).length > 0 && dice() < 0.7
      params[p.name] = textOf(draw(arbitraryOf(p.schema, byResource ? resource : p.name)))
    } else if (p.in === 'query') {
      const v = draw(arbitraryOf(p.schema, p.name))
      if (v !== undefined) query[p.name] = Array.isArray(v) ? v.map(textOf) : textOf(v)
    }
  }
  if (door === 'providers') {
    // The provider calls back on its own path, with a request the phone answered.
    const callback = dice() < 0.85 ? await world.providerCallback(dice) : undefined
    if (callback) {
      Object.assign(query, callback)
      if ('provider' in params) params.provider = 'sandbox'
    }
  }
  const draft: Draft = { method: op.method, params, query, headers }
  if (op.body !== undefined && (op.bodyRequired || dice() < 0.9)) {
    const recipe = dice() < 0.5 ? recipeFor(op.id, dice, world.hints) : undefined
    const schema = bodySchemaFor(op.id, world.clock.now().toISOString().slice(0, 10)) ?? op.body
    draft.body = recipe ?? coherent(world, contract, dice, schema, draw(arbitraryOf(schema)))
    headers['content-type'] = 'application/json'
    // A challenge confirmed with the code its SMS carried (`/registo/{hash}`, `/reset/{hash}`…), as the customer would.
    const code = params.hash === undefined ? undefined : world.codeFor(params.hash)
    if (code && isObject(draft.body) && 'codigo' in draft.body && dice() < 0.8)
      draft.body = { ...draft.body, codigo: code }
  }
  let mutation: string | undefined
  if (invalid) {
    const doorHeaders = Object.keys(headers).filter((h) => h !== 'accept' && h !== 'content-type')
    mutation = mutate(dice, draft, doorHeaders)
    if (dice() < 0.2) mutation = `${mutation}+${mutate(dice, draft, doorHeaders)}`
  }
  const url = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => pathSegment(draft.params[name] ?? ''))
  const payload = draft.raw ?? (draft.body === undefined ? undefined : JSON.stringify(draft.body))
  const options: InjectOptions = {
    method: op.method as 'GET',
    url,
    query: draft.query,
    headers: draft.headers,
    remoteAddress: remoteOf(dice),
    ...(payload === undefined ? {} : { payload }),
  }
  return { sent: { options, op, identity, body: draft.body }, ...(mutation ? { mutation } : {}) }
}

/**
 * A generated body made to hang together as a real client's would: often the values of one earlier answer (the
 * customer an identification found, with its proof), and a confirmation field equal to what it confirms.
 */
function coherent(world: World, contract: Contract, dice: Dice, schema: JsonSchema, body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body
  const out = { ...(body as Record<string, unknown>) }
  const own = typeof schema === 'object' && typeof schema.$ref === 'string' ? contract.resolve(schema.$ref) : schema
  const names = Object.keys(((typeof own === 'object' && own.properties) || {}) as object)
  const records = world.records().filter((r) => names.filter((n) => n in r).length >= 2)
  if (records.length > 0 && dice() < 0.5) {
    const record = pick(dice, records)
    for (const n of names) if (n in record && dice() < 0.85) out[n] = record[n]
  }
  for (const key of Object.keys(out)) {
    const m = /^confirmacao(.+)$/i.exec(key)
    const target = m && Object.keys(out).find((k) => k.toLowerCase() === (m[1] ?? '').toLowerCase())
    if (target && dice() < 0.9) out[key] = out[target]
  }
  return out
}

/** The hint name of a path parameter by the resource its path names: `/api/loja/v1/compras/{id}` → `compra:id`. */
export function resourceHint(path: string, param: string): string {
  const segments = path.split('/')
  const at = segments.indexOf(`{${param}}`)
  const before = at > 0 ? segments[at - 1] : undefined
  return before && !before.startsWith('{') ? `${singular(before)}:${param}` : param
}

function identityFor(door: Door, dice: Dice): IdentityName {
  const r = dice()
  switch (door) {
    case 'customer':
      return r < 0.5 ? 'cliente-cookie' : r < 0.85 ? 'cliente-bearer' : 'anonimo'
    case 'store':
      return r < 0.88 ? 'loja' : 'outra-loja'
    case 'providers':
      return 'provider'
    default:
      return 'anonimo'
  }
}

/**
 * A request to a route the public document leaves out (the counter's and the back-office's doors, the development
 * endpoints), with the door's identity mostly: half the time built from the route's own zod schemas (its body and path
 * parameters, and real values of the scene), spoiled in one thing or not; otherwise as hostile as the earlier suite's.
 */
export async function undocumentedRequest(
  world: World,
  dice: Dice,
  draw: <T>(arb: fc.Arbitrary<T>) => T,
  arbitraryOf: ArbitraryOf,
  route: RouteEntry,
  i: number,
): Promise<{ sent: Sent; mutation?: string }> {
  const door = doorOf(route.url)
  const identity: IdentityName =
    dice() < 0.15 ? 'nenhuma' : door === 'admin' ? 'admin' : door === 'counter' ? 'tablet' : 'cliente-cookie'
  const headers: Record<string, string> = { ...(await world.headersOf(identity)) }
  const schemas = dice() < 0.5 ? routeSchemas(route) : undefined
  if (schemas) {
    headers.accept = 'application/json'
    const params: Record<string, string> = {}
    for (const p of schemas.params) {
      const resource = resourceHint(route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}'), p.name)
      const name = world.hints(resource).length > 0 && dice() < 0.7 ? resource : p.name
      params[p.name] = textOf(draw(arbitraryOf(p.schema, name)))
    }
    const draft: Draft = { method: route.method, params, query: {}, headers }
    if (schemas.body && route.method !== 'GET') {
      draft.body = draw(arbitraryOf(schemas.body))
      headers['content-type'] = 'application/json'
    }
    const mutation = dice() < 0.4 ? mutate(dice, draft, Object.keys(headers)) : undefined
    const url = route.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => pathSegment(draft.params[name] ?? ''))
    const payload = draft.raw ?? (draft.body === undefined ? undefined : JSON.stringify(draft.body))
    const options: InjectOptions = {
      method: route.method as 'GET',
      url,
      query: draft.query,
      headers: draft.headers,
      remoteAddress: remoteOf(dice),
      ...(payload === undefined ? {} : { payload }),
    }
    return {
      sent: { options, identity, body: draft.body },
      ...(mutation ? { mutation: `route schema: ${mutation}` } : {}),
    }
  }
  if (dice() < 0.9) headers.accept = 'application/json'
  if (dice() < 0.85) headers['x-api-version'] = dice() < 0.95 ? API_VERSION : '9.9'
  if (dice() < 0.9) headers['content-type'] = dice() < 0.93 ? 'application/json' : pick(dice, ['text/plain', 'x/y'])
  const url = route.url.replace(/:[A-Za-z_]+/g, () =>
    pathSegment(dice() < 0.5 ? pick(dice, ['1', '2', '3', '862']) : pick(dice, HOSTILE_IDS)),
  )
  const payload = route.method === 'GET' ? undefined : randomBody(dice)
  return {
    sent: {
      options: {
        method: route.method as 'GET',
        url,
        headers,
        remoteAddress: dice() < 0.3 ? '127.0.0.1' : `198.51.100.${1 + (i % 200)}`,
        ...(payload === undefined ? {} : { payload }),
      },
      identity,
    },
  }
}

const routeSchemaCache = new WeakMap<RouteEntry, { body?: JsonSchema; params: Parameter[] } | null>()

/** A route's body and path parameters as JSON Schema, from its zod schemas (null when it declares neither). */
function routeSchemas(route: RouteEntry): { body?: JsonSchema; params: Parameter[] } | undefined {
  let cached = routeSchemaCache.get(route)
  if (cached === undefined) {
    cached = null
    try {
      const schema = route.schema as { body?: unknown; params?: unknown } | undefined
      const body = schema?.body ? jsonSchemaOf(schema.body, 'input') : undefined
      const params = schema?.params
        ? propertiesOf(jsonSchemaOf(schema.params, 'input')).map((p) => ({ ...p, in: 'path' as const, required: true }))
        : []
      if (body || params.length > 0) cached = { ...(body ? { body } : {}), params }
    } catch {
      // A schema JSON Schema cannot carry: the route is fuzzed the hostile way only.
    }
    routeSchemaCache.set(route, cached)
  }
  return cached ?? undefined
}

function randomBody(dice: Dice): string | undefined {
  const value = (depth: number): unknown => {
    const r = dice()
    if (r < 0.35) return pick(dice, HOSTILE_STRINGS).slice(0, 3000)
    if (r < 0.6) return pick(dice, [0, -1, 1, 2, 16, 100, 1000, 2 ** 31, 2 ** 53, 1e308, 0.5, 862])
    if (r < 0.68) return dice() < 0.5
    if (r < 0.74) return null
    if (depth > 3) return 'a'
    if (r < 0.87) return Array.from({ length: Math.floor(dice() * 4) }, () => value(depth + 1))
    return object(depth + 1)
  }
  const object = (depth: number) => {
    const out: Record<string, unknown> = {}
    const n = Math.floor(dice() * 6)
    for (let k = 0; k < n; k++) out[pick(dice, FIELD_NAMES)] = value(depth)
    return out
  }
  const r = dice()
  if (r < 0.05) return undefined
  if (r < 0.1) return '{"a":'
  if (r < 0.13) return `${'['.repeat(5000)}${']'.repeat(5000)}`
  return JSON.stringify(object(0))
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v)
}

function textOf(v: unknown): string {
  return typeof v === 'string' ? v : v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)
}
