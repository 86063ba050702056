import { beforeEach, describe, expect, it } from 'vitest'
import { aniversarioMensagens } from '../../../shared/premios-aniversario.ts'
import { pedidoDeTeste, TOTAL_DE_TESTE as TOTAL } from '../../testing/ementa.ts'
import { insertSaldo } from '../../testing/fixtures.ts'
import type { device, TestApp } from '../../testing/harness.ts'
import { testDialects } from '../../testing/harness.ts'
import { premioEncomendaMensagens } from './calculo.ts'
import { setupOrders } from './testing.ts'

/**
 * 'Usar o prémio de aniversário' at the checkout (decision 0053): the calculation names the birthday reward and what
 * it takes off; the checkout holds it with the order, the payment makes it the purchase's, a failed payment or the
 * store's cancel gives it back, an order the reward pays whole is a purchase at once, one reward serves one order when
 * checkouts race, and it is never used with the points' reward. The suite's clock: 23/11/2026, 12:00 UTC.
 */
describe.each(testDialects())('the birthday reward used on an order, on %s', (dialect) => {
  const scene = setupOrders(dialect)
  const { finalizar, pagamentos, responder } = scene
  let t: TestApp
  let cliente: ReturnType<typeof device>
  let clienteId: number

  beforeEach(() => {
    ;({ t, cliente, clienteId } = scene)
  })

  /** A birthday reward defined and given to the customer, usable until `ate`. */
  async function dar(
    premio: { nome: string; tipo: 'produto' | 'valor'; valor?: number; cod_produto?: string },
    ate = '2026-11-30',
  ) {
    const { id } = await t.database.db
      .insertInto('premios')
      .values({ finalidade: 'aniversario', criado_em: '2026-11-01T00:00:00.000Z', validade_dias: 7, ...premio })
      .returning('id')
      .executeTakeFirstOrThrow()
    await t.database.db
      .insertInto('premios_aniversario')
      .values({
        utilizador_id: clienteId,
        ano: 2026,
        premio_id: id,
        valido_de: '2026-11-23',
        valido_ate: ate,
        criado_em: '2026-11-23T00:00:00.000Z',
      })
      .execute()
  }
  const calcular = (over: Record<string, unknown> = {}) =>
    cliente.call('POST', '/api/calcula-encomenda', { id_loja: 862, cart: pedidoDeTeste().cart, ...over })
  const aniversario = async () =>
    (await cliente.call('POST', '/api/refresh-private-data', { value: true })).json().data.user.data.aniversario
  const linha = () =>
    t.database.db
      .selectFrom('premios_aniversario as a')
      .leftJoin('transacoes as m', 'm.id', 'a.transacao_id')
      .select(['m.tipo', 'm.referencia'])
      .where('a.utilizador_id', '=', clienteId)
      .executeTakeFirstOrThrow()
  const compras = () =>
    t.database.db
      .selectFrom('transacoes')
      .select(['valor_pago', 'desconto_premio', 'itens_redimidos', 'premio_nome'])
      .where('utilizador_id', '=', clienteId)
      .where('tipo', '=', 'compra')
      .execute()

  it('is named by the calculation, priced as one of its product in the cart, or says why nothing', async () => {
    expect((await calcular()).json().data.aniversario).toBeNull()
    await dar({ nome: 'Pastel de nata oferta', tipo: 'produto', cod_produto: '1001' })
    const oferta = (await calcular({ usar_premio_aniversario: 1 })).json().data
    expect(oferta.aniversario).toEqual({
      nome: 'Pastel de nata oferta',
      imagem: null,
      desconto: 130,
      aviso: null,
      valido_ate: '2026-11-30',
    })
    expect(oferta.loyaltyData.transaction).toMatchObject({ premio_discount: 130, total_paid: TOTAL - 130 })
    // Not asked for: nothing taken off.
    expect((await calcular()).json().data.loyaltyData.transaction.premio_discount).toBe(0)
    const semPastel = [{ id: '1002', qtd: 1, complementares: [], opcoes: [] }]
    const sem = (await calcular({ cart: semPastel, usar_premio_aniversario: 1 })).json().data
    expect(sem.aniversario).toMatchObject({
      desconto: 0,
      aviso: premioEncomendaMensagens.semProduto('Pastel de nata oferta'),
    })
    const recusada = await finalizar(pedidoDeTeste({ cart: semPastel, usar_premio_aniversario: 1 }))
    expect(recusada.statusCode).toBe(422)
    expect(recusada.json().error.fields).toEqual({
      usar_premio_aniversario: premioEncomendaMensagens.semProduto('Pastel de nata oferta'),
    })
    // With the points' reward too: refused, by the calculation and by the checkout.
    await insertSaldo(t.database.db, clienteId, 0, 0, 1)
    const ambos = { usar_premio_aniversario: 1, resgatar_premio: 1 }
    expect((await calcular(ambos)).json().error.fields).toEqual({
      usar_premio_aniversario: aniversarioMensagens.outroPremio,
    })
    const ambas = await finalizar(pedidoDeTeste(ambos), 'k-ambos')
    expect(ambas.statusCode).toBe(422)
    expect(await aniversario()).toMatchObject({ nome: 'Pastel de nata oferta' })
  })

  it('is held with the order, becomes its purchase when paid, and comes back when the payment fails', async () => {
    await dar({ nome: 'Vale de aniversário', tipo: 'valor', valor: 300 })
    const falha = await finalizar(pedidoDeTeste({ usar_premio_aniversario: 1 }), 'k-falha')
    expect(falha.statusCode, falha.body).toBe(201)
    expect(falha.json().data.orderData).toMatchObject({ desconto_premio: 300, valor_pago: TOTAL - 300 })
    // Held: neither the card nor another checkout can use it while the order waits, which the refusal says.
    expect(await aniversario()).toBeNull()
    expect(await linha()).toMatchObject({ tipo: 'reserva' })
    const enquanto = await finalizar(pedidoDeTeste({ usar_premio_aniversario: 1 }), 'k-enquanto')
    expect(enquanto.statusCode).toBe(409)
    expect(enquanto.json().error.fields).toEqual({ usar_premio_aniversario: aniversarioMensagens.aniversarioReservado })
    const [primeiro] = await pagamentos()
    expect((await responder(primeiro.id, 'recusar')).statusCode).toBe(200)
    expect(await aniversario()).toMatchObject({ nome: 'Vale de aniversário', valido_ate: '2026-11-30' })
    expect(await linha()).toEqual({ tipo: null, referencia: null })

    const paga = await finalizar(pedidoDeTeste({ usar_premio_aniversario: 1 }), 'k-paga')
    expect(paga.statusCode, paga.body).toBe(201)
    const segundo = (await pagamentos()).find((p: { estado: string }) => p.estado === 'pendente')
    expect((await responder(segundo.id, 'aprovar')).statusCode).toBe(200)
    expect(await compras()).toEqual([
      // Not one of the points' rewards: none counted.
      { valor_pago: TOTAL - 300, desconto_premio: 300, itens_redimidos: 0, premio_nome: 'Vale de aniversário' },
    ])
    expect(await linha()).toEqual({ tipo: 'compra', referencia: `E${paga.json().data.orderData.orderId}` })
    expect(await aniversario()).toBeNull()
    const outra = await finalizar(pedidoDeTeste({ usar_premio_aniversario: 1 }), 'k-outra')
    expect(outra.statusCode).toBe(409)
    expect(outra.json().error.fields).toEqual({ usar_premio_aniversario: aniversarioMensagens.semAniversarioEncomenda })
  })

  it('pays a whole order at once, and the store cancelling it gives it back', async () => {
    await dar({ nome: 'Vale grande', tipo: 'valor', valor: 5000 })
    const res = await finalizar(pedidoDeTeste({ usar_premio_aniversario: 1 }), 'k-inteira')
    expect(res.statusCode, res.body).toBe(201)
    const encomenda = res.json().data.orderData
    expect(encomenda).toMatchObject({ desconto_premio: TOTAL, valor_pago: 0 })
    expect(await pagamentos()).toEqual([])
    expect(await linha()).toMatchObject({ tipo: 'compra' })
    const cancelada = await scene.loja(
      'POST',
      `/encomendas/${encomenda.orderId}/cancelar`,
      { motivo: 'Esgotado' },
      'c1',
    )
    expect(cancelada.statusCode, cancelada.body).toBe(200)
    expect(await aniversario()).toMatchObject({ nome: 'Vale grande' })
  })

  it('serves one order when checkouts race for it', async () => {
    await dar({ nome: 'Vale de aniversário', tipo: 'valor', valor: 300 })
    const respostas = await Promise.all(
      ['a', 'b', 'c'].map((k) => finalizar(pedidoDeTeste({ usar_premio_aniversario: 1 }), `k-corrida-${k}`)),
    )
    expect(respostas.map((r) => r.statusCode).sort()).toEqual([201, 409, 409])
    for (const recusada of respostas.filter((r) => r.statusCode === 409)) {
      expect(recusada.json().error.message).toBe(aniversarioMensagens.aniversarioReservado)
    }
    const encomendas = await t.database.db
      .selectFrom('encomendas')
      .select(['desconto_premio'])
      .where('utilizador_id', '=', clienteId)
      .execute()
    expect(encomendas).toEqual([{ desconto_premio: 300 }])
  })

  it('comes back until the end of the day it is given back, were its last day past (a failed payment, a cancel)', async () => {
    scene.clock.set('2026-11-23T23:58:00.000Z') // 23:58 in Lisbon, its last day
    await dar({ nome: 'Vale de aniversário', tipo: 'valor', valor: 300 }, '2026-11-23')
    const res = await finalizar(pedidoDeTeste({ usar_premio_aniversario: 1 }), 'k-recusada-tarde')
    expect(res.statusCode, res.body).toBe(201)
    scene.clock.advance(3 * 60 * 1000) // refused at 00:01 the next day
    const [pedido] = await pagamentos()
    expect((await responder(pedido.id, 'recusar')).statusCode).toBe(200)
    expect(await aniversario()).toMatchObject({ nome: 'Vale de aniversário', valido_ate: '2026-11-24' })

    // Used whole that day, and the store cancels the order two days later: back until that day.
    await t.database.db.updateTable('premios').set({ valor: 5000 }).where('finalidade', '=', 'aniversario').execute()
    const inteira = await finalizar(pedidoDeTeste({ usar_premio_aniversario: 1 }), 'k-inteira-tarde')
    expect(inteira.json().data.orderData, inteira.body).toMatchObject({ valor_pago: 0 })
    scene.clock.advance(2 * 24 * 60 * 60 * 1000)
    const id = inteira.json().data.orderData.orderId
    const cancelada = await scene.loja('POST', `/encomendas/${id}/cancelar`, { motivo: 'Esgotado' }, 'c-tarde')
    expect(cancelada.statusCode, cancelada.body).toBe(200)
    expect(await aniversario()).toMatchObject({ valido_ate: '2026-11-26' })
  })

  it('is used one at a time when two are usable (last year’s given back past its last day, and this year’s)', async () => {
    scene.clock.set('2026-11-23T12:00:00.000Z')
    await dar({ nome: 'Vale grande', tipo: 'valor', valor: 5000 })
    const { id } = await t.database.db.selectFrom('premios').select('id').executeTakeFirstOrThrow()
    await t.database.db
      .insertInto('premios_aniversario')
      .values({
        utilizador_id: clienteId,
        ano: 2025,
        premio_id: id,
        valido_de: '2025-11-23',
        valido_ate: '2026-11-23',
        criado_em: '2025-11-23T00:00:00.000Z',
      })
      .execute()
    for (const k of ['k-um', 'k-dois']) {
      const res = await finalizar(pedidoDeTeste({ usar_premio_aniversario: 1 }), k)
      expect(res.statusCode, res.body).toBe(201)
      expect(res.json().data.orderData).toMatchObject({ valor_pago: 0 })
    }
    const usados = await t.database.db
      .selectFrom('premios_aniversario')
      .select(['ano'])
      .where('transacao_id', 'is not', null)
      .orderBy('transacao_id')
      .execute()
    // The first to end first.
    expect(usados.map((u) => u.ano)).toEqual([2025, 2026])
    expect((await finalizar(pedidoDeTeste({ usar_premio_aniversario: 1 }), 'k-tres')).statusCode).toBe(409)
  })

  it('is written as the purchase of a payment whose hold was lost: the money is taken, so it is not refused', async () => {
    scene.clock.set('2026-11-23T12:00:00.000Z')
    await dar({ nome: 'Vale de aniversário', tipo: 'valor', valor: 300 })
    const res = await finalizar(pedidoDeTeste({ usar_premio_aniversario: 1 }), 'k-perdida')
    expect(res.statusCode, res.body).toBe(201)
    await t.database.db.deleteFrom('premios_aniversario').where('utilizador_id', '=', clienteId).execute()
    const [pedido] = await pagamentos()
    expect((await responder(pedido.id, 'aprovar')).statusCode).toBe(200)
    expect(await compras()).toEqual([
      { valor_pago: TOTAL - 300, desconto_premio: 300, itens_redimidos: 0, premio_nome: 'Vale de aniversário' },
    ])
    const encomenda = await t.database.db
      .selectFrom('encomendas')
      .select(['pagamento_estado', 'compra_id'])
      .where('id', '=', res.json().data.orderData.orderId)
      .executeTakeFirstOrThrow()
    expect(encomenda).toMatchObject({ pagamento_estado: 'pago', compra_id: expect.any(Number) })
  })

  it('is used by a payment that arrives after its last day, since the order was placed while it lasted', async () => {
    scene.clock.set('2026-11-23T12:00:00.000Z')
    await dar({ nome: 'Vale de aniversário', tipo: 'valor', valor: 300 }, '2026-11-23')
    scene.clock.advance((11 * 60 + 58) * 60 * 1000) // 23:58 in Lisbon, its last day
    const res = await finalizar(pedidoDeTeste({ usar_premio_aniversario: 1 }), 'k-tarde')
    expect(res.statusCode, res.body).toBe(201)
    scene.clock.advance(3 * 60 * 1000) // paid at 00:01 the next day
    expect(await aniversario()).toBeNull()
    const [pedido] = await pagamentos()
    expect((await responder(pedido.id, 'aprovar')).statusCode).toBe(200)
    expect(await compras()).toMatchObject([{ desconto_premio: 300 }])
    expect(await linha()).toMatchObject({ tipo: 'compra' })
  })
})
