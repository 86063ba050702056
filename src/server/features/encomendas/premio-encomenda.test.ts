import { beforeEach, describe, expect, it } from 'vitest'
import { pedidoDeTeste, TOTAL_DE_TESTE as TOTAL } from '../../testing/ementa.ts'
import { insertSaldo } from '../../testing/fixtures.ts'
import type { device, TestApp } from '../../testing/harness.ts'
import { testDialects } from '../../testing/harness.ts'
import { premioEncomendaMensagens } from './calculo.ts'
import { setupOrders } from './testing.ts'

/**
 * 'Usar prémio' at the checkout (decision 0051): the calculation says what one reward takes off the cart (an amount,
 * or the price of one of the product it gives) and why nothing; the checkout holds the reward with the order, the
 * payment spends it in the purchase (credit and points on what was paid), a failed payment gives it back, and one
 * reward serves one order even when two checkouts race for it.
 */
describe.each(testDialects())('a reward used on an order, on %s', (dialect) => {
  const scene = setupOrders(dialect)
  const { finalizar, pagamentos, responder } = scene
  let t: TestApp
  let cliente: ReturnType<typeof device>
  let clienteId: number

  beforeEach(() => {
    ;({ t, cliente, clienteId } = scene)
  })

  const definir = (premio: { nome: string; tipo: 'produto' | 'valor'; valor?: number; cod_produto?: string }) =>
    t.database.db
      .insertInto('premios')
      .values({ finalidade: 'pontos', criado_em: '2026-11-01T00:00:00.000Z', ...premio })
      .execute()
  const calcular = (over: Record<string, unknown> = {}) =>
    cliente.call('POST', '/api/calcula-encomenda', { id_loja: 862, cart: pedidoDeTeste().cart, ...over })
  const itens = async () =>
    (await cliente.call('POST', '/api/refresh-private-data', { value: true })).json().data.user.data.itens
  const compras = () =>
    t.database.db
      .selectFrom('transacoes')
      .select(['valor_pago', 'desconto', 'desconto_premio', 'itens_redimidos', 'premio_nome', 'pontos_ganhos'])
      .where('utilizador_id', '=', clienteId)
      .where('tipo', '=', 'compra')
      .where('referencia', 'like', 'E%')
      .execute()

  it('prices a product given as one of it in the cart, and says why when the cart has none', async () => {
    await definir({ nome: 'Pastel oferta', tipo: 'produto', cod_produto: '1001' })
    // None held: nothing to offer.
    expect((await calcular()).json().data.premio).toBeNull()
    await insertSaldo(t.database.db, clienteId, 500, 0, 1)
    const oferta = (await calcular({ resgatar_premio: 1, usar_premio: 1 })).json().data
    expect(oferta.premio).toEqual({ nome: 'Pastel oferta', imagem: null, desconto: 130, aviso: null })
    // The reward first, then the balance off what is left.
    expect(oferta.loyaltyData.transaction).toMatchObject({
      total_transaction: TOTAL,
      premio_discount: 130,
      total_discount: 500,
      total_paid: TOTAL - 130 - 500,
    })
    const semPastel = [{ id: '1002', qtd: 1, complementares: [], opcoes: [] }]
    const sem = (await calcular({ cart: semPastel, resgatar_premio: 1 })).json().data
    expect(sem.premio).toMatchObject({ desconto: 0, aviso: premioEncomendaMensagens.semProduto('Pastel oferta') })
    expect(sem.loyaltyData.transaction.premio_discount).toBe(0)
    const recusada = await finalizar(pedidoDeTeste({ cart: semPastel, resgatar_premio: 1 }))
    expect(recusada.statusCode).toBe(422)
    expect(recusada.json().error.fields).toEqual({
      resgatar_premio: premioEncomendaMensagens.semProduto('Pastel oferta'),
    })
    expect(await itens()).toBe(1)
  })

  it('is held with the order, spent by its payment (earning on what was paid), and given back when it fails', async () => {
    await definir({ nome: 'Vale de 2 €', tipo: 'valor', valor: 200 })
    await insertSaldo(t.database.db, clienteId, 0, 0, 2)
    const res = await finalizar(pedidoDeTeste({ resgatar_premio: 1 }), 'k-premio')
    expect(res.statusCode, res.body).toBe(201)
    const encomenda = res.json().data.orderData
    expect(encomenda).toMatchObject({ total: TOTAL, desconto: 0, desconto_premio: 200, valor_pago: TOTAL - 200 })
    // Held: the customer cannot use it elsewhere while the order waits for its payment.
    expect(await itens()).toBe(1)
    const [pedido] = await pagamentos()
    expect(pedido).toMatchObject({ valor: TOTAL - 200 })
    expect((await responder(pedido.id, 'aprovar')).statusCode).toBe(200)
    expect(await compras()).toEqual([
      {
        valor_pago: TOTAL - 200,
        desconto: 200,
        desconto_premio: 200,
        itens_redimidos: 1,
        premio_nome: 'Vale de 2 €',
        // A point per whole euro of the 5,90 € paid.
        pontos_ganhos: 5,
      },
    ])
    expect(await itens()).toBe(1)

    // The other reward, another order, its payment refused: the reward comes back.
    const outra = await finalizar(pedidoDeTeste({ resgatar_premio: 1 }), 'k-premio-2')
    expect(outra.statusCode, outra.body).toBe(201)
    expect(await itens()).toBe(0)
    const segundo = (await pagamentos()).find((p: { estado: string }) => p.estado === 'pendente')
    expect((await responder(segundo.id, 'recusar')).statusCode).toBe(200)
    expect(await itens()).toBe(1)
    expect(await compras()).toHaveLength(1)
  })

  it('serves one order when two checkouts race for the last one', async () => {
    await definir({ nome: 'Vale de 2 €', tipo: 'valor', valor: 200 })
    await insertSaldo(t.database.db, clienteId, 0, 0, 1)
    const respostas = await Promise.all(
      ['a', 'b', 'c'].map((k) => finalizar(pedidoDeTeste({ resgatar_premio: 1 }), `k-corrida-${k}`)),
    )
    expect(respostas.map((r) => r.statusCode).sort()).toEqual([201, 409, 409])
    expect(await itens()).toBe(0)
    const encomendas = await t.database.db
      .selectFrom('encomendas')
      .select(['desconto_premio'])
      .where('utilizador_id', '=', clienteId)
      .execute()
    expect(encomendas).toEqual([{ desconto_premio: 200 }])
  })
})
