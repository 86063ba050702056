import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_VERSION } from '../../shared/api.ts'
import { systemClock } from '../platform/clock.ts'
import { lojasChavesRepo } from '../platform/store-keys.ts'
import { insertContas, insertLoja, insertRestaurante, insertSaldo } from '../testing/fixtures.ts'
import { createTestApp, type TestApp, testDialects } from '../testing/harness.ts'
import {
  buildOpenApiDocument,
  OPENAPI_DOCS_PATH,
  OPENAPI_JSON_PATH,
  type OpenApiDocument,
  responseSchemaOf,
} from './index.ts'

/**
 * The contract served: the document and its reference as a client gets them, and real answers of the Store
 * API, the customer API, the callback and health validated against the document, each with the status expected.
 */

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

  /**
   * The answer has the status the scene expects, one the document lists for this operation, of its media type, and
   * holds to its schema.
   */
  function conforms(method: string, path: string, res: LightMyRequestResponse, status: number) {
    const where = `${method} ${path} → ${res.statusCode}`
    expect(res.statusCode, `${where}: ${res.body.slice(0, 300)}`).toBe(status)
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
    // What it holds is checked by the linter and the tests above (the served bytes are that document).
    expect(Object.keys(document.paths[OPENAPI_JSON_PATH]?.get?.responses['200']?.content ?? {})).toEqual([
      'application/json',
    ])
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
    // Every table scrolls inside a named region the keyboard reaches, so a phone's page never scrolls sideways.
    const tables = html.match(/<table>/g)?.length ?? 0
    expect(tables).toBeGreaterThan(10)
    expect(html.match(/<div class="rolar" role="region" tabindex="0" aria-label="[^"]+"><table>/g)?.length).toBe(tables)
    const urls = [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1] as string)
    expect(urls.length).toBeGreaterThan(50)
    expect(urls.filter((u) => !u.startsWith('#') && !u.startsWith('/'))).toEqual([])
    for (const id of [...html.matchAll(/href="#([^"]+)"/g)].map((m) => m[1])) expect(html).toContain(`id="${id}"`)
    const css = urls.find((u) => u.endsWith('.css')) as string
    const sheet = await t.app.inject({ method: 'GET', url: css })
    expect(sheet.statusCode).toBe(200)
    expect(sheet.headers['content-type']).toBe('text/css; charset=utf-8')
    conforms('GET', OPENAPI_DOCS_PATH, res, 200)
  })

  it('says what the Store API really answers: identification, purchase, replay, refund, orders, menu', async () => {
    const compras = '/api/loja/v1/compras'
    conforms('POST', compras, await t.app.inject({ method: 'POST', url: compras, payload: {} }), 401)
    const example = (path: string, method = 'post') =>
      document.paths[path]?.[method]?.requestBody?.content['application/json']?.example as Record<string, unknown>

    // The documented examples, sent as they are.
    conforms(
      'POST',
      '/api/loja/v1/clientes/identificar',
      await store('POST', '/api/loja/v1/clientes/identificar', example('/api/loja/v1/clientes/identificar')),
      404,
    )
    const ementa = conforms(
      'PUT',
      '/api/loja/v1/ementa',
      await store('PUT', '/api/loja/v1/ementa', example('/api/loja/v1/ementa', 'put')),
      200,
    )
    expect(ementa.statusCode).toBe(200)

    const identified = conforms(
      'POST',
      '/api/loja/v1/clientes/identificar',
      await store('POST', '/api/loja/v1/clientes/identificar', { telemovel: '912345678', pais: '351' }),
      200,
    )
    expect(identified.statusCode).toBe(200)
    const { cliente, identificacao } = identified.json().data
    const compra = { cliente_id: cliente.id, identificacao, total: 2450, saldo_a_usar: 500, referencia: 'FS 1/2' }
    const first = conforms(
      'POST',
      compras,
      await store('POST', compras, compra, { 'idempotency-key': 'contrato-1' }),
      201,
    )
    expect(first.statusCode).toBe(201)
    const replay = conforms(
      'POST',
      compras,
      await store('POST', compras, compra, { 'idempotency-key': 'contrato-1' }),
      201,
    )
    expect(replay.body).toBe(first.body)
    const other = { ...compra, total: 2451 }
    expect(
      conforms('POST', compras, await store('POST', compras, other, { 'idempotency-key': 'contrato-1' }), 422)
        .statusCode,
    ).toBe(422)
    expect(conforms('POST', compras, await store('POST', compras, compra), 400).statusCode).toBe(400)
    // Its identification was spent by the first purchase: spending again needs another (403).
    const tooMuch = { ...compra, saldo_a_usar: 99_999, total: 99_999, referencia: 'FS 1/3' }
    conforms('POST', compras, await store('POST', compras, tooMuch, { 'idempotency-key': 'contrato-2' }), 403)

    const devolucoes = '/api/loja/v1/compras/{id}/devolucoes'
    const url = `/api/loja/v1/compras/${first.json().data.transacao.id}/devolucoes`
    expect(
      conforms('POST', devolucoes, await store('POST', url, { valor: 950 }, { 'idempotency-key': 'd-1' }), 201)
        .statusCode,
    ).toBe(201)
    conforms(
      'POST',
      devolucoes,
      await store('POST', '/api/loja/v1/compras/999999/devolucoes', { valor: 1 }, { 'idempotency-key': 'd-2' }),
      404,
    )

    conforms('GET', '/api/loja/v1/encomendas', await store('GET', '/api/loja/v1/encomendas?estado=-1,1,2'), 200)
    conforms('GET', '/api/loja/v1/encomendas', await store('GET', '/api/loja/v1/encomendas?estado=x'), 400)
    conforms(
      'POST',
      '/api/loja/v1/encomendas/{id}/estado',
      await store('POST', '/api/loja/v1/encomendas/77/estado', { estado: 1 }, { 'idempotency-key': 'e-1' }),
      404,
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
      409,
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
    conforms('GET', '/api/configuracao', await api('GET', '/api/configuracao'), 200)
    const noVersion = await t.app.inject({ method: 'GET', url: '/api/configuracao' })
    expect(conforms('GET', '/api/configuracao', noVersion, 400).statusCode).toBe(400)
    conforms('GET', '/api/restaurantes', await api('GET', '/api/restaurantes'), 200)
    conforms('GET', '/api/restaurantes/{restaurante}', await api('GET', '/api/restaurantes/nata-e-grao'), 200)
    conforms('GET', '/api/restaurantes/{restaurante}', await api('GET', '/api/restaurantes/nenhum'), 404)
    conforms('GET', '/api/lojas-encomenda', await api('GET', '/api/lojas-encomenda'), 200)
    conforms('GET', '/api/catalogo/{id_loja}', await api('GET', '/api/catalogo/862'), 200)
    conforms('GET', '/api/lojas/{id_loja}/estado', await api('GET', '/api/lojas/862/estado'), 200)
    conforms('GET', '/api/lojas/{id_loja}/estado', await api('GET', '/api/lojas/4242/estado'), 404)
    conforms('GET', '/api/novidades', await api('GET', '/api/novidades'), 200)
    expect(
      conforms(
        'POST',
        '/login',
        await api('POST', '/login', { telemovel: '912345678', pais: '351', password: 'errada1' }),
        401,
      ).statusCode,
    ).toBe(401)
    const login = conforms(
      'POST',
      '/login',
      await api('POST', '/login', { telemovel: '912345678', pais: '351', password: '135790' }),
      200,
    )
    expect(login.statusCode).toBe(200)
    const cookie = `balcao_sessao=${login.cookies.find((c) => c.name === 'balcao_sessao')?.value}`
    conforms(
      'POST',
      '/api/refresh-private-data',
      await api('POST', '/api/refresh-private-data', { value: true }, { cookie }),
      200,
    )
    conforms('GET', '/api/notificacoes', await api('GET', '/api/notificacoes', undefined, { cookie }), 200)
    conforms(
      'POST',
      '/api/transacao/{id}',
      await api('POST', '/api/transacao/999999', { value: true }, { cookie }),
      404,
    )
    conforms(
      'POST',
      '/api/calcula-encomenda',
      await api('POST', '/api/calcula-encomenda', { id_loja: 862, cart: [] }),
      400,
    )
    conforms(
      'GET',
      '/api/pagamentos/{provider}/callback',
      await t.app.inject({ url: '/api/pagamentos/outro/callback?a=1' }),
      403,
    )
    conforms('GET', '/api/health', await t.app.inject({ url: '/api/health' }), 200)
    console.info(`openapi (${dialect}): ${validated} real answers validated against the document`)
  })
})
