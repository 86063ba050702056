import { beforeEach, describe, expect, it } from 'vitest'
import { pedidoDeTeste } from '../../testing/ementa.ts'
import type { TestApp } from '../../testing/harness.ts'
import { testDialects } from '../../testing/harness.ts'
import { chamadas, signedInAdmin } from '../admin/testing.ts'
import { setupOrders } from './testing.ts'

/**
 * A stamp card on app orders (decision 0057): the card the back-office sets is stamped by the order's units when it is
 * paid, as a till purchase's are, and the store cancelling the paid order takes the stamps back exactly.
 *
 * The test cart (pedidoDeTeste): 2 galões (1002) and 3 pastéis de nata (1001).
 */
describe.each(testDialects())('a stamp card on an app order, on %s', (dialect) => {
  const scene = setupOrders(dialect)
  const { finalizar, pagamentos, responder, clock } = scene
  let t: TestApp
  let admin: string

  beforeEach(async () => {
    t = scene.t
    admin = await signedInAdmin(t, 'admin-carimbos@exemplo.pt', 'admin', { clock })
  })

  const cartoes = async () =>
    (await scene.cliente.call('POST', '/api/refresh-private-data', { value: true })).json().data.user.data.carimbos

  it('stamps the galões of a paid order, and a cancel of the paid order takes them back', async () => {
    // Every 3rd galão offered: the order's two make an offer.
    const criado = await chamadas(t).call(admin, 'POST', '/carimbos', {
      nome: 'Galões',
      codigos: ['1002'],
      por_oferta: 3,
      ativo: true,
    })
    expect(criado.statusCode, criado.body).toBe(200)
    const cartao = criado.json().data.id
    const vazio = { cartao_id: cartao, nome: 'Galões', carimbos: 0, por_oferta: 3, ofertas: 0 }
    expect(await cartoes()).toEqual([vazio])

    const res = await finalizar(pedidoDeTeste(), 'k-carimbos')
    expect(res.statusCode, res.body).toBe(201)
    const encomenda = res.json().data.orderData.orderId
    // Not paid yet: nothing stamped.
    expect(await cartoes()).toEqual([vazio])
    const { pagamento_id } = await t.database.db
      .selectFrom('encomendas')
      .select('pagamento_id')
      .where('id', '=', encomenda)
      .executeTakeFirstOrThrow()
    const pedido = (await pagamentos()).find((p: { id: string }) => p.id === pagamento_id)
    expect((await responder(pedido.id, 'aprovar')).statusCode).toBe(200)
    expect(await cartoes()).toEqual([{ ...vazio, ofertas: 1 }])

    const cancelada = await scene.loja('POST', `/encomendas/${encomenda}/cancelar`, { motivo: 'Esgotado' }, 'c1')
    expect(cancelada.statusCode, cancelada.body).toBe(200)
    expect(await cartoes()).toEqual([vazio])
    const linhas = await t.database.db
      .selectFrom('carimbos_movimentos')
      .select(['carimbos_ganhos', 'ofertas_ganhas', 'carimbos_actual', 'ofertas_actual'])
      .orderBy('id')
      .execute()
    expect(linhas).toEqual([
      { carimbos_ganhos: 2, ofertas_ganhas: 1, carimbos_actual: 0, ofertas_actual: 1 },
      { carimbos_ganhos: -2, ofertas_ganhas: -1, carimbos_actual: 0, ofertas_actual: 0 },
    ])
  })
})
