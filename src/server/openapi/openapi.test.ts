import { createConfig, lintFromString } from '@redocly/openapi-core'
import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { API_VERSION } from '../../shared/api.ts'
import { buildApp } from '../app.ts'
import { configWith } from '../config.ts'
import { systemClock } from '../platform/clock.ts'
import { lojasChavesRepo } from '../platform/store-keys.ts'
import { insertContas, insertLoja, insertRestaurante, insertSaldo } from '../testing/fixtures.ts'
import {
  createTestApp,
  createTestDatabase,
  TEST_DATA_ENCRYPTION_KEY,
  type TestApp,
  testDialects,
} from '../testing/harness.ts'
import {
  buildOpenApiDocument,
  contractGaps,
  documentedRoutes,
  OPENAPI_DOCS_PATH,
  OPENAPI_JSON_PATH,
  type OpenApiDocument,
  openApiPath,
  responseSchemaOf,
  surfaceOf,
} from './index.ts'
import { selfContained } from './json-schema.ts'

/**
 * The contract (issue 23): the OpenAPI document generated from the routes passes a maintained linter, names every
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
    const left = t.app.routeTable.filter((r) => ['counter', 'admin', 'dev'].includes(surfaceOf(r.method, r.url)))
    // Not vacuous: this app (NODE_ENV=test) has all three.
    for (const kind of ['counter', 'admin', 'dev']) {
      expect(left.some((r) => surfaceOf(r.method, r.url) === kind)).toBe(true)
    }
    expect(left.filter((r) => documented.has(openApiPath(r.url))).map((r) => r.url)).toEqual([])
  })

  it('is the same document in production, where the development endpoints do not exist', async () => {
    const production = await createTestApp('sqlite', { NODE_ENV: 'production' })
    try {
      const served = buildOpenApiDocument(production.app)
      expect(contractGaps(production.app, served)).toEqual({ undocumented: [], unserved: [] })
      expect(Object.keys(served.paths)).toEqual(Object.keys(document.paths))
      expect(production.app.routeTable.some((r) => r.url.startsWith('/api/dev/sms'))).toBe(false)
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
    app.get('/api/loja/v1/nova', async () => ({ data: null }))
    app.post('/formulario-novo', async () => ({ data: null }))
    // Not a documented surface: no gap.
    app.get('/admin/api/nova', async () => ({ data: null }))
    await app.ready()
    try {
      expect(contractGaps(app, buildOpenApiDocument(app)).undocumented).toEqual([
        'GET /api/loja/v1/nova',
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
      const surface = surfaceOf(method.toUpperCase(), path)
      if (surface === 'store') {
        expect(op.tags).toEqual(['Store API'])
        expect(op.security).toEqual([{ chaveLoja: [] }])
        expect(op.responses['401'], `${method} ${path}`).toBeDefined()
        // Every POST that changes state carries Idempotency-Key (identifying a customer changes nothing).
        const writes = method === 'post' && !path.endsWith('/identificar')
        expect(headers.includes('Idempotency-Key'), `${method} ${path}`).toBe(writes)
        if (writes) expect(op.responses['422'], `${method} ${path}`).toBeDefined()
      }
      if (surface === 'customer') {
        expect(op.tags).toEqual(['Customer API'])
        expect(headers, `${method} ${path}`).toContain('X-Api-Version')
      }
      if (surface === 'providers' || surface === 'system') expect(headers).not.toContain('X-Api-Version')
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
    // The zod schema the route validates with is the document's source: a change there shows here.
    expect(z.toJSONSchema(z.object({ a: z.string().default('x') }), { io: 'input' }).required).toBeUndefined()
  })
})

describe.each(testDialects())('the contract served, on %s', (dialect) => {
  let t: TestApp
  let document: OpenApiDocument
  let storeKey: string
  let validated = 0
  const ajv = newAjv()

  beforeAll(async () => {
    t = await createTestApp(dialect)
    document = buildOpenApiDocument(t.app)
    const db = t.database.db
    const { id } = await insertRestaurante(db, { tag: 'nata-e-grao', name: 'Nata & Grão' })
    await insertLoja(db, { tag: 'chiado', restaurante_id: id, id_loja: 862, name: 'Chiado' })
    const [ana = 0] = await insertContas(db, ['912345678'], '135790')
    await insertSaldo(db, ana, 1000, 50, 1)
    storeKey = (await lojasChavesRepo(db, systemClock).create(862, 'caixa-contrato')).chave
  })
  afterAll(() => t.close())

  /** The answer is one the document lists for this operation, of its media type, and holds to its schema. */
  function conforms(method: string, path: string, res: LightMyRequestResponse) {
    const where = `${method} ${path} → ${res.statusCode}`
    const response = document.paths[path]?.[method.toLowerCase()]?.responses[String(res.statusCode)]
    expect(response, `${where} is not documented: ${res.body.slice(0, 300)}`).toBeDefined()
    const [type] = Object.keys(response?.content ?? {})
    expect(String(res.headers['content-type']), where).toContain(type)
    for (const [name, header] of Object.entries(response?.headers ?? {})) {
      if ((header as { required?: boolean }).required) expect(res.headers[name.toLowerCase()], where).toBeDefined()
    }
    const schema = responseSchemaOf(document, method, path, res.statusCode)
    if (type === 'application/json' && schema) {
      const validate = ajv.compile(schema)
      expect(validate(res.json()), `${where}: ${ajv.errorsText(validate.errors)}`).toBe(true)
    }
    validated++
    return res
  }

  const store = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${storeKey}`, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    })

  it('serves the document at /api/openapi.json to anyone (no version header), cacheable, with an ETag', async () => {
    const res = await t.app.inject({ method: 'GET', url: OPENAPI_JSON_PATH })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(res.json()).toEqual(JSON.parse(JSON.stringify(document)))
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/)
    const etag = String(res.headers.etag)
    expect(etag).toMatch(/^(W\/)?"/)
    const again = await t.app.inject({ method: 'GET', url: OPENAPI_JSON_PATH, headers: { 'if-none-match': etag } })
    expect(again.statusCode).toBe(304)
    conforms('GET', OPENAPI_JSON_PATH, res)
  })

  it('serves a readable reference at /api/docs: every operation, no script, no outside host, under the CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: OPENAPI_DOCS_PATH, headers: { accept: 'text/html' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    const health = await t.app.inject({ method: 'GET', url: '/api/health' })
    for (const header of ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'x-frame-options']) {
      expect(res.headers[header], header).toBeDefined()
      expect(res.headers[header], header).toBe(health.headers[header])
    }
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'")
    const html = res.body
    for (const { op } of operationsOf(document)) expect(html, op.operationId).toContain(op.operationId)
    expect(html).not.toMatch(/<script|\son[a-z]+=|style=|<style/i)
    const urls = [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1] as string)
    expect(urls.length).toBeGreaterThan(50)
    expect(urls.filter((u) => !u.startsWith('#') && !u.startsWith('/'))).toEqual([])
    for (const id of [...html.matchAll(/href="#([^"]+)"/g)].map((m) => m[1])) expect(html).toContain(`id="${id}"`)
    const css = urls.find((u) => u.endsWith('.css')) as string
    const sheet = await t.app.inject({ method: 'GET', url: css })
    expect(sheet.statusCode).toBe(200)
    expect(sheet.headers['content-type']).toBe('text/css; charset=utf-8')
    conforms('GET', OPENAPI_DOCS_PATH, res)
  })

  it('says what the Store API really answers: identification, purchase, replay, refund, orders, menu', async () => {
    const compras = '/api/loja/v1/compras'
    conforms('POST', compras, await t.app.inject({ method: 'POST', url: compras, payload: {} }))
    const example = (path: string, method = 'post') =>
      document.paths[path]?.[method]?.requestBody?.content['application/json']?.example as Record<string, unknown>

    // The documented examples, sent as they are.
    conforms(
      'POST',
      '/api/loja/v1/clientes/identificar',
      await store('POST', '/api/loja/v1/clientes/identificar', example('/api/loja/v1/clientes/identificar')),
    )
    const ementa = conforms(
      'PUT',
      '/api/loja/v1/ementa',
      await store('PUT', '/api/loja/v1/ementa', example('/api/loja/v1/ementa', 'put')),
    )
    expect(ementa.statusCode).toBe(200)

    const identified = conforms(
      'POST',
      '/api/loja/v1/clientes/identificar',
      await store('POST', '/api/loja/v1/clientes/identificar', { telemovel: '912345678', pais: '351' }),
    )
    expect(identified.statusCode).toBe(200)
    const { cliente, identificacao } = identified.json().data
    const compra = { cliente_id: cliente.id, identificacao, total: 2450, saldo_a_usar: 500, referencia: 'FS 1/2' }
    const first = conforms('POST', compras, await store('POST', compras, compra, { 'idempotency-key': 'contrato-1' }))
    expect(first.statusCode).toBe(201)
    const replay = conforms('POST', compras, await store('POST', compras, compra, { 'idempotency-key': 'contrato-1' }))
    expect(replay.body).toBe(first.body)
    const other = { ...compra, total: 2451 }
    expect(
      conforms('POST', compras, await store('POST', compras, other, { 'idempotency-key': 'contrato-1' })).statusCode,
    ).toBe(422)
    expect(conforms('POST', compras, await store('POST', compras, compra)).statusCode).toBe(400)
    const tooMuch = { ...compra, saldo_a_usar: 99_999, total: 99_999, referencia: 'FS 1/3' }
    conforms('POST', compras, await store('POST', compras, tooMuch, { 'idempotency-key': 'contrato-2' }))

    const devolucoes = '/api/loja/v1/compras/{id}/devolucoes'
    const url = `/api/loja/v1/compras/${first.json().data.transacao.id}/devolucoes`
    expect(
      conforms('POST', devolucoes, await store('POST', url, { valor: 950 }, { 'idempotency-key': 'd-1' })).statusCode,
    ).toBe(201)
    conforms(
      'POST',
      devolucoes,
      await store('POST', '/api/loja/v1/compras/999999/devolucoes', { valor: 1 }, { 'idempotency-key': 'd-2' }),
    )

    conforms('GET', '/api/loja/v1/encomendas', await store('GET', '/api/loja/v1/encomendas?estado=-1,1,2'))
    conforms('GET', '/api/loja/v1/encomendas', await store('GET', '/api/loja/v1/encomendas?estado=x'))
    conforms(
      'POST',
      '/api/loja/v1/encomendas/{id}/estado',
      await store('POST', '/api/loja/v1/encomendas/77/estado', { estado: 1 }, { 'idempotency-key': 'e-1' }),
    )
    conforms(
      'POST',
      '/api/loja/v1/clientes',
      await store(
        'POST',
        '/api/loja/v1/clientes',
        { telemovel: '912345678', pais: '351' },
        { 'idempotency-key': 'c-1' },
      ),
    )
  })

  it('says what the customer API, the callback and health really answer', async () => {
    const api = (method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({
        method,
        url,
        headers: { accept: 'application/json', 'x-api-version': API_VERSION, ...headers },
        ...(payload === undefined ? {} : { payload: payload as object }),
      })
    conforms('GET', '/api/configuracao', await api('GET', '/api/configuracao'))
    const noVersion = await t.app.inject({ method: 'GET', url: '/api/configuracao' })
    expect(conforms('GET', '/api/configuracao', noVersion).statusCode).toBe(400)
    conforms('GET', '/api/restaurantes', await api('GET', '/api/restaurantes'))
    conforms('GET', '/api/restaurantes/{restaurante}', await api('GET', '/api/restaurantes/nata-e-grao'))
    conforms('GET', '/api/restaurantes/{restaurante}', await api('GET', '/api/restaurantes/nenhum'))
    conforms('GET', '/api/lojas-encomenda', await api('GET', '/api/lojas-encomenda'))
    conforms('GET', '/api/catalogo/{id_loja}', await api('GET', '/api/catalogo/862'))
    conforms('GET', '/api/novidades', await api('GET', '/api/novidades'))
    expect(
      conforms(
        'POST',
        '/login',
        await api('POST', '/login', { telemovel: '912345678', pais: '351', password: 'errada1' }),
      ).statusCode,
    ).toBe(401)
    const login = conforms(
      'POST',
      '/login',
      await api('POST', '/login', { telemovel: '912345678', pais: '351', password: '135790' }),
    )
    expect(login.statusCode).toBe(200)
    const cookie = `balcao_sessao=${login.cookies.find((c) => c.name === 'balcao_sessao')?.value}`
    conforms('POST', '/api/refresh-private-data', await api('POST', '/api/refresh-private-data', {}, { cookie }))
    conforms('GET', '/api/notificacoes', await api('GET', '/api/notificacoes', undefined, { cookie }))
    conforms('POST', '/api/transacao/{id}', await api('POST', '/api/transacao/999999', {}, { cookie }))
    conforms('POST', '/api/calcula-encomenda', await api('POST', '/api/calcula-encomenda', { id_loja: 862, cart: [] }))
    conforms(
      'GET',
      '/api/pagamentos/{provider}/callback',
      await t.app.inject({ url: '/api/pagamentos/outro/callback?a=1' }),
    )
    conforms('GET', '/api/health', await t.app.inject({ url: '/api/health' }))
    console.info(`openapi (${dialect}): ${validated} real answers validated against the document`)
  })
})
