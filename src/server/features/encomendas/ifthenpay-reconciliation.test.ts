import { beforeEach, describe, expect, it } from 'vitest'
import { insertSaldo } from '../../testing/fixtures.ts'
import { type TestApp, testDialects } from '../../testing/harness.ts'
import type { IfthenpayServer } from '../../testing/ifthenpay-server.ts'
import { type ManualClock, MINUTO, setupIfthenpay, TELEMOVEL } from './testing.ts'

describe.each(testDialects())('orders paid through ifthenpay (a local ifthenpay API) on %s', (dialect) => {
  const scene = setupIfthenpay(dialect)
  const { encomendar, estado, compras, pedidoDb, saldo, erros } = scene
  let t: TestApp
  let api: IfthenpayServer
  let clock: ManualClock
  let clienteId: number

  beforeEach(() => {
    ;({ t, api, clock, clienteId } = scene)
  })

  it('an answer ifthenpay cannot give past the expiry: the order is given up (balance back) and asked about later', async () => {
    await insertSaldo(t.database.db, clienteId, 100)
    const order = await encomendar({ usar_premio: 1 })
    const requestId = api.pedidos.at(-1)?.requestId ?? ''
    api.falhar = true
    await t.app.reconciliarPagamentos()
    expect(await estado(order.orderId)).toBe(-3)
    clock.advance(7 * MINUTO)
    await t.app.reconciliarPagamentos()
    expect(await pedidoDb(order.orderId)).toMatchObject({ estado: -9, pagamento_estado: 'expirado' })
    expect(await saldo()).toBe(100)
    api.falhar = false
    // It had been paid: the next ask finds it and refunds it.
    api.pagar(requestId)
    clock.advance(MINUTO + 1000)
    await t.app.reconciliarPagamentos()
    expect(api.pedidos.at(-1)?.refunded).toEqual([api.pedidos.at(-1)?.amount])
    expect(await pedidoDb(order.orderId)).toMatchObject({ estado: -9, reembolso_estado: 'reembolsado' })
    expect(await compras()).toHaveLength(0)
  })

  it("the customer's read past the expiry asks ifthenpay, at most once in 5 s: a request paid at the last second is paid", async () => {
    const order = await encomendar()
    const requestId = api.pedidos.at(-1)?.requestId ?? ''
    const perguntas = () => api.chamadas.filter((c) => c === 'GET /spg/payment/mbway/status').length
    // Before the expiry a read asks nothing: the callback and the reconciliation do.
    expect(await estado(order.orderId)).toBe(-3)
    expect(perguntas()).toBe(0)
    clock.advance(4 * MINUTO)
    expect(await estado(order.orderId)).toBe(-3)
    expect(perguntas()).toBe(1)
    // Accepted in its last second; ifthenpay's callback is late.
    api.pagar(requestId)
    clock.advance(4_999)
    expect(await Promise.all([estado(order.orderId), estado(order.orderId)])).toEqual([-3, -3])
    expect(perguntas()).toBe(1)
    clock.advance(1)
    expect(await estado(order.orderId)).toBe(-1)
    expect(perguntas()).toBe(2)
    expect(await compras()).toHaveLength(1)
    // Settled: reads ask nothing more.
    clock.advance(10_000)
    expect(await estado(order.orderId)).toBe(-1)
    expect(perguntas()).toBe(2)
  })

  it("the customer's read past the expiry of a request ifthenpay says expired gives the order up now, the balance back", async () => {
    await insertSaldo(t.database.db, clienteId, 100)
    const order = await encomendar({ usar_premio: 1 })
    expect(await saldo()).toBe(0)
    api.expirar(api.pedidos.at(-1)?.requestId ?? '')
    // Within the margin for late callbacks (2 min): the provider's definitive word does not wait for it.
    clock.advance(4 * MINUTO + 1000)
    expect(await estado(order.orderId)).toBe(-9)
    expect(await pedidoDb(order.orderId)).toMatchObject({ pagamento_estado: 'expirado', motivo: expect.any(String) })
    expect(await saldo()).toBe(100)
    expect(await compras()).toHaveLength(0)
  })

  it('orders that settle nothing do not starve the others, and are given up past the expiry', async () => {
    await insertSaldo(t.database.db, clienteId, 100)
    const db = t.database.db
    const preso = await encomendar({ usar_premio: 1 })
    // ifthenpay knows nothing of its request (answers 999): never settled by a status call.
    await db.updateTable('encomendas').set({ pagamento_id: 'perdido' }).where('id', '=', preso.orderId).execute()
    const antes = '2026-11-23T11:59:00.000Z'
    const base = {
      utilizador_id: clienteId,
      id_loja: 862,
      estado: -3,
      id_tipo_entrega: 0,
      nome: 'Ana',
      email: 'ana@example.pt',
      telemovel: TELEMOVEL,
      pais: '351',
      linhas: '[]',
      total: 130,
      desconto: 0,
      valor_pago: 130,
      pagamento_provider: 'ifthenpay',
      pagamento_estado: 'pendente' as const,
      pedido_hash: 'x',
      criada_em: antes,
      atualizada_em: antes,
      expira_em: '2026-11-23T12:03:00.000Z',
      verificar_em: antes,
    }
    for (let i = 0; i < 250; i += 50) {
      await db
        .insertInto('encomendas')
        .values(
          Array.from({ length: 50 }, (_, j) => ({
            ...base,
            pagamento_id: `perdido-${i + j}`,
            chave_idempotencia: `preso-${i + j}`,
          })),
        )
        .execute()
    }
    const order = await encomendar()
    const requestId = api.pedidos.at(-1)?.requestId ?? ''
    api.pagar(requestId)
    // No callback came: only the reconciliation can find it, behind 251 orders it cannot settle.
    clock.advance(1000)
    await t.app.reconciliarPagamentos()
    clock.advance(1000)
    await t.app.reconciliarPagamentos()
    expect(await estado(order.orderId)).toBe(-1)

    clock.advance(7 * MINUTO)
    for (let i = 0; i < 3; i++) await t.app.reconciliarPagamentos()
    const pendentes = await db
      .selectFrom('encomendas')
      .select('id')
      .where('pagamento_estado', 'in', ['a-pedir', 'pendente'])
      .execute()
    expect(pendentes).toEqual([])
    expect(await pedidoDb(preso.orderId)).toMatchObject({ estado: -9, pagamento_estado: 'expirado' })
    expect(await saldo()).toBe(100 + 13)
  })

  it('an order whose reconciliation keeps failing goes to the back each time; the others are still settled', async () => {
    const db = t.database.db
    // An order the ledger cannot settle (its balance used exceeds its total): its purchase throws every time.
    const r = api.criarOutro('E999', '1.00')
    api.pagar(r)
    const antes = '2026-11-23T11:59:00.000Z'
    const quebrada = await db
      .insertInto('encomendas')
      .values({
        utilizador_id: clienteId,
        id_loja: 862,
        estado: -3,
        id_tipo_entrega: 0,
        nome: 'Ana',
        email: 'ana@example.pt',
        telemovel: TELEMOVEL,
        pais: '351',
        linhas: '[]',
        total: 100,
        desconto: 200,
        valor_pago: 100,
        pagamento_provider: 'ifthenpay',
        pagamento_id: r,
        pagamento_estado: 'pendente',
        chave_idempotencia: 'quebrada',
        pedido_hash: 'x',
        criada_em: antes,
        atualizada_em: antes,
        expira_em: '2026-11-23T12:03:00.000Z',
        verificar_em: antes,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const order = await encomendar()
    api.pagar(api.pedidos.at(-1)?.requestId ?? '')
    clock.advance(1000)
    await t.app.reconciliarPagamentos()
    expect(await estado(order.orderId)).toBe(-1)
    const depois = await pedidoDb(quebrada.id)
    expect(depois).toMatchObject({ estado: -3, tentativas: 1 })
    expect(Date.parse(depois.verificar_em ?? '')).toBeGreaterThan(clock.now().getTime())
    // Not taken again before then.
    expect(await t.app.reconciliarPagamentos()).toBe(0)
    expect(erros().some((l) => l.encomenda === quebrada.id)).toBe(true)
  })
})
