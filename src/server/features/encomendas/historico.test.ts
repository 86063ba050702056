import { beforeEach, describe, expect, it } from 'vitest'
import { ENCOMENDAS_PAGINA, type EncomendaCliente } from '../../../shared/pedido.ts'
import { pedidoDeTeste } from '../../testing/ementa.ts'
import { insertContas } from '../../testing/fixtures.ts'
import { device, type TestApp, testDialects } from '../../testing/harness.ts'
import { setupOrders } from './testing.ts'

/**
 * 'As minhas encomendas' (`GET /api/encomendas`): the signed-in customer's own orders, newest first, with their state,
 * store, total and lines, a page at a time.
 */
describe.each(testDialects())("the customer's orders on %s", (dialect) => {
  const scene = setupOrders(dialect)
  const { finalizar, pagamentos, responder, loja } = scene
  let t: TestApp

  beforeEach(() => {
    t = scene.t
  })

  const historico = async (d = scene.cliente, antes?: number) => {
    const res = await d.call('GET', `/api/encomendas${antes === undefined ? '' : `?antes=${antes}`}`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data as { encomendas: EncomendaCliente[]; seguinte: number | null }
  }

  it('lists them newest first with state, store, total and lines, and only theirs', async () => {
    expect(await historico()).toEqual({ encomendas: [], seguinte: null })
    const primeira = await finalizar(pedidoDeTeste(), 'h1')
    expect(primeira.statusCode, primeira.body).toBe(201)
    const paga = (await pagamentos()).find((p: { estado: string }) => p.estado === 'pendente')
    await responder(paga.id, 'aprovar')
    const id1 = primeira.json().data.orderData.orderId as number
    expect((await loja('POST', `/encomendas/${id1}/estado`, { estado: 1 }, 'e1')).statusCode).toBe(200)
    // A second, at the other store, still waiting for its payment.
    const segunda = await finalizar(pedidoDeTeste({ id_loja: 848, id_tipo_entrega: 1 }), 'h2')
    expect(segunda.statusCode, segunda.body).toBe(201)
    const id2 = segunda.json().data.orderData.orderId as number

    const { encomendas, seguinte } = await historico()
    expect(seguinte).toBeNull()
    expect(encomendas.map((e) => [e.orderId, e.status, e.loja, e.total, e.id_tipo_entrega])).toEqual([
      [id2, -3, 'baixa', 790, 1],
      [id1, 1, 'chiado', 790, 0],
    ])
    expect(encomendas[1]?.linhas.map((l) => [l.qtd, l.produto])).toEqual([
      [2, 'Galão'],
      [3, 'Pastel de nata'],
    ])
    // Each as its own screen reads it.
    const uma = await scene.cliente.call('GET', `/api/encomendas/${id1}`)
    expect(encomendas[1]).toEqual(uma.json().data)

    // Another customer sees none of them; nobody signed out sees any.
    await insertContas(t.database.db, ['919999999'], '135790')
    const outro = device(t, '203.0.113.20')
    expect(
      (await outro.call('POST', '/login', { telemovel: '919999999', pais: '351', password: '135790' })).statusCode,
    ).toBe(200)
    expect(await historico(outro)).toEqual({ encomendas: [], seguinte: null })
    expect((await device(t, '203.0.113.30').call('GET', '/api/encomendas')).statusCode).toBe(401)
  })

  it('pages through many, a page at a time, and refuses a cursor that is not an id', async () => {
    const res = await finalizar(pedidoDeTeste(), 'base')
    expect(res.statusCode, res.body).toBe(201)
    // A regular's year of orders: copies of the first (the checkout's own limit is about minutes, not years).
    const { id: _id, ...linha } = await t.database.db
      .selectFrom('encomendas')
      .selectAll()
      .where('id', '=', res.json().data.orderData.orderId)
      .executeTakeFirstOrThrow()
    const total = ENCOMENDAS_PAGINA * 2 + 3
    for (let i = 1; i < total; i++) {
      await t.database.db
        .insertInto('encomendas')
        .values({
          ...linha,
          chave_idempotencia: `copia-${i}`,
          pagamento_id: linha.pagamento_id && `${linha.pagamento_id}-${i}`,
        })
        .execute()
    }
    const vistas: number[] = []
    let antes: number | undefined
    for (let pagina = 0; pagina < 5; pagina++) {
      const { encomendas, seguinte } = await historico(scene.cliente, antes)
      vistas.push(...encomendas.map((e) => e.orderId))
      if (seguinte === null) break
      expect(encomendas).toHaveLength(ENCOMENDAS_PAGINA)
      antes = seguinte
    }
    expect(vistas).toHaveLength(total)
    expect(vistas).toEqual([...vistas].sort((a, b) => b - a))
    expect(new Set(vistas).size).toBe(total)

    for (const mau of ['abc', '-1', '0', '1.5', '99999999999']) {
      expect((await scene.cliente.call('GET', `/api/encomendas?antes=${mau}`)).statusCode, mau).toBe(400)
    }
  })

  it("gives 'Repetir' an order's lines by the menu's codes and names, only the customer's own", async () => {
    const res = await finalizar(pedidoDeTeste({ id_tipo_entrega: 1 }), 'r1')
    expect(res.statusCode, res.body).toBe(201)
    const id = res.json().data.orderData.orderId as number
    const repetir = async (d = scene.cliente) => d.call('GET', `/api/encomendas/${id}/repetir`)
    const lida = await repetir()
    expect(lida.statusCode, lida.body).toBe(200)
    expect(lida.json().data).toEqual({
      orderId: id,
      id_loja: 862,
      id_tipo_entrega: 1,
      linhas: [
        {
          id: '1002',
          qtd: 2,
          complementares: ['C1'],
          opcoes: ['A2'],
          porcao: 'dose',
          observacoes: null,
          produto: 'Galão',
          nomes_complementos: ['Leite de aveia'],
          nomes_opcoes: ['Sem açúcar'],
        },
        {
          id: '1001',
          qtd: 3,
          complementares: [],
          opcoes: [],
          porcao: 'dose',
          observacoes: null,
          produto: 'Pastel de nata',
          nomes_complementos: [],
          nomes_opcoes: [],
        },
      ],
    })

    // Kept by the menu's codes and quantities only (the note stays with the priced lines, never copied; the quantities
    // are what a product's promotion counts).
    const { carrinho } = await t.database.db
      .selectFrom('encomendas')
      .select('carrinho')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(JSON.parse(carrinho ?? 'null')).toEqual([
      { id: '1002', qtd: 2, complementares: ['C1'], opcoes: ['A2'] },
      { id: '1001', qtd: 3, complementares: [], opcoes: [] },
    ])

    // An order placed before the codes were kept: by its names alone.
    await t.database.db.updateTable('encomendas').set({ carrinho: null }).where('id', '=', id).execute()
    expect((await repetir()).json().data.linhas.map((l: { id: string | null }) => l.id)).toEqual([null, null])

    await insertContas(t.database.db, ['919999998'], '135790')
    const outro = device(t, '203.0.113.21')
    await outro.call('POST', '/login', { telemovel: '919999998', pais: '351', password: '135790' })
    expect((await repetir(outro)).statusCode).toBe(404)
    expect((await repetir(device(t, '203.0.113.31'))).statusCode).toBe(401)
    expect((await scene.cliente.call('GET', '/api/encomendas/999999/repetir')).statusCode).toBe(404)
  })
})
