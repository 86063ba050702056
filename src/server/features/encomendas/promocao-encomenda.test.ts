import { beforeEach, describe, expect, it } from 'vitest'
import { diaNoFuso } from '../../../shared/fusos.ts'
import { pedidoDeTeste } from '../../testing/ementa.ts'
import type { TestApp } from '../../testing/harness.ts'
import { testDialects } from '../../testing/harness.ts'
import { chamadas, signedInAdmin } from '../admin/testing.ts'
import { MINUTO, setupOrders } from './testing.ts'

/**
 * Promotions that apply themselves to app orders (decision 0052): the back-office sets one, and an order placed while it
 * runs earns under it when it is paid, the purchase saying which promotion gave what; one set after the order was placed
 * never reaches it, nor does a change to one made after (an order is priced at when it was placed); a product's bonus counts the cart's units; and the store
 * cancelling the paid order takes back exactly what the promotion added.
 *
 * The test cart (pedidoDeTeste): 2 galões (1002) and 3 pastéis de nata (1001), 7,90 € paid by MB WAY: 7 points at the
 * rules' 1 point per euro.
 */
const PONTOS_BASE = 7

describe.each(testDialects())('a promotion on an app order, on %s', (dialect) => {
  const scene = setupOrders(dialect)
  const { finalizar, pagamentos, responder, clock } = scene
  let t: TestApp
  let admin: string

  beforeEach(async () => {
    t = scene.t
    admin = await signedInAdmin(t, 'admin-promocoes@exemplo.pt', 'admin', { clock })
  })

  /** A promotion for every store, every day, today (the suite's clock, in Lisbon). */
  async function promocao(corpo: Record<string, unknown>): Promise<number> {
    const hoje = diaNoFuso(clock.now(), 'Europe/Lisbon')
    const res = await chamadas(t).call(admin, 'POST', '/promocoes', {
      inicio: hoje,
      fim: hoje,
      dias_semana: [1, 2, 3, 4, 5, 6, 7],
      ambito: 'todas',
      ...corpo,
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data.id
  }
  const dobro = () => promocao({ nome: 'Dobro de pontos', efeito: 'multiplicar_pontos', multiplicador: 2 })

  /** Placed with the test cart, its MB WAY request waiting. */
  async function encomendar(chave: string): Promise<number> {
    const res = await finalizar(pedidoDeTeste(), chave)
    expect(res.statusCode, res.body).toBe(201)
    return res.json().data.orderData.orderId
  }
  /** The customer approves the order's MB WAY request on the phone. */
  async function pagar(id: number) {
    const { pagamento_id } = await t.database.db
      .selectFrom('encomendas')
      .select('pagamento_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    const pedido = (await pagamentos()).find((p: { id: string }) => p.id === pagamento_id)
    expect(pedido?.estado).toBe('pendente')
    expect((await responder(pedido.id, 'aprovar')).statusCode).toBe(200)
  }
  const movimento = (id: number, tipo: 'compra' | 'devolucao') =>
    t.database.db
      .selectFrom('transacoes')
      .select(['id', 'valor_pago', 'valor_devolvido', 'pontos_ganhos', 'saldo_adicionado', 'saldo_removido'])
      .where('referencia', '=', `E${id}`)
      .where('tipo', '=', tipo)
      .executeTakeFirstOrThrow()
  const registadas = (transacaoId: number) =>
    t.database.db
      .selectFrom('transacoes_promocoes')
      .select(['promocao_id', 'nome', 'pontos', 'credito'])
      .where('transacao_id', '=', transacaoId)
      .orderBy('promocao_id')
      .execute()
  const privado = async () =>
    (await scene.cliente.call('POST', '/api/refresh-private-data', { value: true })).json().data
  /** The customer's own view of the purchase (the app's 'Movimentos'). */
  async function naApp(transacaoId: number) {
    const { transacoes } = await privado()
    return transacoes.find((x: { id: number }) => x.id === transacaoId)
  }

  it('doubles the points of an order placed while it runs, and the purchase says so to the customer', async () => {
    const id = await dobro()
    const encomenda = await encomendar('k-dobro')
    await pagar(encomenda)
    const compra = await movimento(encomenda, 'compra')
    expect(compra).toMatchObject({ valor_pago: 790, pontos_ganhos: 2 * PONTOS_BASE })
    expect(await registadas(compra.id)).toEqual([
      { promocao_id: id, nome: 'Dobro de pontos', pontos: PONTOS_BASE, credito: 0 },
    ])
    // The order records what it earned, and the customer reads the promotion on the purchase.
    const pedido = await t.database.db
      .selectFrom('encomendas')
      .select(['compra_id', 'pontos_ganhos'])
      .where('id', '=', encomenda)
      .executeTakeFirstOrThrow()
    expect(pedido).toEqual({ compra_id: compra.id, pontos_ganhos: 2 * PONTOS_BASE })
    expect(await naApp(compra.id)).toMatchObject({
      pontos_ganhos: 2 * PONTOS_BASE,
      promocoes: [{ id, nome: 'Dobro de pontos', pontos: PONTOS_BASE, credito: 0 }],
    })
    expect((await privado()).user.data.pontos).toBe(2 * PONTOS_BASE)
  })

  it('never reaches an order placed before it was set, even one paid after (and reaches the next)', async () => {
    const antes = await encomendar('k-antes')
    clock.advance(MINUTO)
    const id = await dobro()
    await pagar(antes)
    const compra = await movimento(antes, 'compra')
    expect(compra.pontos_ganhos).toBe(PONTOS_BASE)
    expect(await registadas(compra.id)).toEqual([])
    expect((await naApp(compra.id)).promocoes).toEqual([])

    // An order placed now, while it runs, earns under it as it was then: raising it to ×5 before the payment does not
    // reach the order, and ending it does not take it away.
    const depois = await encomendar('k-depois')
    clock.advance(MINUTO)
    const hoje = diaNoFuso(clock.now(), 'Europe/Lisbon')
    const alterada = await chamadas(t).call(admin, 'POST', `/promocoes/${id}`, {
      nome: 'Cinco vezes',
      efeito: 'multiplicar_pontos',
      multiplicador: 5,
      inicio: hoje,
      fim: hoje,
      dias_semana: [1, 2, 3, 4, 5, 6, 7],
      ambito: 'todas',
      ativa: false,
    })
    expect(alterada.statusCode, alterada.body).toBe(200)
    await pagar(depois)
    const segunda = await movimento(depois, 'compra')
    expect(segunda.pontos_ganhos).toBe(2 * PONTOS_BASE)
    expect(await registadas(segunda.id)).toEqual([
      { promocao_id: id, nome: 'Dobro de pontos', pontos: PONTOS_BASE, credito: 0 },
    ])
  })

  it("gives a product's bonus for each unit of it in the cart, and nothing for a product not in it", async () => {
    const nata = await promocao({ nome: 'Nata a dobrar', efeito: 'pontos_produto', pontos: 50, cod_produto: '1001' })
    await promocao({ nome: 'Prato do dia', efeito: 'pontos_produto', pontos: 80, cod_produto: '1005' })
    const encomenda = await encomendar('k-nata')
    await pagar(encomenda)
    const compra = await movimento(encomenda, 'compra')
    // 3 pastéis de nata × 50.
    expect(compra.pontos_ganhos).toBe(PONTOS_BASE + 150)
    expect(await registadas(compra.id)).toEqual([{ promocao_id: nata, nome: 'Nata a dobrar', pontos: 150, credito: 0 }])
    expect((await naApp(compra.id)).promocoes).toEqual([{ id: nata, nome: 'Nata a dobrar', pontos: 150, credito: 0 }])
  })

  it('takes back exactly the doubled points when the store cancels the paid order', async () => {
    const inicio = (await privado()).user.data
    await dobro()
    const encomenda = await encomendar('k-cancelar')
    await pagar(encomenda)
    const compra = await movimento(encomenda, 'compra')
    expect(compra.pontos_ganhos).toBe(2 * PONTOS_BASE)

    const cancelada = await scene.loja('POST', `/encomendas/${encomenda}/cancelar`, { motivo: 'Esgotado' }, 'c1')
    expect(cancelada.statusCode, cancelada.body).toBe(200)
    const devolucao = await movimento(encomenda, 'devolucao')
    expect(devolucao).toMatchObject({
      valor_devolvido: 790,
      pontos_ganhos: -2 * PONTOS_BASE,
      saldo_removido: compra.saldo_adicionado,
    })
    const { saldo, pontos, itens } = (await privado()).user.data
    expect({ saldo, pontos, itens }).toEqual({ saldo: inicio.saldo, pontos: inicio.pontos, itens: inicio.itens })
  })
})
