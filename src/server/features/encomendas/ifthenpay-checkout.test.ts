import { beforeEach, describe, expect, it } from 'vitest'
import { insertSaldo } from '../../testing/fixtures.ts'
import { type TestApp, testDialects } from '../../testing/harness.ts'
import type { IfthenpayServer } from '../../testing/ifthenpay-server.ts'
import { type ManualClock, MINUTO, setupIfthenpay } from './testing.ts'

describe.each(testDialects())('orders paid through ifthenpay (a local ifthenpay API) on %s', (dialect) => {
  const scene = setupIfthenpay(dialect)
  const { checkout, estado, compras, pedidoDb, saldo, quadro, callback } = scene
  let t: TestApp
  let api: IfthenpayServer
  let clock: ManualClock
  let clienteId: number

  beforeEach(() => {
    ;({ t, api, clock, clienteId } = scene)
  })

  it('a request ifthenpay refuses cancels the order, gives the balance back and says so on the phone field', async () => {
    await insertSaldo(t.database.db, clienteId, 100)
    // A Spanish number must be valid for Spain: refused before asking ifthenpay.
    const spanish = await checkout({ telemovel: '912345678', pais: '34' }, 'x')
    expect(spanish.statusCode).toBe(400)
    expect(api.chamadas).toEqual([])

    api.semMbway.add('934444444')
    const refused = await checkout({ telemovel: '934444444', usar_premio: 1 }, 'y')
    expect(refused.statusCode, refused.body).toBe(422)
    expect(refused.json().error.fields).toEqual({
      telemovel: 'O MB WAY não aceitou o pedido de pagamento. Confirme o número de telemóvel.',
    })
    expect(api.chamadas).toEqual(['POST /spg/payment/mbway'])
    const [recusada] = await t.database.db.selectFrom('encomendas').selectAll().execute()
    expect(recusada).toMatchObject({ estado: -9, pagamento_estado: 'recusado', pagamento_id: null, desconto: 100 })
    expect(await saldo()).toBe(100)
  })

  it('ifthenpay down at checkout: 502; the order waits until its request could have expired, then gives the balance back', async () => {
    await insertSaldo(t.database.db, clienteId, 100)
    api.falhar = true
    const down = await checkout({ usar_premio: 1 })
    api.falhar = false
    expect(down.statusCode).toBe(502)
    expect(down.json().error.message).toBe('Não foi possível submeter o carrinho. Tente mais tarde')
    const [pedido] = await t.database.db.selectFrom('encomendas').selectAll().execute()
    expect(pedido).toMatchObject({ estado: -3, pagamento_estado: 'a-pedir' })
    expect(await saldo()).toBe(0)
    // Not after a minute: the request may have reached the phone, which has 4 minutes to answer.
    clock.advance(MINUTO + 1000)
    await t.app.reconciliarPagamentos()
    expect(await estado(pedido?.id ?? 0)).toBe(-3)
    clock.advance(6 * MINUTO)
    await t.app.reconciliarPagamentos()
    expect(await pedidoDb(pedido?.id ?? 0)).toMatchObject({
      estado: -9,
      pagamento_estado: 'expirado',
      motivo: 'Não foi possível pedir o pagamento MB WAY.',
    })
    expect(await saldo()).toBe(100)
  })

  it('a request made but answered with a 5xx: its payment is found by its reference, confirmed, and the order paid', async () => {
    api.criarSemResposta = true
    const res = await checkout()
    api.criarSemResposta = false
    expect(res.statusCode).toBe(502)
    const pedido = api.pedidos.at(-1)
    const requestId = pedido?.requestId ?? ''
    const [order] = await t.database.db.selectFrom('encomendas').selectAll().execute()
    expect(order).toMatchObject({ estado: -3, pagamento_estado: 'a-pedir', pagamento_id: null })
    const id = order?.id ?? 0

    // Not paid yet: the status call says so, nothing is recorded.
    expect((await callback(requestId)).status).toBe(200)
    expect(await pedidoDb(id)).toMatchObject({ estado: -3, pagamento_id: null })
    api.pagar(requestId)
    expect((await callback(requestId)).status).toBe(200)
    expect(await pedidoDb(id)).toMatchObject({ estado: -1, pagamento_estado: 'pago', pagamento_id: requestId })
    await Promise.all([callback(requestId), callback(requestId), t.app.reconciliarPagamentos()])
    expect(await compras()).toHaveLength(1)
    expect((await quadro()).map((e) => e.id)).toEqual([id])
    expect(api.reembolsos).toBe(0)
  })

  it('a request made but never recorded, paid after the order was given up: refunded once, never on the board', async () => {
    await insertSaldo(t.database.db, clienteId, 100)
    api.criarSemResposta = true
    expect((await checkout({ usar_premio: 1 })).statusCode).toBe(502)
    api.criarSemResposta = false
    const requestId = api.pedidos.at(-1)?.requestId ?? ''
    const [order] = await t.database.db.selectFrom('encomendas').selectAll().execute()
    const id = order?.id ?? 0
    clock.advance(7 * MINUTO)
    await t.app.reconciliarPagamentos()
    expect(await pedidoDb(id)).toMatchObject({ estado: -9, pagamento_estado: 'expirado' })
    expect(await saldo()).toBe(100)

    // The customer paid on the phone after all (late): ifthenpay calls back.
    api.pagar(requestId)
    api.atrasos.reembolso = 200
    await Promise.all([callback(requestId), callback(requestId), t.app.reconciliarPagamentos()])
    await callback(requestId)
    expect(api.reembolsos).toBe(1)
    expect(api.pedidos.at(-1)?.refunded).toEqual([api.pedidos.at(-1)?.amount])
    expect(await pedidoDb(id)).toMatchObject({
      estado: -9,
      pagamento_estado: 'pago',
      pagamento_id: requestId,
      reembolso_estado: 'reembolsado',
    })
    expect(await compras()).toHaveLength(0)
    expect(await saldo()).toBe(100)
    expect(await quadro()).toEqual([])
  })

  it('given up while ifthenpay was still being asked: the late request is recorded, confirmed and refunded if paid', async () => {
    api.atrasos.criar = 1500
    const pendente = checkout()
    // The request is on its way to ifthenpay when the process stalls past its expiry and the sweep gives it up.
    for (let i = 0; i < 100 && !api.chamadas.includes('POST /spg/payment/mbway'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    clock.advance(7 * MINUTO)
    await t.app.reconciliarPagamentos()
    const [order] = await t.database.db.selectFrom('encomendas').selectAll().execute()
    const id = order?.id ?? 0
    expect(order).toMatchObject({ estado: -9, pagamento_id: null })
    const res = await pendente
    api.atrasos.criar = 0
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().data.orderData).toMatchObject({ status: -9, pagamento: null })
    const requestId = api.pedidos.at(-1)?.requestId ?? ''
    expect(await pedidoDb(id)).toMatchObject({ estado: -9, pagamento_id: requestId })

    // Still pending at ifthenpay: asked again later, with a growing wait.
    await t.app.reconciliarPagamentos()
    expect(await pedidoDb(id)).toMatchObject({ estado: -9, pagamento_estado: 'expirado', reembolso_estado: null })
    api.pagar(requestId)
    clock.advance(2 * MINUTO)
    await t.app.reconciliarPagamentos()
    expect(api.pedidos.at(-1)?.refunded).toEqual(['2.60'])
    expect(await pedidoDb(id)).toMatchObject({ estado: -9, pagamento_estado: 'pago', reembolso_estado: 'reembolsado' })
    expect(await quadro()).toEqual([])
  })
})
