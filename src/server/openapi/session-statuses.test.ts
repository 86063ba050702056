import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_VERSION } from '../../shared/api.ts'
import { contaMensagens } from '../features/conta/context.ts'
import { systemClock } from '../platform/clock.ts'
import { lojasChavesRepo } from '../platform/store-keys.ts'
import { insertContas, insertLoja, insertRestaurante } from '../testing/fixtures.ts'
import { createTestApp, lastSmsCode, type TestApp, testDialects } from '../testing/harness.ts'
import { buildOpenApiDocument, type OpenApiDocument, responseSchemaOf } from './index.ts'
import { OPERATIONS } from './operations.ts'

/**
 * The statuses a customer operation's identity gives, said once (`session` in operations-customer.ts) and derived into
 * the document (401 for every signed-in operation, 403 for those a provisional account may not use): walked over every
 * such operation with no session and with a provisional account (opened at a till, as a POS does), so that what the
 * document says of identity is what the services do, for every operation, the day it is added.
 */

/** A concrete path for a documented one: any id, hash or token of the right form (none of them exists). */
const concrete = (path: string) =>
  path.replace('{id}', '999999').replace('{hash}', 'q0Zx3hT9cVbN2mKp8LwR5sYe').replace('{token}', 'x'.repeat(43))

describe.each(testDialects())('what each customer operation gives without a complete account, on %s', (dialect) => {
  let t: TestApp
  let document: OpenApiDocument
  let chave: string
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats.default(ajv)

  beforeAll(async () => {
    t = await createTestApp(dialect)
    document = buildOpenApiDocument(t.app)
    const { id } = await insertRestaurante(t.database.db, { tag: 'nata-e-grao', name: 'Nata & Grão' })
    await insertLoja(t.database.db, { tag: 'chiado', restaurante_id: id, id_loja: 862, name: 'Chiado' })
    chave = (await lojasChavesRepo(t.database.db, systemClock).create(862, 'caixa')).chave
  })

  /**
   * A provisional account opened at a till, as a POS does, signed in with the password its SMS carried: a new one for
   * each call, since some calls end the account or its session (cancelling it, confirming its erasure).
   */
  async function provisional(n: number): Promise<string> {
    // Each in a block of its own (decision 0054: a block of a thousand numbers gets 20 SMS an hour).
    const telemovel = `918${String(n * 1000).padStart(6, '0')}`
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/loja/v1/clientes',
      headers: { authorization: `Bearer ${chave}`, 'idempotency-key': `provisoria-${n}` },
      payload: { telemovel, pais: '351' },
    })
    expect(opened.statusCode, opened.body).toBe(201)
    const password = await lastSmsCode(t, `+351${telemovel}`)
    const login = await t.app.inject({
      method: 'POST',
      url: '/login',
      remoteAddress: `198.51.100.${n}`,
      headers: { 'x-api-version': API_VERSION },
      payload: { telemovel, pais: '351', password },
    })
    expect(login.statusCode, login.body).toBe(200)
    return `balcao_sessao=${login.cookies.find((c) => c.name === 'balcao_sessao')?.value}`
  }
  afterAll(() => t.close())

  const signedIn = Object.entries(OPERATIONS)
    .filter(([, doc]) => doc.session === 'user' || doc.session === 'complete')
    .map(([key, doc]) => {
      const [method = '', path = ''] = key.split(' ')
      return { method, path, doc }
    })

  async function call(method: string, path: string, headers: Record<string, string>) {
    const example = document.paths[path]?.[method.toLowerCase()]?.requestBody?.content['application/json']?.example
    const options: InjectOptions = {
      method: method as InjectOptions['method'],
      url: concrete(path),
      headers: {
        accept: 'application/json',
        'x-api-version': API_VERSION,
        'idempotency-key': 'caminhada-1',
        ...headers,
      },
      ...(method === 'GET' ? {} : { payload: (example ?? {}) as object }),
    }
    return t.app.inject(options)
  }

  /** The status is one the document lists for the operation, and the body holds to its schema. */
  function documented(method: string, path: string, res: { statusCode: number; body: string; json(): unknown }) {
    const where = `${method} ${path} → ${res.statusCode} ${res.body.slice(0, 200)}`
    const schema = responseSchemaOf(document, method, path, res.statusCode)
    if (!schema) return `${where}: not documented`
    const validate = ajv.compile(schema)
    if (!validate(res.json())) return `${where}: ${ajv.errorsText(validate.errors)}`
    return undefined
  }

  it('POST /opiniao: an opinion of a store can be given again (no 409) and is refused only to a provisional account', async () => {
    const [id = 0] = await insertContas(t.database.db, ['913572468'], '135790')
    expect(id).toBeGreaterThan(0)
    const login = await t.api('POST', '/login', { telemovel: '913572468', pais: '351', password: '135790' })
    const cookie = `balcao_sessao=${login.cookies.find((c) => c.name === 'balcao_sessao')?.value}`
    for (let i = 0; i < 2; i++) {
      const res = await call('POST', '/opiniao', { cookie })
      expect(res.statusCode, res.body).toBe(200)
      expect(documented('POST', '/opiniao', res)).toBeUndefined()
    }
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/opiniao',
      headers: { 'x-api-version': API_VERSION, cookie },
      payload: { loja: 4242, comentario: 'Bom.' },
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().error.fields).toHaveProperty('loja')
    const responses = document.paths['/opiniao']?.post?.responses ?? {}
    expect(Object.keys(responses).sort()).toEqual(['200', '400', '401', '403', '413', '415', '503'].sort())
    expect(responses['403']?.description).not.toMatch(/turned off/)
  })

  it('walks every operation that needs a signed-in customer (not vacuous)', () => {
    expect(signedIn.length).toBeGreaterThan(20)
    expect(signedIn.filter((o) => o.doc.session === 'user').length).toBeGreaterThan(5)
    // Each has a body the route accepts (its documented example), so the identity is what answers, not the input.
    for (const { method, path } of signedIn) {
      const body = document.paths[path]?.[method.toLowerCase()]?.requestBody
      if (body) expect(body.content['application/json']?.example, `${method} ${path}`).toBeDefined()
    }
  })

  it('with no session: 401, documented, for every one', async () => {
    const wrong: string[] = []
    for (const { method, path } of signedIn) {
      const res = await call(method, path, {})
      const problem = documented(method, path, res)
      if (problem) wrong.push(problem)
      else if (res.statusCode !== 401) wrong.push(`${method} ${path} → ${res.statusCode}, not 401: ${res.body}`)
    }
    expect(wrong).toEqual([])
  })

  it('with a provisional account: 403 exactly where the operation needs a complete one, and documented', async () => {
    const wrong: string[] = []
    let n = 0
    for (const { method, path, doc } of signedIn) {
      if (method === 'GET' && path === '/api/eventos') continue // opens a stream: its 200 is the streams' own tests'
      const res = await call(method, path, { cookie: await provisional(++n) })
      const problem = documented(method, path, res)
      if (problem) wrong.push(problem)
      const refused = res.statusCode === 403 && res.body.includes(contaMensagens.completarDados)
      if (refused !== (doc.session === 'complete')) {
        wrong.push(`${method} ${path} (${doc.session}) → ${res.statusCode}: ${res.body.slice(0, 200)}`)
      }
    }
    expect(wrong).toEqual([])
  })
})
