import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_VERSION } from '../../shared/api.ts'
import { NOMES_EVENTOS } from '../../shared/eventos.ts'
import { newQrToken } from '../features/conta/security-key.ts'
import { VERIFICAR_ACESSO_MS } from '../features/encomendas/loja-encomendas-routes.ts'
import { IDENTIFICACAO_VALIDADE_MS } from '../features/fidelizacao/context.ts'
import { IDEMPOTENCY_TTL_DAYS } from '../platform/idempotency.ts'
import { createTestApp, type TestApp } from '../testing/harness.ts'
import { buildOpenApiDocument, type OpenApiDocument } from './index.ts'

/**
 * The document's words take their numbers and names from the code that sets them: a limit changed in the code (or in
 * the environment: `BODY_LIMIT`) changes the text, and an event or a key's lifetime cannot be said wrong.
 */
describe('the numbers and names in the document come from the code', () => {
  let t: TestApp
  let document: OpenApiDocument
  beforeAll(async () => {
    // Not the default (64 KiB): the text must follow the server's configured limit.
    t = await createTestApp('sqlite', { BODY_LIMIT: 131_072 })
    document = buildOpenApiDocument(t.app)
  })
  afterAll(() => t.close())

  const op = (path: string, method = 'post') => document.paths[path]?.[method]
  const menuLimit = () => t.app.routeTable.find((r) => r.method === 'PUT' && r.url === '/api/loja/v1/ementa')?.bodyLimit

  it('body limits: the server’s BODY_LIMIT and the menu route’s own', () => {
    const store = document.tags.find((tag) => tag.name === 'Store API')?.description ?? ''
    expect(store).toContain('128 KiB')
    expect(store).not.toContain('64 KiB')
    const limit = menuLimit() as number
    expect(limit).toBeGreaterThan(131_072)
    const size = `${limit / 1_048_576} MiB`
    expect(store).toContain(`${size} for a menu`)
    expect(op('/api/loja/v1/ementa', 'put')?.description).toContain(`Body limit: ${size}.`)
    expect(op('/api/loja/v1/ementa', 'put')?.responses['413']?.description).toContain(size)
    expect(op('/api/loja/v1/compras')?.responses['413']?.description).toContain('128 KiB')
  })

  it('times: the identification’s validity and the order stream’s key check', () => {
    const minutes = `${IDENTIFICACAO_VALIDADE_MS / 60_000} minutes`
    expect(op('/api/loja/v1/clientes/identificar')?.description).toContain(`valid ${minutes}`)
    expect(op('/api/loja/v1/compras')?.description).toContain(`in the last ${minutes}`)
    expect(op('/api/loja/v1/encomendas/stream', 'get')?.description).toContain(
      `every ${VERIFICAR_ACESSO_MS / 1000} seconds`,
    )
  })

  it('the event stream names every event the code sends, and its version parameter is the API’s', () => {
    const eventos = op('/api/eventos', 'get')
    for (const nome of NOMES_EVENTOS) expect(eventos?.description).toContain(`\`${nome}\``)
    const v = eventos?.parameters?.find((p) => p.name === 'v') as { schema: { const: string } }
    expect(v.schema.const).toBe(API_VERSION)
  })

  it('the Idempotency-Key says where it is kept: the idempotency table, or the checkout’s order', () => {
    const keyOf = (path: string) => String(op(path)?.parameters?.find((p) => p.name === 'Idempotency-Key')?.description)
    expect(keyOf('/api/loja/v1/compras')).toContain(`kept ${IDEMPOTENCY_TTL_DAYS} days`)
    expect(keyOf('/api/finaliza-encomenda')).not.toContain('days')
    expect(keyOf('/api/finaliza-encomenda')).toContain('kept on the order')
  })

  it('the identification example carries a QR as the app shows it: an opaque token, never ids', () => {
    const example = op('/api/loja/v1/clientes/identificar')?.requestBody?.content['application/json']?.example as {
      qr: string
    }
    expect(example.qr).toHaveLength(newQrToken().length)
    expect(example.qr).toMatch(/^[A-Za-z0-9_-]+$/)
  })
})
