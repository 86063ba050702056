import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { manualClock, systemClock } from '../../platform/clock.ts'
import { lojasChavesRepo } from '../../platform/store-keys.ts'
import { ementaDeTeste } from '../../testing/ementa.ts'
import { insertContas, insertLoja, insertRestaurante, insertSaldo } from '../../testing/fixtures.ts'
import { createTestApp, device, type TestApp, testDialects } from '../../testing/harness.ts'
import { createRestaurantesRepository } from '../restaurantes/repository.ts'
import { createRestaurantesService } from '../restaurantes/service.ts'
import { createCatalogoService } from './catalogo.ts'
import { createCatalogoRepository } from './catalogo-repository.ts'
import { todosOsDias } from './horario.ts'

const TELEMOVEL = '912345678'
const PASSWORD = '135790'

describe.each(testDialects())('POST /api/calcula-encomenda on %s', (dialect) => {
  let t: TestApp
  let cliente: ReturnType<typeof device>

  beforeEach(async () => {
    // A Monday, 12:00 in Lisbon.
    const clock = manualClock('2026-11-23T12:00:00.000Z')
    t = await createTestApp(dialect, {}, { clock })
    const db = t.database.db
    const { id } = await insertRestaurante(db, { tag: 'nata-e-grao', name: 'Nata & Grão' })
    const sempre = JSON.stringify(todosOsDias('00:00', '24:00'))
    await insertLoja(db, { tag: 'chiado', restaurante_id: id, id_loja: 862, horario_encomendas: sempre })
    // 848 has a menu but no hours: it takes no orders.
    await insertLoja(db, { tag: 'baixa', restaurante_id: id, id_loja: 848 })
    const keys = lojasChavesRepo(db, clock)
    for (const idLoja of [862, 848]) {
      const { chave } = await keys.create(idLoja, `pos-${idLoja}`)
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/loja/v1/ementa',
        headers: { authorization: `Bearer ${chave}` },
        payload: ementaDeTeste(),
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    await insertContas(db, [TELEMOVEL], PASSWORD)
    const conta = await db
      .selectFrom('utilizadores')
      .select('id')
      .where('telemovel', '=', TELEMOVEL)
      .executeTakeFirstOrThrow()
    // 2,50 € of balance.
    await insertSaldo(db, conta.id, 250)
    cliente = device(t)
    const login = await cliente.call('POST', '/login', { telemovel: TELEMOVEL, pais: '351', password: PASSWORD })
    expect(login.statusCode, login.body).toBe(200)
  })
  afterEach(() => t.close())

  const calcular = (body: unknown, d = cliente) => d.call('POST', '/api/calcula-encomenda', body)
  const GALAO_COM_AVEIA = { id: '1002', qtd: 2, complementares: ['C1'], opcoes: ['A2'] }

  it('prices the cart from the menu, with the lines, and what the balance would take', async () => {
    const res = await calcular({ id_loja: 862, cart: [GALAO_COM_AVEIA, { id: '1001', qtd: 3 }] })
    expect(res.statusCode, res.body).toBe(200)
    const { loyaltyData, orderData, privateData } = res.json().data
    expect(loyaltyData.lines).toEqual([
      {
        id: '1002',
        nome: 'Galão',
        qtd: 2,
        complementares: [{ id: 'C1', nome: 'Leite de aveia', pvp_com_iva: 40 }],
        opcoes: [{ id: 'A2', nome: 'Sem açúcar' }],
        porcao: 'dose',
        observacoes: null,
        unitario: 200,
        total: 400,
      },
      {
        id: '1001',
        nome: 'Pastel de nata',
        qtd: 3,
        complementares: [],
        opcoes: [],
        porcao: 'dose',
        observacoes: null,
        unitario: 130,
        total: 390,
      },
    ])
    // 7,90 €; the balance (2,50 €) is offered, not used unless asked.
    expect(loyaltyData.transaction).toEqual({
      total_transaction: 790,
      total_discount: 0,
      premio_discount: 0,
      total_paid: 790,
      total_outstanding_removed: 250,
      customer_outstanding: 250,
    })
    expect(orderData).toEqual({ orderCode: null, status: null })
    expect(privateData.user.loggedIn).toBe(true)
    expect(privateData.user.data.saldo).toBe(250)

    const usando = (
      await calcular({ id_loja: 862, cart: [GALAO_COM_AVEIA, { id: '1001', qtd: 3 }], usar_premio: 1 })
    ).json().data.loyaltyData.transaction
    expect(usando).toMatchObject({ total_discount: 250, total_paid: 540, total_outstanding_removed: 250 })
    // A cart smaller than the balance: the balance pays it all.
    const pequeno = (await calcular({ id_loja: 862, cart: [{ id: '1001', qtd: 1 }], usar_premio: 1 })).json().data
    expect(pequeno.loyaltyData.transaction).toMatchObject({
      total_transaction: 130,
      total_discount: 130,
      total_paid: 0,
    })
  })

  it('refuses prices sent by the app and what the menu does not allow, naming the line', async () => {
    const refused = async (cart: unknown[]) => {
      const res = await calcular({ id_loja: 862, cart })
      expect(res.statusCode, res.body).toBe(422)
      return res.json().error.fields
    }
    // Figures of the app's own are not part of a cart line.
    expect((await calcular({ id_loja: 862, cart: [{ id: '1001', qtd: 1, pvp_com_iva: 1 }] })).statusCode).toBe(400)
    expect(
      await refused([
        { id: '1001', qtd: 1 },
        { id: '9999', qtd: 1 },
      ]),
    ).toEqual({
      'cart.1': 'O produto 9999 já não está disponível nesta loja.',
    })
    // Hidden product, hidden family.
    expect(await refused([{ id: '1003', qtd: 1 }])).toEqual({
      'cart.0': 'O produto 1003 já não está disponível nesta loja.',
    })
    expect(await refused([{ id: '1100', qtd: 1 }])).toEqual({
      'cart.0': 'O produto 1100 já não está disponível nesta loja.',
    })
    expect(await refused([{ id: '1002', qtd: 1, complementares: ['C3'] }])).toEqual({
      'cart.0': 'Galão: o complemento C3 não está disponível.',
    })
    expect(await refused([{ id: '1002', qtd: 1, complementares: ['C1', 'C1'] }])).toEqual({
      'cart.0': 'Galão: Leite de aveia foi escolhido mais de uma vez.',
    })
    expect(await refused([{ id: '1002', qtd: 1, opcoes: ['A1', 'A2'] }])).toEqual({
      'cart.0': 'Galão: escolha só uma opção de Açúcar.',
    })
    expect(await refused([{ id: '1002', qtd: 1, opcoes: ['A1', 'G2'] }])).toEqual({
      'cart.0': 'Galão: escolha no máximo 1 opção.',
    })
    // A product in a hidden section, and one whose mandatory extra only the counter sells.
    expect(await refused([{ id: '2000', qtd: 1 }])).toEqual({
      'cart.0': 'O produto 2000 já não está disponível nesta loja.',
    })
    expect(await refused([{ id: '1005', qtd: 1, complementares: ['P'] }])).toEqual({
      'cart.0': 'O produto 1005 já não está disponível nesta loja.',
    })
    expect(await refused([{ id: '1002', qtd: 1, opcoes: ['Z'] }])).toEqual({
      'cart.0': 'Galão: a opção Z não está disponível.',
    })
    expect(await refused([{ id: '1004', qtd: 1, complementares: ['S'] }])).toEqual({
      'cart.0': 'Menu pequeno-almoço: escolha Torrada.',
    })
    expect(await refused([{ id: '1004', qtd: 1, complementares: ['T', 'S', 'O'] }])).toEqual({
      'cart.0': 'Menu pequeno-almoço: escolha no máximo 2 complementos.',
    })
    const menu = await calcular({ id_loja: 862, cart: [{ id: '1004', qtd: 1, complementares: ['T', 'O'] }] })
    expect(menu.json().data.loyaltyData.lines[0]).toMatchObject({ unitario: 470, total: 470 })
    // Quantities and sizes.
    expect((await calcular({ id_loja: 862, cart: [{ id: '1001', qtd: 0 }] })).statusCode).toBe(400)
    expect((await calcular({ id_loja: 862, cart: [] })).statusCode).toBe(400)
    expect((await calcular({ id_loja: 862, cart: [{ id: '1001', qtd: 100 }] })).statusCode).toBe(400)
    const muitas = Array.from({ length: 51 }, () => ({ id: '1001', qtd: 1 }))
    expect((await calcular({ id_loja: 862, cart: muitas })).statusCode).toBe(400)
    // 50 lines of 99 breakfasts with eggs: past the most one order may come to.
    const enorme = Array.from({ length: 50 }, () => ({ id: '1004', qtd: 99, complementares: ['T', 'O'] }))
    const total = await calcular({ id_loja: 862, cart: enorme })
    expect(total.statusCode).toBe(422)
    expect(total.json().error.fields).toEqual({
      cart: 'O total da encomenda passa do máximo de 500,00\u00a0€. Divida-a em encomendas mais pequenas.',
    })
  })

  it('prices from the menu in force, also one another process wrote', async () => {
    const preco = async () =>
      (await calcular({ id_loja: 862, cart: [{ id: '1001', qtd: 1 }] })).json().data.loyaltyData.lines[0].unitario
    expect(await preco()).toBe(130)
    // Another app process takes a new menu: this one's price index must not keep the old price.
    const { importarEmenta } = createCatalogoService({
      repository: createCatalogoRepository(t.database.db),
      clock: systemClock,
      onEmentaAlterada: () => undefined,
      lojas: createRestaurantesService(createRestaurantesRepository(t.database.db)),
    })
    await importarEmenta(862, ementaDeTeste('v2', { precoNata: 1.45 }))
    expect(await preco()).toBe(145)
  })

  it('only while the store takes orders; a visitor too (a guest checkout), with no balance', async () => {
    const fechada = await calcular({ id_loja: 848, cart: [{ id: '1001', qtd: 1 }] })
    expect(fechada.statusCode).toBe(422)
    expect(fechada.json().error.message).toBe('A loja está fechada de momento. Pode encomendar assim que abrir.')
    expect((await calcular({ id_loja: 999, cart: [{ id: '1001', qtd: 1 }] })).statusCode).toBe(404)
    // Past the integer column: refused as input, not a database error.
    expect((await calcular({ id_loja: 3_000_000_000, cart: [{ id: '1001', qtd: 1 }] })).statusCode).toBe(400)
    expect((await device(t).call('GET', '/api/catalogo/3000000000')).statusCode).toBe(400)
    const visitante = await calcular(
      { id_loja: 862, cart: [{ id: '1001', qtd: 1 }], usar_premio: 1 },
      device(t, '203.0.113.20'),
    )
    expect(visitante.statusCode, visitante.body).toBe(200)
    expect(visitante.json().data.loyaltyData.transaction.total_discount).toBe(0)
    expect(visitante.json().data.privateData.user.loggedIn).toBe(false)
  })
})
