import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { diaEmLisboa } from '../../shared/format.ts'
import { todosOsDias } from '../features/encomendas/horario.ts'
import { systemClock } from '../platform/clock.ts'
import { lojasChavesRepo } from '../platform/store-keys.ts'
import { insertContas, insertLoja, insertRestaurante, insertSaldo } from '../testing/fixtures.ts'
import { createTestApp, device, type TestApp, testDialects } from '../testing/harness.ts'
import { buildOpenApiDocument, type OpenApiDocument } from './index.ts'

/**
 * Every Store API example is a real exchange: each operation's documented request is sent as it is (its ids swapped
 * for the scene's) to a real app holding the customer, the store and the order the examples speak of, and the real
 * answer must be the documented one, but for ids, generated codes, tokens, dates and times. An example can no longer
 * drift from what the server answers (a refund's signs, a rounding, a field renamed).
 */

/** What differs from one run to another: ids, generated codes and tokens, dates and times. */
const VARIABLE = new Set([
  'id',
  'cliente_id',
  'identificacao',
  'codigo',
  'criado_em',
  'criada_em',
  'data',
  'hora',
  // The birthday reward's last day: some days after the run's own.
  'valido_ate',
])

function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable)
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        // The envelope's `data` is an object: only a value (a date, an id) is left out.
        .filter(([k, v]) => !(VARIABLE.has(k) && (v === null || typeof v !== 'object')))
        .map(([k, v]) => [k, stable(v)]),
    )
  }
  return value
}

/** The examples' customer (operations-store.ts): her QR, balance, points and rewards as the examples show them. */
const MARIA = { telemovel: '913572468', nome: 'Maria Silva', saldo: 1250, pontos: 40, itens: 1 }

describe.each(testDialects())('the Store API examples, sent to a real app, on %s', (dialect) => {
  let t: TestApp
  let document: OpenApiDocument
  let chave: string
  const sent = new Set<string>()

  beforeAll(async () => {
    t = await createTestApp(dialect)
    document = buildOpenApiDocument(t.app)
    const db = t.database.db
    const { id } = await insertRestaurante(db, { tag: 'nata-e-grao', name: 'Nata & Grão' })
    const sempre = JSON.stringify(todosOsDias('00:00', '24:00'))
    await insertLoja(db, {
      tag: 'chiado',
      restaurante_id: id,
      id_loja: 862,
      name: 'Chiado',
      horario_encomendas: sempre,
    })
    chave = (await lojasChavesRepo(db, systemClock).create(862, 'exemplos')).chave
    const [maria = 0] = await insertContas(db, [MARIA.telemovel], '135790')
    const qr = (example('/api/loja/v1/clientes/identificar').request as { qr: string }).qr
    // The NIF she chose in the app for her invoices, as the identification's example shows it.
    await db
      .updateTable('utilizadores')
      .set({
        nome: MARIA.nome,
        qr_code: qr,
        nif1: '123456789',
        nome_faturacao1: MARIA.nome,
        nif_utilizado: 'principal',
      })
      .where('id', '=', maria)
      .execute()
    await insertSaldo(db, maria, MARIA.saldo, MARIA.pontos, MARIA.itens)
    // The programme's reward the identification's example names.
    await db
      .insertInto('premios')
      .values({ finalidade: 'pontos', nome: 'Café oferta', tipo: 'produto', criado_em: '2026-11-01T00:00:00.000Z' })
      .execute()
    // The promotion the purchase's example earns under: 5 points a Bica, every day, every store.
    await db
      .insertInto('promocoes')
      .values({
        id: 7,
        nome: 'Bica com pontos',
        efeito: 'pontos_produto',
        pontos: 5,
        cod_produto: '1001',
        inicio: '2000-01-01',
        fim: '2100-12-31',
        dias_semana: '1234567',
        ambito: 'todas',
        ativa: 1,
        criado_em: '2026-11-01T00:00:00.000Z',
        alterado_em: '2026-11-01T00:00:00.000Z',
      })
      .execute()
    // The stamp card the examples name, coffees, every 10th offered: she holds 4 stamps and one offer.
    await db
      .insertInto('cartoes_carimbos')
      .values({
        id: 2,
        nome: 'Cafés',
        codigos: '1001\n1002',
        por_oferta: 10,
        criado_em: '2026-11-01T00:00:00.000Z',
        alterado_em: '2026-11-01T00:00:00.000Z',
      })
      .execute()
    await db
      .insertInto('carimbos_movimentos')
      .values({
        utilizador_id: maria,
        cartao_id: 2,
        transacao_id: 0,
        por_oferta: 10,
        carimbos_anterior: 0,
        carimbos_ganhos: 13,
        carimbos_convertidos: 9,
        carimbos_actual: 4,
        ofertas_anterior: 0,
        ofertas_ganhas: 1,
        ofertas_usadas: 0,
        ofertas_actual: 1,
        criado_em: '2026-11-01T00:00:00.000Z',
      })
      .execute()
    // Her birthday is today: the birthday job, run now, gives her the birthday reward the identification's example
    // names (which the purchase's example leaves for another day).
    await db
      .insertInto('premios')
      .values({
        finalidade: 'aniversario',
        nome: 'Fatia de bolo de aniversário',
        tipo: 'produto',
        cod_produto: '5101',
        validade_dias: 30,
        ativo: 1,
        criado_em: '2026-11-01T00:00:00.000Z',
      })
      .execute()
    const agora = new Date()
    await db
      .updateTable('utilizadores')
      .set({ data_nascimento: `1992-${diaEmLisboa(agora).slice(5)}` })
      .where('id', '=', maria)
      .execute()
    const dados = await t.api('POST', '/api/dev/aniversarios', { agora: agora.toISOString() })
    expect(dados.json(), dados.body).toEqual({ data: { dados: 1 } })
  })
  afterAll(() => t.close())

  function example(path: string, method = 'post') {
    const op = document.paths[path]?.[method]
    const success = Object.entries(op?.responses ?? {}).find(([status]) => Number(status) < 300)
    return {
      request: op?.requestBody?.content['application/json']?.example,
      response: success && Object.values(success[1].content ?? {})[0]?.example,
      status: Number(success?.[0]),
    }
  }

  /** Sends the documented request (with `over` for the scene's ids) and compares the answer with the documented one. */
  async function exchange(method: 'GET' | 'POST' | 'PUT', path: string, url = path, over: object = {}) {
    const { request, response, status } = example(path, method.toLowerCase())
    expect(response, `${method} ${path} has a response example`).toBeDefined()
    const res = await t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${chave}`, 'idempotency-key': `exemplo-${sent.size}` },
      ...(request === undefined ? {} : { payload: { ...(request as object), ...over } }),
    })
    expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(status)
    expect(stable(res.json()), `${method} ${path}`).toEqual(stable(response))
    sent.add(`${method} ${path}`)
    return res.json().data
  }

  it('each one answers as documented: menu, identification, purchase, refund, provisional account, orders', async () => {
    await exchange('PUT', '/api/loja/v1/ementa')
    // The menu example shows the fields of decision 0026, and the app's catalogue reads them as meant.
    const catalogo = (await t.api('GET', '/api/catalogo/862')).json().data as {
      categorias: { produtos: Record<string, unknown>[] }[]
    }
    const produtos = catalogo.categorias.flatMap((c) => c.produtos)
    expect(produtos.find((p) => p.nome === 'Bacalhau à Brás')).toMatchObject({
      meia_dose: true,
      pvp_meia_com_iva: 850,
      rotulo_meia: 'Meia dose',
      alergenios: [
        { codigo: 'ovos', nome: 'Ovos' },
        { codigo: 'peixes', nome: 'Peixes' },
      ],
      pode_conter: [{ codigo: 'leite', nome: 'Leite' }],
      tempo: 15,
      sugeridos: ['1002'],
      grupos_opcoes: [{ id: 'B', nome: 'Acompanhamento', min: 1, max: 1 }],
    })
    expect(produtos.find((p) => p.nome === 'Pastel de nata')).toMatchObject({ sugeridos: ['1002'] })
    const { cliente, identificacao } = await exchange('POST', '/api/loja/v1/clientes/identificar')
    const { transacao } = await exchange('POST', '/api/loja/v1/compras', undefined, {
      cliente_id: cliente.id,
      identificacao,
    })
    await exchange('POST', '/api/loja/v1/compras/{id}/devolucoes', `/api/loja/v1/compras/${transacao.id}/devolucoes`)
    // Its invoice, issued by the POS once the purchase was registered.
    await exchange('PUT', '/api/loja/v1/compras/{id}/documento', `/api/loja/v1/compras/${transacao.id}/documento`)
    await exchange('POST', '/api/loja/v1/clientes')

    // The order the examples show, placed in the app by a customer and paid (the MB WAY sandbox approves it).
    const app = device(t)
    const [comprador = 0] = await insertContas(t.database.db, ['936000111'], '135790')
    expect(comprador).toBeGreaterThan(0)
    expect(
      (await app.call('POST', '/login', { telemovel: '936000111', pais: '351', password: '135790' })).statusCode,
    ).toBe(200)
    const checkout = document.paths['/api/finaliza-encomenda']?.post?.requestBody?.content['application/json']?.example
    const placed = await app.call('POST', '/api/finaliza-encomenda', checkout, { 'idempotency-key': 'exemplo-app' })
    expect(placed.statusCode, placed.body).toBe(201)
    const [pagamento] = (await t.api('GET', '/api/dev/pagamentos')).json().data
    const aprovado = await t.api('POST', `/api/dev/pagamentos/${pagamento.id}/aprovar`)
    expect(aprovado.statusCode, aprovado.body).toBe(200)
    const [encomenda] = await exchange('GET', '/api/loja/v1/encomendas')
    await exchange('POST', '/api/loja/v1/encomendas/{id}/estado', `/api/loja/v1/encomendas/${encomenda.id}/estado`)
    await exchange('POST', '/api/loja/v1/encomendas/{id}/cancelar', `/api/loja/v1/encomendas/${encomenda.id}/cancelar`)
    // The invoice of its payment, which the cancellation's credit note will match (after the board's examples, whose
    // orders show none yet).
    await exchange('PUT', '/api/loja/v1/encomendas/{id}/documento', `/api/loja/v1/encomendas/${encomenda.id}/documento`)

    // Every Store API operation with an example was sent (the stream is a stream: its events are the list's items).
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op.tags[0] === 'Store API' && path !== '/api/loja/v1/encomendas/stream')
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    )
    expect([...sent].sort()).toEqual(documented.sort())
  })
})
