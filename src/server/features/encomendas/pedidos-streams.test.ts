import type { AddressInfo } from 'node:net'
import { beforeEach, describe, expect, it } from 'vitest'
import { lojasChavesRepo } from '../../platform/store-keys.ts'
import { pedidoDeTeste as pedidoBase } from '../../testing/ementa.ts'
import { type device, type TestApp, testDialects } from '../../testing/harness.ts'
import { sseReader as reader } from '../../testing/sse.ts'
import { setupOrders } from './testing.ts'

describe.each(testDialects())('orders: checkout, MB WAY sandbox, the board on %s', (dialect) => {
  const scene = setupOrders(dialect)
  const { finalizar, pagamentos, responder, loja, clock } = scene
  let t: TestApp
  let cliente: ReturnType<typeof device>
  let chaveLoja: string
  let chaveOutra: string

  beforeEach(() => {
    ;({ t, cliente, chaveLoja, chaveOutra } = scene)
  })

  it("streams the customer's order changes over /api/eventos, and the store's over its stream", async () => {
    const { orderData } = (await finalizar(pedidoBase())).json().data
    const id = orderData.orderId as number
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
    const customerStream = await fetch(`${base}/api/eventos?v=1.0`, {
      headers: { cookie: `balcao_sessao=${cliente.cookie}` },
    })
    expect(customerStream.status).toBe(200)
    expect(customerStream.headers.get('content-type')).toContain('text/event-stream')
    const storeStream = await fetch(`${base}/api/loja/v1/encomendas/stream`, {
      headers: { authorization: `Bearer ${chaveLoja}` },
    })
    const ler = reader(customerStream)
    const lerLoja = reader(storeStream)

    await responder((await pagamentos())[0].id, 'aprovar')
    expect(await ler.next('encomenda')).toEqual({ orderId: id, status: -1 })
    expect(await lerLoja.next('encomenda')).toMatchObject({ id, estado: -1, nome: 'Ana Silva' })
    await loja('POST', `/encomendas/${id}/estado`, { estado: 1 }, 'a')
    expect(await ler.next('encomenda')).toEqual({ orderId: id, status: 1 })
    expect(await lerLoja.next('encomenda')).toMatchObject({ id, estado: 1 })
    await loja('POST', `/encomendas/${id}/estado`, { estado: 2 }, 'b')
    expect(await ler.next('encomenda')).toEqual({ orderId: id, status: 2 })
    expect(await lerLoja.next('encomenda')).toMatchObject({ id, estado: 2 })
    // A board that connects now gets the ready order among the open ones: it waits in its column to be collected.
    const outroQuadro = reader(
      await fetch(`${base}/api/loja/v1/encomendas/stream`, { headers: { authorization: `Bearer ${chaveLoja}` } }),
    )
    expect(await outroQuadro.next('encomenda')).toMatchObject({ id, estado: 2 })
    outroQuadro.cancel()
    await loja('POST', `/encomendas/${id}/estado`, { estado: 3 }, 'c')
    expect(await ler.next('encomenda')).toEqual({ orderId: id, status: 3 })
    expect(await lerLoja.next('encomenda')).toMatchObject({ id, estado: 3 })

    // Without a session there is no stream.
    expect((await fetch(`${base}/api/eventos?v=1.0`)).status).toBe(401)
    ler.cancel()
    lerLoja.cancel()
  })

  it("ends a store's stream once its key is revoked, and a tablet's board once its session ends", async () => {
    await finalizar(pedidoBase())
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
    // A tablet paired with the other store's key, and its board.
    const entrar = await t.app.inject({ method: 'POST', url: '/painel/api/entrar', payload: { chave: chaveOutra } })
    const tablet = entrar.cookies.find((c) => c.name === 'balcao_painel')?.value ?? ''
    const board = await fetch(`${base}/painel/api/encomendas/stream`, {
      headers: { cookie: `balcao_painel=${tablet}` },
    })
    expect(board.status).toBe(200)
    const storeStream = await fetch(`${base}/api/loja/v1/encomendas/stream`, {
      headers: { authorization: `Bearer ${chaveLoja}` },
    })
    expect(storeStream.status).toBe(200)
    const lerLoja = reader(storeStream)
    const lerBoard = reader(board)
    expect(await lerLoja.ended(300)).toBe(false)

    // The key is revoked while the stream is open: the next event (this order paid) is not sent; the stream ends.
    expect(await lojasChavesRepo(t.database.db, clock).revoke('pos-862')).toBe(true)
    await responder((await pagamentos())[0].id, 'aprovar')
    expect(await lerLoja.ended()).toBe(true)
    expect(
      (await fetch(`${base}/api/loja/v1/encomendas/stream`, { headers: { authorization: `Bearer ${chaveLoja}` } }))
        .status,
    ).toBe(401)

    // The tablet signs out elsewhere (its session revoked): its open board ends at the next event.
    expect(await lerBoard.ended(300)).toBe(false)
    const sair = await t.app.inject({
      method: 'POST',
      url: '/painel/api/sair',
      headers: { cookie: `balcao_painel=${tablet}` },
      payload: { value: true },
    })
    expect(sair.statusCode).toBe(200)
    const segunda = (await finalizar(pedidoBase({ id_loja: 848 }), 'k-848')).json().data.orderData
    await responder(
      (await pagamentos()).find((p: { valor: number; estado: string }) => p.estado === 'pendente').id,
      'aprovar',
    )
    expect(segunda.id_loja).toBe(848)
    expect(await lerBoard.ended()).toBe(true)
  })
})
