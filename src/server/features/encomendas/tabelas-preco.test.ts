import { beforeEach, describe, expect, it } from 'vitest'
import type { Catalogo, ProdutoCatalogo } from '../../../shared/catalogo.ts'
import { mensagens } from '../../../shared/validacao.ts'
import { pedidoDeTeste } from '../../testing/ementa.ts'
import { ementaCompleta } from '../../testing/ementa-completa.ts'
import type { device, TestApp } from '../../testing/harness.ts'
import { testDialects } from '../../testing/harness.ts'
import { signedInAdmin } from '../admin/testing.ts'
import { setupOrders } from './testing.ts'

/**
 * The POS's price tiers (decision 0026, decision 0026 "Price tiers"): each store charges take-away and eating in from the
 * tier its manager chose in the back-office (`precovenda` by default); a product without that tier, or with it at 0,
 * pays `precovenda`; a half portion pays `precomeia` in every tier. The catalogue shows both prices, the calculation
 * and the checkout charge the one of the order's kind of sale, never the app's figure.
 */
describe.each(testDialects())('ordering: price tiers per store on %s', (dialect) => {
  const scene = setupOrders(dialect)
  const { finalizar } = scene
  let t: TestApp
  let cliente: ReturnType<typeof device>
  let admin: string

  // Água: precovenda 1,20 €, pvp2 1,50 €, pvp3 1,00 €, pvp4 sent as 0 (never filled in). Bitoque: precovenda only.
  const AGUA = { id: '3202', qtd: 2 }
  const BITOQUE_MEIA = { id: '3002', qtd: 1, opcoes: ['P1'], porcao: 'meia' }

  beforeEach(async () => {
    ;({ t, cliente } = scene)
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/loja/v1/ementa',
      headers: { authorization: `Bearer ${scene.chaveLoja}` },
      payload: ementaCompleta('tiers-1', {
        produto: (cod, p) => {
          if (cod === 3202) p.pvp4 = 0
        },
      }),
    })
    expect(res.statusCode, res.body).toBe(200)
    admin = await signedInAdmin(t, 'admin-precos@exemplo.pt', 'admin', { clock: scene.clock })
  })

  const produto = async (id: string): Promise<ProdutoCatalogo> => {
    const res = await cliente.call('GET', '/api/catalogo/862')
    expect(res.statusCode, res.body).toBe(200)
    const found = (res.json().data as Catalogo).categorias.flatMap((c) => c.produtos).find((p) => p.id === id)
    if (!found) throw new Error(`no product ${id} in the catalogue`)
    return found
  }
  const calcular = async (cart: unknown[], tipo?: 0 | 1) => {
    const res = await cliente.call('POST', '/api/calcula-encomenda', {
      id_loja: 862,
      cart,
      ...(tipo === undefined ? {} : { id_tipo_entrega: tipo }),
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data.loyaltyData
  }
  const adminCall = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    t.app.inject({
      method,
      url: `/admin/api${url}`,
      headers: { accept: 'application/json', cookie: `balcao_admin=${admin}` },
      ...(body === undefined ? {} : { payload: body as object }),
    })
  /** Store 862 as the back-office edits it, with `tiers` changed. */
  const definirTabelas = async (tiers: Record<string, unknown>) => {
    const restaurantes = (await adminCall('GET', '/restaurantes')).json().data as {
      lojas: ({ id: number; id_loja: number; tag: string; restaurante_id: number } & Record<string, unknown>)[]
    }[]
    const lojaStaff = restaurantes.flatMap((r) => r.lojas).find((l) => l.id_loja === 862)
    if (!lojaStaff) throw new Error('no store 862 in the back-office')
    const { id, id_loja: _i, tag: _t, restaurante_id: _r, ...campos } = lojaStaff
    return adminCall('POST', `/lojas-conteudo/${id}`, { ...campos, ...tiers })
  }

  it('charges precovenda for both kinds of sale until the store chooses a tier', async () => {
    expect(await produto('3202')).toMatchObject({ pvp_com_iva: 120, pvp_na_loja_com_iva: 120 })
    for (const tipo of [undefined, 0, 1] as const) {
      const { lines, transaction } = await calcular([AGUA], tipo)
      expect(lines[0]).toMatchObject({ unitario: 120, total: 240 })
      expect(transaction.total_transaction).toBe(240)
    }
  })

  it("prices the catalogue, the calculation and the order in the store's tier of each kind of sale", async () => {
    // Read once, so that a stale cached catalogue would show.
    expect((await produto('3202')).pvp_na_loja_com_iva).toBe(120)
    const res = await definirTabelas({ preco_take_away: 'pvp3', preco_na_loja: 'pvp2' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ preco_take_away: 'pvp3', preco_na_loja: 'pvp2' })

    expect(await produto('3202')).toMatchObject({ pvp_com_iva: 100, pvp_na_loja_com_iva: 150 })
    // A product without the tiers pays precovenda in both; its half portion pays precomeia.
    expect(await produto('3002')).toMatchObject({ pvp_com_iva: 950, pvp_na_loja_com_iva: 950, pvp_meia_com_iva: 600 })

    const takeAway = await calcular([AGUA, BITOQUE_MEIA], 0)
    expect(takeAway.lines.map((l: { unitario: number }) => l.unitario)).toEqual([100, 600])
    expect(takeAway.transaction.total_transaction).toBe(200 + 600)
    const naLoja = await calcular([AGUA, BITOQUE_MEIA], 1)
    expect(naLoja.lines.map((l: { unitario: number }) => l.unitario)).toEqual([150, 600])
    expect(naLoja.transaction.total_transaction).toBe(300 + 600)
    // An app that sends no kind of sale is priced as take-away, as spec §7's body was.
    expect((await calcular([AGUA])).transaction.total_transaction).toBe(200)

    // The order charges its own kind of sale's tier: the board and the POS see that total.
    const pedido = await finalizar(pedidoDeTeste({ cart: [AGUA, BITOQUE_MEIA], id_tipo_entrega: 1 }))
    expect(pedido.statusCode, pedido.body).toBe(201)
    const { orderData } = pedido.json().data
    expect(orderData).toMatchObject({ total: 900, id_tipo_entrega: 1 })
    expect(orderData.linhas.map((l: { total: number }) => l.total)).toEqual([300, 600])
    const outro = await finalizar(pedidoDeTeste({ cart: [AGUA], id_tipo_entrega: 0 }), 'k2')
    expect(outro.statusCode, outro.body).toBe(201)
    expect(outro.json().data.orderData.total).toBe(200)
    const guardadas = await t.database.db
      .selectFrom('encomendas')
      .select(['id_tipo_entrega', 'total'])
      .orderBy('id')
      .execute()
    expect(guardadas).toEqual([
      { id_tipo_entrega: 1, total: 900 },
      { id_tipo_entrega: 0, total: 200 },
    ])

    const [entrada] = await t.database.db
      .selectFrom('admin_auditoria')
      .select(['acao', 'antes', 'depois'])
      .where('acao', '=', 'loja.editar')
      .execute()
    expect(JSON.parse(String(entrada?.antes))).toMatchObject({
      preco_take_away: 'precovenda',
      preco_na_loja: 'precovenda',
    })
    expect(JSON.parse(String(entrada?.depois))).toMatchObject({ preco_take_away: 'pvp3', preco_na_loja: 'pvp2' })
  })

  it('keeps the tiers when a save leaves them out (a form from before them), and reads a stray stored value as precovenda', async () => {
    expect((await definirTabelas({ preco_take_away: 'pvp3', preco_na_loja: 'pvp2' })).statusCode).toBe(200)
    const semTabelas = await definirTabelas({
      preco_take_away: undefined,
      preco_na_loja: undefined,
      phone: '+351 210 000 000',
    })
    expect(semTabelas.statusCode, semTabelas.body).toBe(200)
    expect(semTabelas.json().data).toMatchObject({
      phone: '+351 210 000 000',
      preco_take_away: 'pvp3',
      preco_na_loja: 'pvp2',
    })
    expect(await produto('3202')).toMatchObject({ pvp_com_iva: 100, pvp_na_loja_com_iva: 150 })

    // A hand edit of the column to something no tier is: precovenda, never a failure.
    await t.database.db.updateTable('lojas').set({ preco_na_loja: 'pvp99' }).where('id_loja', '=', 862).execute()
    expect((await calcular([AGUA], 1)).transaction.total_transaction).toBe(240)
  })

  it('falls back to precovenda where the tier chosen is 0 or absent, and refuses a tier the POS has not', async () => {
    expect((await definirTabelas({ preco_take_away: 'pvp4', preco_na_loja: 'pvp10' })).statusCode).toBe(200)
    expect(await produto('3202')).toMatchObject({ pvp_com_iva: 120, pvp_na_loja_com_iva: 120 })
    expect((await calcular([AGUA], 1)).transaction.total_transaction).toBe(240)

    for (const valor of ['pvp11', 'pvp1', 'precomeia', 2, null]) {
      const res = await definirTabelas({ preco_na_loja: valor })
      expect(res.statusCode, String(valor)).toBe(400)
      expect(res.json().error.fields).toEqual({ preco_na_loja: mensagens.valorInvalido })
    }
    // Nothing changed.
    expect(await produto('3202')).toMatchObject({ pvp_com_iva: 120, pvp_na_loja_com_iva: 120 })
    const res = await cliente.call('POST', '/api/calcula-encomenda', { id_loja: 862, cart: [AGUA], id_tipo_entrega: 2 })
    expect(res.statusCode).toBe(400)
  })
})
