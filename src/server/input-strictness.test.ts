import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_VERSION } from '../shared/api.ts'
import { mensagens } from '../shared/validacao.ts'
import { signedInAdmin } from './features/admin/testing.ts'
import { todosOsDias } from './features/encomendas/horario.ts'
import { systemClock } from './platform/clock.ts'
import { bodyMessages } from './platform/http.ts'
import { lojasChavesRepo } from './platform/store-keys.ts'
import { ementaDeTeste, pedidoDeTeste } from './testing/ementa.ts'
import { insertLoja, insertRestaurante } from './testing/fixtures.ts'
import { createTestApp, device, lastSmsCode, type TestApp, testDialects } from './testing/harness.ts'
import { snapshotRows } from './testing/snapshot.ts'

/**
 * Input strictness, over the whole route table so that a route added later is covered: no text with control
 * characters or lone surrogates, ids in paths as plain digits, bodies of bounded depth.
 */

const DADOS = { nome: 'Ana Silva', email: 'ana@exemplo.pt', dataNascimento: '1990-05-17', aceitacao: true }
const HASH = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcd'
const TELEMOVEL = { telemovel: '912345000', pais: '351' }
/** A fiscal document as a POS sends it (STORE-API.md "Invoices"). */
const DOCUMENTO = {
  tipo: 'FR',
  numero: 'FR A/1',
  atcud: 'ABCD1234-1',
  qr: 'A:509999999*B:999999990*D:FR',
  emitido_em: '2026-11-22T10:00:00Z',
  pdf_url: 'https://faturas.exemplo.pt/1.pdf',
}

/** A body of the right shape for each route that takes one (what a valid call sends); others get a small object. */
function bodyFor(method: string, url: string): unknown {
  const path = url.replace(/^\/api\/loja\/v1|^\/painel\/api/, '')
  if (method === 'PUT' && path === '/ementa') return ementaDeTeste()
  const bodies: Record<string, unknown> = {
    '/registo': { ...TELEMOVEL, termos: true },
    '/registo/:hash': { codigo: '123456' },
    '/reset/:hash': { codigo: '123456' },
    '/alterar-telemovel/:hash': { codigo: '123456' },
    '/login': { ...TELEMOVEL, password: '1234' },
    '/reset': TELEMOVEL,
    '/api/reenviar-codigo': { hash: HASH },
    '/alterar-password': { password: '1234', confirmacaoPassword: '1234' },
    '/alterar-telemovel': { ...TELEMOVEL, confirmacaoTelemovel: '912345000', confirmacaoPais: '351' },
    '/chave-seguranca': { selecao: 1 },
    '/alterar-dados-pessoais': DADOS,
    '/api/grava-selecao-nif': { selecao: 'principal' },
    '/opiniao': { loja: 862, comentario: 'Bom' },
    '/opiniao/transacao/:id': { loja: 862, comentario: 'Bom' },
    '/api/calcula-encomenda': { cart: [{ id: '1001', qtd: 1 }], id_loja: 862 },
    '/api/finaliza-encomenda': pedidoDeTeste(),
    '/api/notificacoes/lidas': { ate: 1 },
    '/api/push/subscricao': {
      endpoint: 'https://push.example/abcdef',
      keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
    },
    '/clientes/identificar': { qr: 'qr-do-cliente' },
    '/compras': { cliente_id: 1, total: 100, saldo_a_usar: 0, referencia: 'R-1' },
    '/compras/:id/devolucoes': { valor: 100 },
    '/clientes': TELEMOVEL,
    '/encomendas/:id/estado': { estado: 1 },
    '/encomendas/:id/cancelar': { motivo: 'Sem leite' },
    '/encomendas/:id/documento': DOCUMENTO,
    '/compras/:id/documento': DOCUMENTO,
    '/entrar': { chave: 'chave' },
  }
  if (method === 'DELETE' && path === '/api/push/subscricao') return { endpoint: 'https://push.example/abcdef' }
  return bodies[path] ?? { value: true }
}

/** Every string of a JSON value (values, not keys) with `bad` inside it. */
function spoil(value: unknown, bad: string): unknown {
  if (typeof value === 'string') return `${value.slice(0, 1)}${bad}${value.slice(1)}`
  if (Array.isArray(value)) return value.map((v) => spoil(v, bad))
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, spoil(v, bad)]))
  return value
}

/** `depth` levels of objects, as JSON text (built as text: no recursion on this side either). */
const deepJson = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
/** The JSON of `body` with one more top-level field whose value is the JSON text `json`. */
const withField = (body: unknown, name: string, json: string) =>
  JSON.stringify(body).replace(/}$/, `,${JSON.stringify(name)}:${json}}`)

const BAD_TEXT: [string, string][] = [
  ['NUL', '\u0000'],
  ['lone surrogate', '\ud800'],
  ['BEL', '\u0007'],
]

describe.each(testDialects())('input strictness, on %s', (dialect) => {
  let t: TestApp
  let signedIn: ReturnType<typeof device>
  let storeKey: string
  let staffCookie: string
  let adminCookie: string
  let transacaoId: number
  let seq = 0

  /** A call with the credentials of the surface the path belongs to (a signed-in customer on the customer's). */
  function call(method: string, url: string, payload?: string, extraHeaders: Record<string, string> = {}) {
    const credentials: Record<string, string> = url.startsWith('/api/loja/')
      ? { authorization: `Bearer ${storeKey}`, 'idempotency-key': `strict-${++seq}` }
      : url.startsWith('/painel/')
        ? { cookie: `balcao_painel=${staffCookie}` }
        : url.startsWith('/admin/')
          ? { cookie: `balcao_admin=${adminCookie}` }
          : { cookie: `balcao_sessao=${signedIn.cookie}` }
    return t.app.inject({
      method: method as InjectOptions['method'],
      url,
      // The development endpoints answer this machine only.
      remoteAddress: url.startsWith('/api/dev/') ? '127.0.0.1' : '198.51.100.31',
      headers: {
        accept: 'application/json',
        'x-api-version': API_VERSION,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        ...credentials,
        ...extraHeaders,
      },
      ...(payload === undefined ? {} : { payload }),
    })
  }
  const send = (method: string, url: string, body: unknown) => call(method, url, JSON.stringify(body))

  const routes = () => t.app.routeTable.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
  const takesBody = (method: string) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)
  const isStream = (url: string) => url.endsWith('/stream') || url === '/api/eventos'
  const fill = (url: string, value = '1') =>
    url
      .replace(/:(id|id_loja)\b/g, value)
      .replace(/:resposta\b/, 'aprovar')
      .replace(/:[A-Za-z_]+/g, HASH)

  beforeAll(async () => {
    t = await createTestApp(dialect)
    const { id } = await insertRestaurante(t.database.db, { tag: 'nata-e-grao', name: 'Nata & Grão' })
    await insertLoja(t.database.db, {
      tag: 'chiado',
      restaurante_id: id,
      id_loja: 862,
      name: 'Chiado',
      horario_encomendas: JSON.stringify(todosOsDias('00:00', '24:00')),
    })
    storeKey = (await lojasChavesRepo(t.database.db, systemClock).create(862, 'caixa-1')).chave
    const paired = await t.app.inject({ method: 'POST', url: '/painel/api/entrar', payload: { chave: storeKey } })
    staffCookie = String(paired.cookies.find((c) => c.name === 'balcao_painel')?.value)
    adminCookie = await signedInAdmin(t)
    signedIn = device(t, '198.51.100.30')
    const { hash } = (
      await signedIn.call('POST', '/registo', { telemovel: '912345678', pais: '351', termos: true })
    ).json().data
    await signedIn.call('POST', `/registo/${hash}`, { codigo: await lastSmsCode(t, '+351912345678') })
    const dados = await signedIn.call('POST', '/alterar-dados-pessoais', {
      ...DADOS,
      password: '135790',
      confirmacaoPassword: '135790',
    })
    expect(dados.statusCode, dados.body).toBe(200)
    const clienteId = dados.json().data.user.data.id as number
    const menu = await send('PUT', '/api/loja/v1/ementa', ementaDeTeste())
    expect(menu.statusCode, menu.body).toBe(200)
    const compra = await send('POST', '/api/loja/v1/compras', {
      cliente_id: clienteId,
      total: 1000,
      saldo_a_usar: 0,
      referencia: 'T-1',
    })
    expect(compra.statusCode, compra.body).toBe(201)
    transacaoId = compra.json().data.transacao.id
  })
  afterAll(() => t.close())

  it('refuses control characters and lone surrogates in every string of every body, path and query, with 400 naming the field, and writes nothing', async () => {
    const withBody = routes().filter((r) => takesBody(r.method))
    expect(withBody.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'POST /api/finaliza-encomenda',
        'POST /opiniao',
        'POST /api/loja/v1/compras',
        'PUT /api/loja/v1/ementa',
        'POST /painel/api/compras',
        'DELETE /api/push/subscricao',
      ]),
    )
    const before = await snapshotRows(t.database.db)
    for (const [name, bad] of BAD_TEXT) {
      // Every string of a well-formed body spoilt, and a field no schema names.
      for (const { method, url } of withBody) {
        const valid = bodyFor(method, url)
        const body = spoil(valid, bad)
        const payloads: object[] = [{ ...(body as object), nota: `n${bad}` }]
        if (JSON.stringify(body) !== JSON.stringify(valid)) payloads.push(body as object)
        for (const payload of payloads) {
          const res = await send(method, fill(url), payload)
          const where = `${method} ${url} ← ${name}`
          expect(res.statusCode, `${where}: ${res.body}`).toBe(400)
          const fields = res.json().error.fields
          expect(Object.values(fields ?? {}), where).toEqual([mensagens.caracteresProibidos])
        }
      }
      // Every path parameter and the query of every route: percent-encoded, as a URL carries them.
      const encoded = bad === '\ud800' ? '%ED%A0%80' : encodeURIComponent(bad)
      for (const { method, url } of routes()) {
        const payload = takesBody(method) ? JSON.stringify(bodyFor(method, url)) : undefined
        const where = `${method} ${url} ← ${name}`
        for (const param of url.match(/:[A-Za-z_]+/g) ?? []) {
          const res = await call(method, fill(url.replace(param, `x${encoded}y`)), payload)
          expect(res.statusCode, `${where} in ${param}: ${res.body}`).toBe(400)
          expect(res.json().error.title, where).toEqual(expect.any(String))
        }
        // A query cannot carry a lone surrogate: its invalid UTF-8 is kept as the percent-encoded text it is.
        if (isStream(url) || bad === '\ud800') continue
        const res = await call(method, `${fill(url)}?q=x${encoded}y`, payload)
        expect(res.statusCode, `${where} in the query: ${res.body}`).toBe(400)
        expect(res.json().error.fields, where).toEqual({ q: mensagens.caracteresProibidos })
      }
    }
    expect(await snapshotRows(t.database.db)).toBe(before)
  }, 120_000)

  it('names the field on the routes that answered 500 on PostgreSQL (or stored it on SQLite), and writes nothing', async () => {
    const before = await snapshotRows(t.database.db)
    const ementa = ementaDeTeste('v-nul') as unknown as {
      seccoes: { familias: { produtos: { descricao?: string }[] }[] }[]
    }
    const produto = ementa.seccoes[0]?.familias[0]?.produtos[0]
    if (produto) produto.descricao = 'Com\u0000nul'
    const cases: [string, string, unknown, string][] = [
      ['POST', '/api/finaliza-encomenda', pedidoDeTeste({ nome: 'Ana\u0000' }), 'nome'],
      ['POST', '/opiniao', { loja: 862, comentario: 'Bom\u0000' }, 'comentario'],
      ['POST', `/opiniao/transacao/${transacaoId}`, { loja: 862, comentario: '\ud800' }, 'comentario'],
      ['POST', '/alterar-dados-pessoais', { ...DADOS, nome: 'Ana\u0000Silva' }, 'nome'],
      ['POST', '/alterar-dados-pessoais', { ...DADOS, codigoParceria: 'P\u0007' }, 'codigoParceria'],
      [
        'POST',
        '/api/loja/v1/compras',
        { cliente_id: 1, total: 100, saldo_a_usar: 0, referencia: 'R\u0000' },
        'referencia',
      ],
      [
        'POST',
        '/painel/api/compras',
        { cliente_id: 1, total: 100, saldo_a_usar: 0, referencia: '\ud800' },
        'referencia',
      ],
      ['POST', '/api/loja/v1/clientes/identificar', { qr: 'qr\u0000' }, 'qr'],
      ['POST', '/painel/api/clientes/identificar', { qr: 'qr\u0007' }, 'qr'],
      ['POST', '/api/loja/v1/encomendas/1/cancelar', { motivo: 'Sem\u0000leite' }, 'motivo'],
      ['POST', '/painel/api/encomendas/1/cancelar', { motivo: 'Sem leite\ud800' }, 'motivo'],
      ['PUT', '/api/loja/v1/ementa', { ...ementaDeTeste(), hash: 'v\u00002' }, 'hash'],
      ['PUT', '/api/loja/v1/ementa', { ...ementaDeTeste(), last_update: '2026\u0000' }, 'last_update'],
      ['PUT', '/api/loja/v1/ementa', ementa, 'seccoes.0.familias.0.produtos.0.descricao'],
      ['PUT', '/api/loja/v1/ementa', { ...ementaDeTeste(), pos: { notas: ['a', 'b\u0000'] } }, 'pos.notas.1'],
      ['POST', '/api/dev/pagamentos/sb%00x/aprovar', {}, 'id'],
      ['GET', '/api/dev/sms?para=%2B351%00', undefined, 'para'],
    ]
    for (const [method, url, body, field] of cases) {
      const res = body === undefined ? await call(method, url) : await send(method, url, body)
      expect([400, 422], `${method} ${url}: ${res.body}`).toContain(res.statusCode)
      expect(res.json().error.fields, `${method} ${url}`).toEqual({ [field]: mensagens.caracteresProibidos })
    }
    // Single-line text refuses tab and newline too (the schema's own check: the form shows it under the field).
    const single: [string, string, unknown, string][] = [
      ['POST', '/api/finaliza-encomenda', pedidoDeTeste({ nome: 'Ana\tSilva' }), 'nome'],
      [
        'POST',
        '/api/loja/v1/compras',
        { cliente_id: 1, total: 100, saldo_a_usar: 0, referencia: 'R\n1' },
        'referencia',
      ],
      ['PUT', '/api/loja/v1/ementa', { ...ementaDeTeste(), hash: 'v\n2' }, 'hash'],
    ]
    for (const [method, url, body, field] of single) {
      const res = await send(method, url, body)
      expect([400, 422], `${method} ${url}: ${res.body}`).toContain(res.statusCode)
      expect(res.json().error.fields, `${method} ${url}`).toEqual({ [field]: mensagens.caracteresProibidos })
    }
    // Multi-line text keeps its newlines: the reason passes the text rule (the order does not exist: 404).
    const motivo = await send('POST', '/api/loja/v1/encomendas/999999/cancelar', { motivo: 'Sem leite.\r\nDesculpe.' })
    expect(motivo.statusCode, motivo.body).toBe(404)
    expect(await snapshotRows(t.database.db)).toBe(before)
    const opiniao = await send('POST', `/opiniao/transacao/${transacaoId}`, {
      loja: 862,
      comentario: 'Muito bom.\n\tVoltarei.',
    })
    expect(opiniao.statusCode, opiniao.body).toBe(200)
  })

  it('reads ids in paths as plain digits only, on every route with one, and the real id still works', async () => {
    const withId = routes().filter((r) => /:(id|id_loja)\b/.test(r.url) && !r.url.startsWith('/api/dev/'))
    expect(withId.map((r) => r.url)).toEqual(
      expect.arrayContaining([
        '/api/catalogo/:id_loja',
        '/api/encomendas/:id',
        '/opiniao/transacao/:id',
        '/api/transacao/:id',
        '/api/loja/v1/compras/:id/devolucoes',
        '/api/loja/v1/encomendas/:id/estado',
        '/api/loja/v1/encomendas/:id/cancelar',
        '/painel/api/compras/:id/devolucoes',
        '/painel/api/encomendas/:id/cancelar',
      ]),
    )
    const before = await snapshotRows(t.database.db)
    const real = String(transacaoId)
    const forms = [
      '0x10',
      '+16',
      '16.0',
      '016',
      '1.6e1',
      '%2016',
      '16%20',
      '-16',
      '0',
      '2147483648',
      `0${real}`,
      `${real}.0`,
    ]
    for (const { method, url } of withId) {
      const param = url.includes(':id_loja') ? 'id_loja' : 'id'
      for (const form of forms) {
        const payload = takesBody(method) ? JSON.stringify(bodyFor(method, url)) : undefined
        const res = await call(method, url.replace(`:${param}`, form), payload)
        expect(res.statusCode, `${method} ${url} ← ${form}: ${res.body}`).toBe(400)
        expect(res.json().error.fields, `${method} ${url} ← ${form}`).toEqual({ [param]: mensagens.valorInvalido })
      }
    }
    expect(await snapshotRows(t.database.db)).toBe(before)
    const transacao = await send('POST', `/api/transacao/${real}`, { value: true })
    expect(transacao.statusCode, transacao.body).toBe(200)
    expect(transacao.json().data.id).toBe(transacaoId)
    expect((await call('GET', '/api/catalogo/862')).statusCode).toBe(200)
  })

  it('refuses bodies nested past the limit with 400 before parsing them, and lets a 20-deep body through', async () => {
    const before = await snapshotRows(t.database.db)
    const deep = deepJson(10_000)
    const cases: [string, string, string][] = [
      ['PUT', '/api/loja/v1/ementa', withField(ementaDeTeste('v-fundo'), 'pos_extra', deep)],
      ['PUT', '/api/loja/v1/ementa', deep],
      ['POST', '/api/calcula-encomenda', withField({ cart: [{ id: '1001', qtd: 1 }], id_loja: 862 }, 'x', deep)],
      ['POST', '/login', `${'['.repeat(10_000)}${']'.repeat(10_000)}`],
      ['POST', '/api/loja/v1/compras', deep],
      ['POST', '/painel/api/compras', deep],
      ['POST', '/alterar-dados-pessoais', withField(DADOS, 'nome', deep)],
    ]
    for (const [method, url, payload] of cases) {
      const res = await call(method, url, payload)
      expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 300)}`).toBe(400)
      expect(res.json().error.message, `${method} ${url}`).toBe(bodyMessages.tooDeep)
    }
    expect(await snapshotRows(t.database.db)).toBe(before)

    // 20 levels of a POS's own structure, at the top and inside a product: within the limit, accepted, not stored.
    const menu = ementaDeTeste('v-20') as unknown as Record<string, unknown> & {
      seccoes: { familias: { produtos: Record<string, unknown>[] }[] }[]
    }
    const produto = menu.seccoes[0]?.familias[0]?.produtos[0]
    if (produto) produto.pos_interno = JSON.parse(deepJson(20))
    const res = await call('PUT', '/api/loja/v1/ementa', withField(menu, 'pos_extra', deepJson(20)))
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ hash: 'v-20', alterada: true })
    const stored = await t.database.db
      .selectFrom('ementas')
      .select('conteudo')
      .where('id_loja', '=', 862)
      .executeTakeFirstOrThrow()
    expect(stored.conteudo).not.toContain('pos_extra')
    expect(stored.conteudo).not.toContain('pos_interno')
    // A customer's call with a 20-deep field no schema names: past the depth check, the field dropped.
    const refresh = await call('POST', '/api/refresh-private-data', withField({ value: true }, 'extra', deepJson(20)))
    expect(refresh.statusCode, refresh.body).toBe(200)
  })
})
