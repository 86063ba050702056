import { beforeEach, describe, expect, it } from 'vitest'
import { pedidoDeTeste } from '../../testing/ementa.ts'
import { ementaCompleta } from '../../testing/ementa-completa.ts'
import type { device, TestApp } from '../../testing/harness.ts'
import { testDialects } from '../../testing/harness.ts'
import { setupOrders } from './testing.ts'

/**
 * cart rules on the server (decision 0026): half portions priced from `precomeia` with complements and
 * options as for a dose, option groups' minimums and maximums, notes for the kitchen, and the minutes an order promises,
 * from the calculation to the Store API's order lines.
 */
describe.each(testDialects())('ordering: half portions, required choices, notes on %s', (dialect) => {
  const scene = setupOrders(dialect)
  const { finalizar, pagamentos, responder, loja } = scene
  let t: TestApp
  let cliente: ReturnType<typeof device>

  beforeEach(async () => {
    ;({ t, cliente } = scene)
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/loja/v1/ementa',
      headers: { authorization: `Bearer ${scene.chaveLoja}` },
      payload: ementaCompleta(),
    })
    expect(res.statusCode, res.body).toBe(200)
  })

  const calcular = (cart: unknown[]) => cliente.call('POST', '/api/calcula-encomenda', { id_loja: 862, cart })
  /** The 422 of a refused line: its field and message. */
  const recusa = async (cart: unknown[]) => {
    const res = await calcular(cart)
    expect(res.statusCode, res.body).toBe(422)
    return res.json().error.fields
  }
  const BITOQUE = { id: '3002', qtd: 1, complementares: ['E1'], opcoes: ['P1'] }

  it('prices a half portion from precomeia, with its complements and options as for a dose', async () => {
    const res = await calcular([
      { ...BITOQUE, qtd: 2, porcao: 'meia', observacoes: '  Sem cebola, por favor  ' },
      BITOQUE,
      { id: '3001', qtd: 1, porcao: 'meia' },
    ])
    expect(res.statusCode, res.body).toBe(200)
    const { lines, transaction } = res.json().data.loyaltyData
    expect(lines[0]).toEqual({
      id: '3002',
      nome: 'Bitoque',
      qtd: 2,
      complementares: [{ id: 'E1', nome: 'Ovo a cavalo', pvp_com_iva: 80 }],
      opcoes: [{ id: 'P1', nome: 'Mal passado' }],
      porcao: 'meia',
      observacoes: 'Sem cebola, por favor',
      // 6,00 € the half, 0,80 € the egg.
      unitario: 680,
      total: 1360,
    })
    expect(lines[1]).toMatchObject({ porcao: 'dose', observacoes: null, unitario: 1030, total: 1030 })
    expect(lines[2]).toMatchObject({ porcao: 'meia', unitario: 140, total: 140 })
    expect(transaction.total_transaction).toBe(1360 + 1030 + 140)
  })

  it('refuses a half portion where the menu prices none, naming the line', async () => {
    // The family allows half portions; the dish has no precomeia.
    expect(await recusa([BITOQUE, { id: '3003', qtd: 1, porcao: 'meia' }])).toEqual({
      'cart.1': 'Arroz de marisco não se vende em meia dose: escolha a dose.',
    })
    // The dish has a precomeia; its family sells no half portions.
    expect(await recusa([{ id: '3101', qtd: 1, opcoes: ['B1'], porcao: 'meia' }])).toEqual({
      'cart.0': 'Menu pequeno-almoço não se vende em meia dose: escolha a dose.',
    })
    expect((await calcular([{ ...BITOQUE, porcao: 'quarto' }])).statusCode).toBe(400)
  })

  it('believes no price the app sends, and takes only a clean one-line note', async () => {
    for (const campo of [{ pvp_com_iva: 1 }, { unitario: 1 }, { pvp_meia_com_iva: 1 }, { total: 1 }]) {
      expect((await calcular([{ ...BITOQUE, porcao: 'meia', ...campo }])).statusCode, JSON.stringify(campo)).toBe(400)
    }
    // A line break of any kind, C0/C1 controls, bidi controls that would reverse the note on the board, invisible marks.
    const sujas = [
      'Sem cebola\nE sem alho',
      'Sem\u0007 cebola',
      'x'.repeat(141),
      'Sem cebola\u2028E sem alho',
      'Sem cebola\u2029',
      'Sem\u0085cebola',
      '\u202eolha rasac',
      'Sem \u202acebola\u202c',
      'Sem \u2066cebola\u2069',
      'Sem\u200fcebola',
      'Sem\u061ccebola',
      'Sem\u200bcebola',
      '\ufeffSem cebola',
    ]
    for (const observacoes of sujas) {
      const res = await calcular([{ ...BITOQUE, observacoes }])
      expect(res.statusCode, observacoes).toBe(400)
      expect(Object.keys(res.json().error.fields ?? {}), observacoes).toEqual(['cart.0.observacoes'])
    }
    const vazias = await calcular([
      { ...BITOQUE, observacoes: '   ' },
      { ...BITOQUE, observacoes: 'x'.repeat(140) },
      // The zero-width joiner of an emoji sequence stays.
      { ...BITOQUE, observacoes: 'Para o 👨\u200d👩\u200d👧' },
    ])
    expect(vazias.statusCode, vazias.body).toBe(200)
    expect(vazias.json().data.loyaltyData.lines.map((l: { observacoes: string | null }) => l.observacoes)).toEqual([
      null,
      'x'.repeat(140),
      'Para o 👨\u200d👩\u200d👧',
    ])
  })

  it('enforces each option group’s minimum and maximum: a breakfast needs its drink, a composite its components', async () => {
    expect(await recusa([{ id: '3101', qtd: 1 }])).toEqual({
      'cart.0': 'Menu pequeno-almoço: escolha uma opção de Bebida.',
    })
    expect(await recusa([{ id: '3101', qtd: 1, opcoes: ['B1', 'B2'] }])).toEqual({
      'cart.0': 'Menu pequeno-almoço: escolha só uma opção de Bebida.',
    })
    expect(await recusa([{ id: '3101', qtd: 1, opcoes: ['B1', 'X1', 'X2', 'X3'] }])).toEqual({
      'cart.0': 'Menu pequeno-almoço: escolha no máximo 2 opções de Para barrar.',
    })
    expect((await calcular([{ id: '3101', qtd: 1, opcoes: ['B2', 'X1', 'X3'] }])).statusCode).toBe(200)
    // The bitoque's doneness is required too.
    expect(await recusa([BITOQUE, { ...BITOQUE, opcoes: [] }])).toEqual({
      'cart.1': 'Bitoque: escolha uma opção de Ponto da carne.',
    })
    // A composite: soup and main required, dessert optional.
    expect(await recusa([{ id: '3102', qtd: 1, opcoes: ['S1'] }])).toEqual({
      'cart.0': 'Menu almoço: escolha uma opção de Prato.',
    })
    const almoco = await calcular([{ id: '3102', qtd: 1, opcoes: ['S1', 'M2'] }])
    expect(almoco.statusCode, almoco.body).toBe(200)
    expect(almoco.json().data.loyaltyData.lines[0]).toMatchObject({
      unitario: 900,
      opcoes: [{ id: 'S1' }, { id: 'M2' }],
    })
  })

  it('carries the portion and the note to the order, the board and the Store API, with the promised minutes', async () => {
    const cart = [
      { ...BITOQUE, porcao: 'meia', observacoes: 'Sem cebola' },
      { id: '3001', qtd: 1 },
    ]
    const res = await finalizar(pedidoDeTeste({ cart }))
    expect(res.statusCode, res.body).toBe(201)
    const { orderData } = res.json().data
    // The bitoque takes 25 minutes: the order promises them.
    expect(orderData).toMatchObject({ total: 680 + 220, minutos: 25 })
    expect(orderData.linhas).toEqual([
      {
        produto: 'Bitoque',
        qtd: 1,
        complementos: ['Ovo a cavalo'],
        opcoes: ['Mal passado'],
        porcao: 'meia',
        observacoes: 'Sem cebola',
        total: 680,
      },
      {
        produto: 'Sopa de legumes',
        qtd: 1,
        complementos: [],
        opcoes: [],
        porcao: 'dose',
        observacoes: null,
        total: 220,
      },
    ])
    const [pedido] = await pagamentos()
    expect((await responder(pedido.id, 'aprovar')).statusCode).toBe(200)
    const lida = (await cliente.call('GET', `/api/encomendas/${orderData.orderId}`)).json().data
    expect(lida).toMatchObject({ status: -1, minutos: 25, linhas: orderData.linhas })
    // The store's board and POS read the same lines (STORE-API.md `linhas[].porcao`, `observacoes`).
    const pos = (await loja('GET', '/encomendas?estado=-1,1')).json().data
    expect(pos).toHaveLength(1)
    expect(pos[0].linhas).toEqual(orderData.linhas)
    // The counter tablet's board, paired with the store's key.
    const entrar = await t.app.inject({
      method: 'POST',
      url: '/painel/api/entrar',
      payload: { chave: scene.chaveLoja },
    })
    const painel = entrar.cookies.find((c) => c.name === 'balcao_painel')?.value ?? ''
    const quadro = await t.app.inject({
      method: 'GET',
      url: '/painel/api/encomendas',
      cookies: { balcao_painel: painel },
    })
    expect(quadro.statusCode, quadro.body).toBe(200)
    expect(quadro.json().data.map((e: { linhas: unknown }) => e.linhas)).toEqual([orderData.linhas])

    // A menu changed afterwards does not change the promise already made.
    const novo = ementaCompleta('completa-2', {
      produto: (cod, p) => {
        if (cod === 3002) Object.assign(p, { tempo: 45 })
      },
    })
    await t.app.inject({
      method: 'PUT',
      url: '/api/loja/v1/ementa',
      headers: { authorization: `Bearer ${scene.chaveLoja}` },
      payload: novo,
    })
    expect((await cliente.call('GET', `/api/encomendas/${orderData.orderId}`)).json().data.minutos).toBe(25)
  })

  it('promises never less than 15 minutes, whatever the products’ times', async () => {
    // The soup takes 5 minutes; the water says nothing.
    const res = await finalizar(
      pedidoDeTeste({
        cart: [
          { id: '3001', qtd: 2 },
          { id: '3202', qtd: 1 },
        ],
      }),
      'k-sopa',
    )
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().data.orderData.minutos).toBe(15)
  })
})
