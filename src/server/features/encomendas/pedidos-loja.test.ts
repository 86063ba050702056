import { beforeEach, describe, expect, it } from 'vitest'
import * as encomendasEntregues from '../../db/migrations/2026-12-05T0000-encomendas-entregues.ts'
import { pedidoDeTeste as pedidoBase, TOTAL_DE_TESTE as TOTAL } from '../../testing/ementa.ts'
import { insertSaldo } from '../../testing/fixtures.ts'
import { device, type TestApp, testDialects } from '../../testing/harness.ts'
import { setupOrders } from './testing.ts'

describe.each(testDialects())('orders: checkout, MB WAY sandbox, the board on %s', (dialect) => {
  const scene = setupOrders(dialect)
  const { finalizar, pagamentos, responder, loja, saldo, clock } = scene
  let t: TestApp
  let cliente: ReturnType<typeof device>
  let clienteId: number
  let chaveLoja: string
  let chaveOutra: string

  beforeEach(() => {
    ;({ t, cliente, clienteId, chaveLoja, chaveOutra } = scene)
  })

  it('the store moves orders only forward, idempotently, and may cancel a paid one: refund and balance back', async () => {
    await insertSaldo(t.database.db, clienteId, 250)
    const { orderData } = (await finalizar(pedidoBase({ usar_premio: 1 }))).json().data
    const [pedido] = await pagamentos()
    await responder(pedido.id, 'aprovar')
    const id = orderData.orderId as number

    expect((await loja('POST', `/encomendas/${id}/estado`, { estado: 2 }, 'a')).statusCode).toBe(409)
    const prep = await loja('POST', `/encomendas/${id}/estado`, { estado: 1 }, 'b')
    expect(prep.statusCode, prep.body).toBe(200)
    expect(prep.json().data.encomenda.estado).toBe(1)
    // Replayed with its key: the same answer, nothing more.
    expect((await loja('POST', `/encomendas/${id}/estado`, { estado: 1 }, 'b')).json()).toEqual(prep.json())
    expect((await loja('POST', `/encomendas/${id}/estado`, { estado: 1 }, 'c')).statusCode).toBe(409)
    // Another store's key acting on this store's order: 403 (STORE-API.md "Common rules"); an unknown order: 404.
    const outra = await loja('POST', `/encomendas/${id}/estado`, { estado: 2 }, 'd', chaveOutra)
    expect(outra.statusCode).toBe(403)
    expect(outra.json().error.message).toBe('Esta encomenda pertence a outra loja.')
    expect((await loja('POST', `/encomendas/${id}/cancelar`, { motivo: 'x' }, 'd2', chaveOutra)).statusCode).toBe(403)
    expect((await loja('POST', '/encomendas/999999/estado', { estado: 2 }, 'd3')).statusCode).toBe(404)
    expect((await loja('POST', `/encomendas/${id}/estado`, { estado: 1 })).statusCode).toBe(409)
    // Unknown states are the contract's 409 too; a body that is no state at all, 400.
    for (const [i, estado] of [0, 3, 7, -3, -9].entries()) {
      const unknown = await loja('POST', `/encomendas/${id}/estado`, { estado }, `u-${i}`)
      expect(unknown.statusCode, `estado ${estado}`).toBe(409)
    }
    expect((await loja('POST', `/encomendas/${id}/estado`, { estado: 'pronto' }, 'v1')).statusCode).toBe(400)
    expect((await loja('POST', `/encomendas/${id}/estado`, { estado: 1.5 }, 'v2')).statusCode).toBe(400)
    expect((await loja('POST', `/encomendas/${id}/estado`, {}, 'v3')).statusCode).toBe(400)
    const [lida] = (await loja('GET', `/encomendas?estado=1`)).json().data
    expect(lida).toMatchObject({ id, estado: 1 })
    // Exactly STORE-API.md's fields: no pick-up times or table ordering yet, so 'as soon as possible', from no table.
    expect(Object.keys(lida).sort()).toEqual(
      [
        'id',
        'codigo',
        'estado',
        'criada_em',
        'id_tipo_entrega',
        'nome',
        'telemovel',
        'nif',
        'linhas',
        'total',
        'desconto',
        'valor_pago',
        'levantar_em',
        // Beside the contract's fields: when the kitchen starts an order for later (the board's 'Para mais tarde').
        'preparar_em',
        // And what a loyalty reward took off (decision 0051): the POS bills `total` − it − `desconto`.
        'desconto_premio',
        'mesa',
        'documentos',
        'verificar_idade',
        'embalagens',
        'recipiente_proprio',
      ].sort(),
    )
    // No fiscal document from the POS yet (STORE-API.md "Invoices").
    expect(lida).toMatchObject({ levantar_em: null, preparar_em: null, mesa: null, documentos: [] })
    // Take-away, but the test menu names no packaging and nothing for adults only: no contribution, no age to check.
    expect(lida).toMatchObject({ verificar_idade: false, embalagens: [], recipiente_proprio: false })
    expect(Object.keys(lida.linhas[0]).sort()).toEqual(
      ['produto', 'qtd', 'porcao', 'complementos', 'opcoes', 'observacoes', 'total'].sort(),
    )
    // The board's own actions answer with the same order.
    expect(prep.json().data.encomenda).toMatchObject({ levantar_em: null, mesa: null })
    const semChave = await t.app.inject({
      method: 'POST',
      url: `/api/loja/v1/encomendas/${id}/estado`,
      headers: { authorization: `Bearer ${chaveLoja}` },
      payload: { estado: 2 },
    })
    expect(semChave.statusCode).toBe(400)

    const cancel = await loja('POST', `/encomendas/${id}/cancelar`, { motivo: 'Sem leite de aveia' }, 'e')
    expect(cancel.statusCode, cancel.body).toBe(200)
    expect(cancel.json().data.encomenda.estado).toBe(-9)
    const cancelada = (await cliente.call('GET', `/api/encomendas/${id}`)).json().data
    expect(cancelada).toMatchObject({ status: -9, motivo: 'Sem leite de aveia' })
    // The balance used is back, the credit earned taken back; MB WAY refunded through the provider.
    expect(await saldo()).toBe(250)
    expect((await pagamentos())[0]).toMatchObject({ id: pedido.id, estado: 'pago' })
    const reembolso = await t.database.db
      .selectFrom('pagamentos_sandbox')
      .select('reembolsado')
      .executeTakeFirstOrThrow()
    expect(reembolso.reembolsado).toBe(TOTAL - 250)
    expect((await loja('POST', `/encomendas/${id}/cancelar`, { motivo: 'outra vez' }, 'f')).statusCode).toBe(409)
    expect((await loja('GET', '/encomendas')).json().data).toEqual([])
    // The customer is told, once, with what comes back.
    const avisos = (await cliente.call('GET', '/api/notificacoes')).json().data
    expect(avisos).toHaveLength(1)
    expect(avisos[0]).toMatchObject({ titulo: 'Pedido cancelado', ligacao: `/carrinho/confirmado?encomenda=${id}` })
    expect(avisos[0].texto).toContain(
      `cancelou o pedido n.º ${id}: Sem leite de aveia. Devolvemos-lhe 5,40\u00a0€ por MB WAY e 2,50\u00a0€ de saldo.`,
    )
  })

  it("limits the store's order writes per key (429 with Retry-After), as the till's", async () => {
    for (let i = 0; i < 300; i++) {
      const res = await loja('POST', '/encomendas/999999/estado', { estado: 1 }, `l-${i}`)
      expect(res.statusCode).toBe(404)
    }
    const demais = await loja('POST', '/encomendas/999999/cancelar', { motivo: 'x' }, 'l-300')
    expect(demais.statusCode).toBe(429)
    expect(Number(demais.headers['retry-after'])).toBeGreaterThan(0)
    expect((await loja('POST', '/encomendas/999999/estado', { estado: 1 }, 'l-301')).statusCode).toBe(429)
    // Another key is not held back by this one.
    expect((await loja('POST', '/encomendas/999999/estado', { estado: 1 }, 'l-0', chaveOutra)).statusCode).toBe(404)
    clock.advance(60_000)
    expect((await loja('POST', '/encomendas/999999/estado', { estado: 1 }, 'l-302')).statusCode).toBe(404)
  })

  it('tells the customer once when the order is ready', async () => {
    const { orderData } = (await finalizar(pedidoBase())).json().data
    await responder((await pagamentos())[0].id, 'aprovar')
    const id = orderData.orderId as number
    await loja('POST', `/encomendas/${id}/estado`, { estado: 1 }, 'a')
    expect((await cliente.call('GET', '/api/notificacoes')).json().data).toEqual([])
    await loja('POST', `/encomendas/${id}/estado`, { estado: 2 }, 'b')
    await loja('POST', `/encomendas/${id}/estado`, { estado: 2 }, 'b')
    const avisos = (await cliente.call('GET', '/api/notificacoes')).json().data
    expect(avisos.map((n: { titulo: string }) => n.titulo)).toEqual(['O seu pedido está pronto'])
    expect(avisos[0].texto).toBe(`<p>O pedido n.º ${id} está pronto: pode levantá-lo na chiado.</p>`) // the fixture store's name
  })

  it('a ready order cannot be cancelled; a guest cannot order', async () => {
    const { orderData } = (await finalizar(pedidoBase())).json().data
    await responder((await pagamentos())[0].id, 'aprovar')
    const id = orderData.orderId as number
    await loja('POST', `/encomendas/${id}/estado`, { estado: 1 }, 'a')
    await loja('POST', `/encomendas/${id}/estado`, { estado: 2 }, 'b')
    expect((await cliente.call('GET', `/api/encomendas/${id}`)).json().data.status).toBe(2)
    expect((await loja('POST', `/encomendas/${id}/cancelar`, { motivo: 'x' }, 'c')).statusCode).toBe(409)
    const guest = device(t, '203.0.113.99')
    expect((await finalizar(pedidoBase(), 'g', guest)).statusCode).toBe(401)
    expect((await guest.call('GET', `/api/encomendas/${id}`)).statusCode).toBe(401)
  })

  it('a ready order is collected (2 → 3 only): the customer reads it, it is not cancellable, nothing else is sent', async () => {
    const { orderData } = (await finalizar(pedidoBase())).json().data
    await responder((await pagamentos())[0].id, 'aprovar')
    const id = orderData.orderId as number
    // Never collected before it is ready: from received, nor from in preparation.
    expect((await loja('POST', `/encomendas/${id}/estado`, { estado: 3 }, 'x1')).statusCode).toBe(409)
    await loja('POST', `/encomendas/${id}/estado`, { estado: 1 }, 'a')
    const cedo = await loja('POST', `/encomendas/${id}/estado`, { estado: 3 }, 'x2')
    expect(cedo.statusCode).toBe(409)
    expect(cedo.json().error.message).toBe(
      'Esta encomenda já não está nesse passo: só avança de Recebida para Em preparação, depois para Pronta e depois para Entregue.',
    )
    await loja('POST', `/encomendas/${id}/estado`, { estado: 2 }, 'b')
    // Ready and not yet collected: still the store's to list, in its own state.
    expect((await loja('GET', '/encomendas?estado=2')).json().data.map((o: { id: number }) => o.id)).toEqual([id])
    const entregue = await loja('POST', `/encomendas/${id}/estado`, { estado: 3 }, 'c')
    expect(entregue.statusCode, entregue.body).toBe(200)
    expect(entregue.json().data.encomenda).toMatchObject({ id, estado: 3 })
    // Replayed with its key: the same answer; without it, 409 (it moves once); never back.
    expect((await loja('POST', `/encomendas/${id}/estado`, { estado: 3 }, 'c')).json()).toEqual(entregue.json())
    const outraVez = await loja('POST', `/encomendas/${id}/estado`, { estado: 3 }, 'd')
    expect(outraVez.statusCode).toBe(409)
    expect(outraVez.json().error.message).toBe('Esta encomenda já foi entregue.')
    for (const [i, estado] of [2, 1, -1].entries()) {
      expect((await loja('POST', `/encomendas/${id}/estado`, { estado }, `t-${i}`)).statusCode).toBe(409)
    }
    const cancelar = await loja('POST', `/encomendas/${id}/cancelar`, { motivo: 'x' }, 'e')
    expect(cancelar.statusCode).toBe(409)
    expect(cancelar.json().error.message).toBe('Esta encomenda já foi entregue: não pode ser cancelada.')
    // The customer's order reads it, in the spec's words on the app (estado-pedido.ts); the board's default list and
    // its ready ones no longer hold it; the store lists it when asked for collected orders.
    expect((await cliente.call('GET', `/api/encomendas/${id}`)).json().data).toMatchObject({ status: 3 })
    expect((await loja('GET', '/encomendas?estado=-1,1,2')).json().data).toEqual([])
    expect((await loja('GET', '/encomendas?estado=3')).json().data).toMatchObject([{ id, estado: 3 }])
    // Told when it was ready, not again when handed over at the counter.
    const avisos = (await cliente.call('GET', '/api/notificacoes')).json().data
    expect(avisos.map((n: { titulo: string }) => n.titulo)).toEqual(['O seu pedido está pronto'])
  })

  it("on upgrading, marks collected the orders made ready over an hour ago; the last hour's stay ready", async () => {
    const prontas: number[] = []
    for (const chave of ['m1', 'm2']) {
      const { orderData } = (await finalizar(pedidoBase(), chave)).json().data
      const pendente = (await pagamentos()).find((p: { estado: string }) => p.estado === 'pendente')
      await responder(pendente.id, 'aprovar')
      const id = orderData.orderId as number
      await loja('POST', `/encomendas/${id}/estado`, { estado: 1 }, `${chave}-1`)
      await loja('POST', `/encomendas/${id}/estado`, { estado: 2 }, `${chave}-2`)
      prontas.push(id)
    }
    const [antiga, recente] = prontas as [number, number]
    const db = t.database.db
    const horasAntes = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString()
    await db
      .updateTable('encomendas')
      .set({ atualizada_em: horasAntes(30) })
      .where('id', '=', antiga)
      .execute()
    await db
      .updateTable('encomendas')
      .set({ atualizada_em: horasAntes(0.25) })
      .where('id', '=', recente)
      .execute()
    await encomendasEntregues.up(db as never)
    const estados = await db.selectFrom('encomendas').select(['id', 'estado']).where('id', 'in', prontas).execute()
    expect(Object.fromEntries(estados.map((e) => [e.id, e.estado]))).toEqual({ [antiga]: 3, [recente]: 2 })
  })

  it('two tablets handing the same order over at once: one succeeds, the other is told; it is collected once', async () => {
    const { orderData } = (await finalizar(pedidoBase(), 'r1')).json().data
    await responder((await pagamentos())[0].id, 'aprovar')
    const id = orderData.orderId as number
    await loja('POST', `/encomendas/${id}/estado`, { estado: 1 }, 'r1-1')
    await loja('POST', `/encomendas/${id}/estado`, { estado: 2 }, 'r1-2')
    const respostas = await Promise.all(
      ['r1-a', 'r1-b', 'r1-c'].map((chave) => loja('POST', `/encomendas/${id}/estado`, { estado: 3 }, chave)),
    )
    expect(respostas.map((r) => r.statusCode).sort()).toEqual([200, 409, 409])
    const encomenda = await t.database.db
      .selectFrom('encomendas')
      .select(['estado'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(encomenda.estado).toBe(3)
  })
})
