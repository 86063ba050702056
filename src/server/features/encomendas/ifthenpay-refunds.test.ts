import { beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, testDialects } from '../../testing/harness.ts'
import type { IfthenpayServer } from '../../testing/ifthenpay-server.ts'
import { type ManualClock, MINUTO, setupIfthenpay } from './testing.ts'

describe.each(testDialects())('orders paid through ifthenpay (a local ifthenpay API) on %s', (dialect) => {
  const scene = setupIfthenpay(dialect)
  const { encomendar, pedidoDb, cancelar, paga } = scene
  let t: TestApp
  let api: IfthenpayServer
  let clock: ManualClock

  beforeEach(() => {
    ;({ t, api, clock } = scene)
  })

  it('the store cancels a paid order: ifthenpay refunds it; a refused refund is tried again later, once', async () => {
    const order = await encomendar()
    const requestId = api.pedidos.at(-1)?.requestId ?? ''
    api.pagar(requestId)
    await t.app.reconciliarPagamentos()
    api.semFundos = true
    const cancel = await cancelar(order.orderId, 'c1')
    expect(cancel.statusCode, cancel.body).toBe(200)
    expect(api.pedidos.at(-1)?.refunded).toEqual([])
    expect(await pedidoDb(order.orderId)).toMatchObject({ reembolso_estado: 'a-reembolsar' })
    api.semFundos = false
    // Tried again after a minute, not before.
    await t.app.reconciliarPagamentos()
    expect(api.reembolsos).toBe(1)
    clock.advance(MINUTO + 1000)
    await t.app.reconciliarPagamentos()
    expect(api.pedidos.at(-1)?.refunded).toEqual(['2.60'])
    expect(await pedidoDb(order.orderId)).toMatchObject({ reembolso_estado: 'reembolsado', verificar_em: null })
    clock.advance(10 * MINUTO)
    await t.app.reconciliarPagamentos()
    await cancelar(order.orderId, 'c1')
    expect(api.pedidos.at(-1)?.refunded).toEqual(['2.60'])
    expect(api.reembolsos).toBe(2)
  })

  it('a cancel, its replay and the reconciliation racing send one refund to ifthenpay', async () => {
    const order = await paga()
    // A slow refund: the others arrive while it is on its way.
    api.atrasos.reembolso = 300
    const results = await Promise.all([
      cancelar(order.orderId, 'c1'),
      cancelar(order.orderId, 'c1'),
      t.app.reconciliarPagamentos(),
      (async () => {
        await new Promise((resolve) => setTimeout(resolve, 100))
        await Promise.all([cancelar(order.orderId, 'c1'), t.app.reconciliarPagamentos(), t.app.reconciliarPagamentos()])
      })(),
    ])
    expect(results.slice(0, 2).map((r) => (r as { statusCode: number }).statusCode)).toEqual([200, 200])
    expect(api.reembolsos).toBe(1)
    expect(api.pedidos.at(-1)?.refunded).toEqual(['2.60'])
    clock.advance(2 * MINUTO)
    await Promise.all([t.app.reconciliarPagamentos(), t.app.reconciliarPagamentos(), cancelar(order.orderId, 'c1')])
    expect(api.reembolsos).toBe(1)
    expect(await pedidoDb(order.orderId)).toMatchObject({ estado: -9, reembolso_estado: 'reembolsado' })
  })

  it('a refund whose outcome is unknown (a 5xx) is never sent again by itself', async () => {
    const order = await paga()
    api.falhar = true
    expect((await cancelar(order.orderId, 'c1')).statusCode).toBe(200)
    api.falhar = false
    expect(api.reembolsos).toBe(1)
    expect(await pedidoDb(order.orderId)).toMatchObject({ estado: -9, reembolso_estado: 'reembolsando' })
    for (const passo of [MINUTO, 2 * 60 * MINUTO, 25 * 60 * MINUTO]) {
      clock.advance(passo)
      await t.app.reconciliarPagamentos()
      await cancelar(order.orderId, 'c1')
    }
    // Left for an operator (the log reminds them daily): not a second refund.
    expect(api.reembolsos).toBe(1)
    expect(await pedidoDb(order.orderId)).toMatchObject({ reembolso_estado: 'reembolsando' })
  })
})
