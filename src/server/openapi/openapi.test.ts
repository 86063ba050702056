import { createConfig, lintFromString } from '@redocly/openapi-core'
import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { configWith } from '../config.ts'
import { markDoor } from '../platform/server.ts'
import { STORE_API_PREFIX } from '../platform/store-surface.ts'
import { createTestApp, createTestDatabase, TEST_DATA_ENCRYPTION_KEY, type TestApp } from '../testing/harness.ts'
import {
  buildOpenApiDocument,
  contractGaps,
  documentedRoutes,
  type OpenApiDocument,
  openApiPath,
  surfaceOf,
} from './index.ts'
import { selfContained } from './json-schema.ts'

/**
 * The contract: the OpenAPI document generated from the routes passes a maintained linter, names every
 * route of the public surfaces and no other, is served with its readable reference under the app's headers, and says
 * what the server really answers (real answers validated against it).
 */

/**
 * Redocly's recommended rules, all of them, but one: `info-license` asks for a licence, and this private product
 * publishes its API under none (docs/decisions/0027).
 */
const LINT_RULES_OFF = { 'info-license': 'off' } as const

const operationsOf = (document: OpenApiDocument) =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op })),
  )

function newAjv() {
  // The document's schemas are zod's output: strict mode would refuse its harmless keywords' combinations.
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats.default(ajv)
  return ajv
}

describe('the OpenAPI document', () => {
  let t: TestApp
  let document: OpenApiDocument
  beforeAll(async () => {
    t = await createTestApp('sqlite')
    document = buildOpenApiDocument(t.app)
  })
  afterAll(() => t.close())

  it('passes the Redocly linter with its recommended rules: no error, no warning', async () => {
    const config = await createConfig({ extends: ['recommended'], rules: LINT_RULES_OFF })
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config })
    const operations = operationsOf(document)
    console.info(
      `openapi: ${operations.length} operations documented (${Object.keys(document.paths).length} paths), ` +
        `Redocly recommended: ${problems.length} problems`,
    )
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([])
    expect(operations.length).toBeGreaterThan(50)
  })

  it('names every route of the customer API, the Store API and the providers, and no operation without a route', () => {
    expect(contractGaps(t.app, document)).toEqual({ undocumented: [], unserved: [] })
    const kinds = new Set(documentedRoutes(t.app).map((r) => r.surface))
    expect([...kinds].sort()).toEqual(['customer', 'providers', 'store', 'system'])
  })

  it('leaves out the staff doors, the development endpoints and the pages, which the app does serve', () => {
    const documented = new Set(operationsOf(document).map(({ path }) => path))
    const left = t.app.routeTable.filter((r) =>
      ['counter', 'admin', 'dev'].includes(surfaceOf(r.method, r.url, r.door)),
    )
    // Not vacuous: this app (NODE_ENV=test) has all three.
    for (const kind of ['counter', 'admin', 'dev']) {
      expect(left.some((r) => surfaceOf(r.method, r.url, r.door) === kind)).toBe(true)
    }
    // Every route is its door's, as the door marked it: no API route outside every door but the system's.
    const outside = t.app.routeTable.filter((r) => r.door === undefined && r.url.startsWith('/api/'))
    expect([...new Set(outside.map((r) => r.url))].sort()).toEqual(
      ['/api/docs', '/api/docs/estilo.css', '/api/health', '/api/openapi.json'].sort(),
    )
    expect(left.filter((r) => documented.has(openApiPath(r.url))).map((r) => r.url)).toEqual([])
  })

  it('is the same document in production, where the development endpoints do not exist', async () => {
    const production = await createTestApp('sqlite', { NODE_ENV: 'production' })
    try {
      const served = buildOpenApiDocument(production.app)
      expect(contractGaps(production.app, served)).toEqual({ undocumented: [], unserved: [] })
      expect(Object.keys(served.paths)).toEqual(Object.keys(document.paths))
      // The development endpoints are left out of the document because production has none of them at all.
      expect(production.app.routeTable.filter((r) => r.url.startsWith('/api/dev/')).map((r) => r.url)).toEqual([])
      expect(t.app.routeTable.some((r) => r.url.startsWith('/api/dev/'))).toBe(true)
    } finally {
      await production.close()
    }
  })

  it('fails the contract for a route added without an operation', async () => {
    const database = await createTestDatabase('sqlite')
    const config = configWith({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST: 'dist/none',
      DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
    })
    const app = await buildApp(config, database)
    // Registered outside every door (whatever its path says): it has no door's identity or limits.
    app.get('/api/loja/v1/nova', async () => ({ data: null }))
    app.post('/formulario-novo', async () => ({ data: null }))
    app.get('/admin/api/nova', async () => ({ data: null }))
    // Inside the Store API's door, without an operation.
    await app.register(
      async (door) => {
        markDoor(door, 'store')
        door.get('/outra', async () => ({ data: null }))
      },
      { prefix: STORE_API_PREFIX },
    )
    // A page outside every door is no API call: no gap.
    app.get('/pagina-nova', async () => 'ok')
    await app.ready()
    try {
      expect(contractGaps(app, buildOpenApiDocument(app)).undocumented).toEqual([
        'GET /admin/api/nova',
        'GET /api/loja/v1/nova',
        'GET /api/loja/v1/outra',
        'POST /formulario-novo',
      ])
    } finally {
      await app.close()
      await database.close()
    }
  })

  it('has unique operation ids, a tag per door, and the headers each door requires', () => {
    const operations = operationsOf(document)
    const ids = operations.map(({ op }) => op.operationId)
    expect(new Set(ids).size).toBe(ids.length)
    for (const { path, method, op } of operations) {
      const headers = (op.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name)
      const surface = op.tags[0]
      if (surface === 'Store API') {
        expect(op.tags).toEqual(['Store API'])
        expect(op.security).toEqual([{ chaveLoja: [] }])
        expect(op.responses['401'], `${method} ${path}`).toBeDefined()
        // Every POST that changes state carries Idempotency-Key (identifying a customer changes nothing), and so does
        // the PUT of a fiscal document (STORE-API.md "Invoices"); the menu's PUT is naturally idempotent.
        const writes = (method === 'post' && !path.endsWith('/identificar')) || path.endsWith('/documento')
        expect(headers.includes('Idempotency-Key'), `${method} ${path}`).toBe(writes)
        if (writes) expect(op.responses['422'], `${method} ${path}`).toBeDefined()
      }
      if (surface === 'Customer API') {
        expect(headers, `${method} ${path}`).toContain('X-Api-Version')
      }
      if (surface === 'Payment providers' || surface === 'System') expect(headers).not.toContain('X-Api-Version')
      for (const [status, response] of Object.entries(op.responses)) {
        if (status === '429') expect(response.headers?.['Retry-After'], `${method} ${path}`).toBeDefined()
        if (Number(status) >= 400) {
          expect(response.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/Erro' })
        }
      }
    }
  })

  it('has schemas ajv compiles and examples that hold to them; the Store API has an example of each call', () => {
    const ajv = newAjv()
    const components = document.components.schemas as Record<string, Record<string, unknown>>
    let examples = 0
    for (const { path, method, op } of operationsOf(document)) {
      const media = [
        ...Object.values(op.requestBody?.content ?? {}),
        ...Object.values(op.responses).flatMap((r) => Object.values(r.content ?? {})),
      ]
      for (const m of media) {
        const validate = ajv.compile(selfContained(m.schema, components))
        if (m.example === undefined) continue
        examples++
        expect(validate(m.example), `${method} ${path}: ${ajv.errorsText(validate.errors)}`).toBe(true)
      }
      if (op.tags[0] === 'Store API' && method !== 'get') {
        expect(op.requestBody?.content['application/json']?.example, `${method} ${path}`).toBeDefined()
      }
    }
    expect(examples).toBeGreaterThanOrEqual(15)
  })

  it('describes a request as the client sends it: defaults and transforms are not required', () => {
    const compra = document.paths['/api/loja/v1/compras']?.post?.requestBody?.content['application/json']?.schema
    expect(compra?.required).not.toContain('itens_a_redimir')
    const estado = document.paths['/api/loja/v1/encomendas']?.get?.parameters?.find((p) => p.name === 'estado')
    expect(estado?.schema).toEqual(expect.objectContaining({ type: 'string' }))
  })
})
