import { beforeEach, describe, expect, it } from 'vitest'
import { carimbosMensagens } from '../../../shared/carimbos.ts'
import { type TestApp, testDialects } from '../../testing/harness.ts'
import { setupTill } from './testing.ts'

/**
 * The stamp card at the till (decision 0057): each unit of the card's products bought stamps it, every Nth is
 * offered, an offer is given once whatever the races, refunds take back exactly the stamps the purchase gave (by the
 * units the POS lists, or in proportion, or all of them when whole), and the card is always the sum of its movements.
 */
describe.each(testDialects())('stamp cards at the till, on %s', (dialect) => {
  const scene = setupTill(dialect)
  const { loja, cliente, privado, prova } = scene
  let t: TestApp
  let cafes: number

  beforeEach(async () => {
    t = scene.t
    const agora = scene.clock.now().toISOString()
    // Every 4th coffee offered: 3 stamps make an offer.
    cafes = (
      await t.database.db
        .insertInto('cartoes_carimbos')
        .values({ nome: 'Cafés', codigos: '1001\n1002', por_oferta: 4, criado_em: agora, alterado_em: agora })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  })

  let seq = 0
  const compra = (clienteId: number, corpo: Record<string, unknown>) =>
    loja('POST', '/compras', {
      cliente_id: clienteId,
      total: 1000,
      saldo_a_usar: 0,
      referencia: `C ${++seq}`,
      ...corpo,
    })

  /** The card as the ledger holds it: the newest movement, and the sum of all of them. */
  async function livro(clienteId: number) {
    const rows = await t.database.db
      .selectFrom('carimbos_movimentos')
      .selectAll()
      .where('utilizador_id', '=', clienteId)
      .where('cartao_id', '=', cafes)
      .orderBy('id')
      .execute()
    const soma = rows.reduce(
      (s, r) => ({
        carimbos: s.carimbos + r.carimbos_ganhos - r.carimbos_convertidos,
        ofertas: s.ofertas + r.ofertas_ganhas - r.ofertas_usadas,
      }),
      { carimbos: 0, ofertas: 0 },
    )
    const ultimo = rows.at(-1)
    expect(ultimo ? { carimbos: ultimo.carimbos_actual, ofertas: ultimo.ofertas_actual } : soma).toEqual(soma)
    for (const r of rows) {
      expect(r.carimbos_actual).toBe(r.carimbos_anterior + r.carimbos_ganhos - r.carimbos_convertidos)
      expect(r.ofertas_actual).toBe(r.ofertas_anterior + r.ofertas_ganhas - r.ofertas_usadas)
      expect(r.carimbos_actual).toBeGreaterThanOrEqual(0)
      expect(r.ofertas_actual).toBeGreaterThanOrEqual(0)
    }
    return soma
  }

  it('stamps the units bought, makes an offer of every 3, and shows the card to the till and in the app', async () => {
    const ana = await cliente()
    const primeira = await compra(ana.id, {
      produtos: [
        { cod_produto: '1001', quantidade: 2 },
        { cod_produto: '9999', quantidade: 5 },
      ],
    })
    expect(primeira.statusCode, primeira.body).toBe(201)
    expect(primeira.json().data.transacao.carimbos).toEqual([
      {
        cartao_id: cafes,
        nome: 'Cafés',
        carimbos_ganhos: 2,
        ofertas_ganhas: 0,
        ofertas_usadas: 0,
        carimbos: 2,
        ofertas: 0,
      },
    ])
    const segunda = await compra(ana.id, { produtos: [{ cod_produto: '1002', quantidade: 5 }] })
    expect(segunda.json().data.transacao.carimbos).toEqual([
      {
        cartao_id: cafes,
        nome: 'Cafés',
        carimbos_ganhos: 5,
        ofertas_ganhas: 2,
        ofertas_usadas: 0,
        carimbos: 1,
        ofertas: 2,
      },
    ])
    // A bill without the card's products, or without products, leaves it alone.
    expect(
      (await compra(ana.id, { produtos: [{ cod_produto: '9999', quantidade: 1 }] })).json().data.transacao.carimbos,
    ).toEqual([])
    expect((await compra(ana.id, {})).json().data.transacao.carimbos).toEqual([])
    expect(await livro(ana.id)).toEqual({ carimbos: 1, ofertas: 2 })

    const identificado = await loja('POST', '/clientes/identificar', { qr: ana.qr })
    expect(identificado.json().data.cliente.carimbos).toEqual([
      { cartao_id: cafes, nome: 'Cafés', carimbos: 1, por_oferta: 4, ofertas: 2 },
    ])
    expect((await privado(ana.d)).user.data.carimbos).toEqual([
      { cartao_id: cafes, nome: 'Cafés', carimbos: 1, por_oferta: 4, ofertas: 2 },
    ])
  })

  it('gives an offer only to a customer identified, holding it, once under concurrent purchases', async () => {
    const ana = await cliente()
    await compra(ana.id, { produtos: [{ cod_produto: '1001', quantidade: 3 }] }) // one offer
    const usar = [{ cartao_id: cafes, quantidade: 1 }]
    const semProva = await compra(ana.id, { ofertas_carimbos: usar })
    expect(semProva.statusCode).toBe(403)
    const desconhecido = await compra(ana.id, {
      identificacao: await prova(ana.id),
      ofertas_carimbos: [{ cartao_id: cafes + 1000, quantidade: 1 }],
    })
    expect(desconhecido.statusCode).toBe(400)
    expect(desconhecido.json().error.fields).toEqual({ ofertas_carimbos: carimbosMensagens.cartaoDesconhecido })
    const demais = await compra(ana.id, {
      identificacao: await prova(ana.id),
      ofertas_carimbos: [{ cartao_id: cafes, quantidade: 2 }],
    })
    expect(demais.statusCode).toBe(409)
    expect(demais.json().error.message).toBe(carimbosMensagens.ofertasInsuficientes)

    // Two tills give the last offer at once: one purchase, one refusal that writes nothing.
    const [p1, p2] = [await prova(ana.id), await prova(ana.id)]
    const [a, b] = await Promise.all([
      compra(ana.id, { identificacao: p1, ofertas_carimbos: usar, produtos: [{ cod_produto: '1001', quantidade: 1 }] }),
      compra(ana.id, { identificacao: p2, ofertas_carimbos: usar, produtos: [{ cod_produto: '1001', quantidade: 1 }] }),
    ])
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409])
    const feita = (a.statusCode === 201 ? a : b).json().data.transacao
    // The coffee given earns no stamp.
    expect(feita.carimbos).toEqual([
      {
        cartao_id: cafes,
        nome: 'Cafés',
        carimbos_ganhos: 0,
        ofertas_ganhas: 0,
        ofertas_usadas: 1,
        carimbos: 0,
        ofertas: 0,
      },
    ])
    expect(await livro(ana.id)).toEqual({ carimbos: 0, ofertas: 0 })
    const movimentos = await t.database.db
      .selectFrom('transacoes')
      .select('id')
      .where('utilizador_id', '=', ana.id)
      .execute()
    expect(movimentos).toHaveLength(2)
  })

  it('refunds take back the units listed, or in proportion, and a whole refund puts the card back as it was', async () => {
    const ana = await cliente()
    await compra(ana.id, { produtos: [{ cod_produto: '1001', quantidade: 2 }] }) // 2 stamps
    const antes = await livro(ana.id)
    // 1 coffee (1,00 €) and a meal (9,00 €): 3 stamps, one offer made (2 + 3 = 5 → 1 offer, 2 stamps).
    const grande = (
      await compra(ana.id, {
        total: 1000,
        produtos: [
          { cod_produto: '1001', quantidade: 3 },
          { cod_produto: '5001', quantidade: 1 },
        ],
      })
    ).json().data.transacao
    expect(await livro(ana.id)).toEqual({ carimbos: 2, ofertas: 1 })
    // The meal returned (the POS lists it): no stamp comes off.
    const refeicao = await loja('POST', `/compras/${grande.id}/devolucoes`, {
      valor: 700,
      produtos: [{ cod_produto: '5001', quantidade: 1 }],
    })
    expect(refeicao.statusCode, refeicao.body).toBe(201)
    expect(refeicao.json().data.transacao.carimbos).toEqual([])
    // One coffee returned: one stamp.
    const cafe = await loja('POST', `/compras/${grande.id}/devolucoes`, {
      valor: 100,
      produtos: [{ cod_produto: '1001', quantidade: 1 }],
    })
    expect(cafe.json().data.transacao.carimbos).toEqual([
      {
        cartao_id: cafes,
        nome: 'Cafés',
        carimbos_ganhos: -1,
        ofertas_ganhas: 0,
        ofertas_usadas: 0,
        carimbos: 1,
        ofertas: 1,
      },
    ])
    // The rest, whole: the offer the purchase made turns back into stamps, and the card is as before it.
    const resto = await loja('POST', `/compras/${grande.id}/devolucoes`, { valor: 200 })
    expect(resto.statusCode, resto.body).toBe(201)
    expect(await livro(ana.id)).toEqual(antes)

    // Without products listed, in proportion to the money: half the bill, half the stamps.
    const outra = (await compra(ana.id, { total: 2000, produtos: [{ cod_produto: '1002', quantidade: 2 }] })).json()
      .data.transacao
    // An empty list of products says nothing of what came back: in proportion too.
    const metade = await loja(
      'POST',
      `/compras/${outra.id}/devolucoes`,
      { valor: 1000, produtos: [] },
      { idem: 'devolucao-metade' },
    )
    expect(metade.json().data.transacao.carimbos).toMatchObject([{ carimbos_ganhos: -1 }])
    // Replayed with its key, the refund answers as the first time and takes nothing more.
    const outraVez = await loja(
      'POST',
      `/compras/${outra.id}/devolucoes`,
      { valor: 1000, produtos: [] },
      { idem: 'devolucao-metade' },
    )
    expect(outraVez.json()).toEqual(metade.json())
    expect(await livro(ana.id)).toEqual({ carimbos: 0, ofertas: 1 })
  })

  it('a bill that is only the offer is 0; a key alone stamps few units of a bill', async () => {
    const ana = await cliente()
    // Without the customer identified, a bill stamps at most 10 units of a card (a key crediting by id).
    const muitos = await compra(ana.id, { produtos: [{ cod_produto: '1001', quantidade: 50 }] })
    expect(muitos.json().data.transacao.carimbos).toMatchObject([
      { carimbos_ganhos: 10, ofertas_ganhas: 3, ofertas: 3 },
    ])
    // Identified, a large order stamps in full (up to 100).
    const identificada = await compra(ana.id, {
      identificacao: await prova(ana.id),
      produtos: [{ cod_produto: '1001', quantidade: 30 }],
    })
    expect(identificada.json().data.transacao.carimbos).toMatchObject([{ carimbos_ganhos: 30 }])
    // The free coffee alone: a bill of 0, which only an offer may be.
    expect((await compra(ana.id, { total: 0 })).statusCode).toBe(400)
    const so = await compra(ana.id, {
      total: 0,
      identificacao: await prova(ana.id),
      ofertas_carimbos: [{ cartao_id: cafes, quantidade: 1 }],
      produtos: [{ cod_produto: '1001', quantidade: 1 }],
    })
    expect(so.statusCode, so.body).toBe(201)
    expect(so.json().data.transacao).toMatchObject({ subtotal: 0, valor_pago: 0, pontos_ganhos: 0 })
    expect(so.json().data.transacao.carimbos).toMatchObject([{ carimbos_ganhos: 0, ofertas_usadas: 1 }])
    expect(await livro(ana.id)).toEqual({ carimbos: 1, ofertas: 12 })
  })

  it('a registration not complete stamps nothing', async () => {
    const res = await loja('POST', '/clientes', { telemovel: '919999999', pais: '351' })
    expect(res.statusCode, res.body).toBe(201)
    const provisorio = res.json().data.cliente
    const r = await compra(provisorio.id, { produtos: [{ cod_produto: '1001', quantidade: 5 }] })
    expect(r.statusCode, r.body).toBe(201)
    expect(r.json().data.transacao.carimbos).toEqual([])
    expect(provisorio.carimbos).toEqual([{ cartao_id: cafes, nome: 'Cafés', carimbos: 0, por_oferta: 4, ofertas: 0 }])
  })
})
