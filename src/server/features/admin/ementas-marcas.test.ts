import { beforeEach, describe, expect, it } from 'vitest'
import { APENAS_MAIORES } from '../../../shared/maioridade.ts'
import { ementaComLei, IMPERIAL, SALADA, SOPA, VINHO } from '../../testing/ementa.ts'
import type { TestApp } from '../../testing/harness.ts'
import { testDialects } from '../../testing/harness.ts'
import { setupOrders } from '../encomendas/testing.ts'
import { ADMIN_COOKIE } from './routes.ts'
import { signedInAdmin } from './testing.ts'

/**
 * The back-office's marks on a store's products (decision 0037): alcoholic (sold to adults only, as the POS's
 * `restricted`) and the take-away packaging, which the app's catalogue, calculation and checkout follow at once; what the
 * POS says stands; within the staff member's reach, audited.
 */
describe.each(testDialects())('back-office marks: alcohol and packaging, on %s', (dialect) => {
  const scene = setupOrders(dialect)
  const { clock } = scene
  let t: TestApp

  beforeEach(async () => {
    t = scene.t
    clock.advance(Date.parse('2026-11-23T12:00:00.000Z') - clock.now().getTime())
    for (const chave of [scene.chaveLoja, scene.chaveOutra]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/loja/v1/ementa',
        headers: { authorization: `Bearer ${chave}` },
        payload: ementaComLei(),
      })
      expect(res.statusCode, res.body).toBe(200)
    }
  })

  const staff = (cookie: string) => (method: 'GET' | 'POST', url: string, body?: unknown) =>
    t.app.inject({
      method,
      url: `/admin/api${url}`,
      headers: { accept: 'application/json', cookie: `${ADMIN_COOKIE}=${cookie}` },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    })
  const calcular = (cart: unknown[], extra: Record<string, unknown> = {}) =>
    scene.cliente.call('POST', '/api/calcula-encomenda', { id_loja: 862, cart, ...extra })
  const catalogo = async (idLoja = 862) =>
    (
      (await scene.cliente.call('GET', `/api/catalogo/${idLoja}`)).json().data.categorias as {
        produtos: { id: string; apenas_maiores: boolean; contribuicao_embalagem: number }[]
      }[]
    ).flatMap((c) => c.produtos)
  const doCatalogo = async (id: string, idLoja = 862) => (await catalogo(idLoja)).find((p) => p.id === id)

  it('marks a product alcoholic and sets its packaging: the app follows at once; the POS’s word stands', async () => {
    const admin = staff(await signedInAdmin(t, 'chefe@exemplo.pt', 'admin', { clock }))
    await t.database.db
      .updateTable('utilizadores')
      .set({ data_nascimento: '2010-05-01' })
      .where('id', '=', scene.clienteId)
      .execute()
    const lista = (await admin('GET', '/lojas/862/produtos')).json().data as { cod_produto: string }[]
    // Every product the app offers, the beer for adults only among them.
    expect(lista.find((p) => p.cod_produto === IMPERIAL)).toMatchObject({
      restrito_pos: true,
      alcoolico: false,
      apenas_maiores: true,
    })
    expect(lista.find((p) => p.cod_produto === SOPA)).toMatchObject({
      embalagem_pos: 'plastico',
      embalagem: null,
      embalagem_efetiva: 'plastico',
    })
    expect((await calcular([{ id: VINHO, qtd: 1 }])).statusCode).toBe(200)

    const vinho = await admin('POST', '/lojas/862/marcas', { cod_produto: VINHO, alcoolico: true, embalagem: null })
    expect(vinho.statusCode, vinho.body).toBe(200)
    expect(vinho.json().data).toMatchObject({ alcoolico: true, apenas_maiores: true })
    expect(await doCatalogo(VINHO)).toMatchObject({ apenas_maiores: true })
    // Only at this store: the other's POS codes are its own.
    expect(await doCatalogo(VINHO, 848)).toMatchObject({ apenas_maiores: false })
    const menor = await calcular([
      { id: '1001', qtd: 1 },
      { id: VINHO, qtd: 1 },
    ])
    expect(menor.statusCode).toBe(422)
    expect(menor.json().error.fields).toEqual({ 'cart.1': APENAS_MAIORES })

    // A salad the POS says nothing of: in aluminium, it pays the contribution on a take-away order.
    const salada = await admin('POST', '/lojas/862/marcas', {
      cod_produto: SALADA,
      alcoolico: false,
      embalagem: 'aluminio',
    })
    expect(salada.json().data).toMatchObject({ embalagem: 'aluminio', embalagem_efetiva: 'aluminio' })
    expect(await doCatalogo(SALADA)).toMatchObject({ contribuicao_embalagem: 30 })
    const calculo = (await calcular([{ id: SALADA, qtd: 2 }])).json().data.loyaltyData
    expect(calculo.embalagens).toEqual([{ produto: 'Salada de grão', qtd: 2, valor: 60 }])

    // The POS's word stands: its packaging wins over the back-office's, its `restricted` is not taken off.
    await admin('POST', '/lojas/862/marcas', { cod_produto: SOPA, alcoolico: false, embalagem: 'papel' })
    expect(await doCatalogo(SOPA)).toMatchObject({ contribuicao_embalagem: 30 })
    const cerveja = await admin('POST', '/lojas/862/marcas', {
      cod_produto: IMPERIAL,
      alcoolico: false,
      embalagem: null,
    })
    expect(cerveja.json().data).toMatchObject({ restrito_pos: true, apenas_maiores: true })
    expect((await calcular([{ id: IMPERIAL, qtd: 1 }])).statusCode).toBe(422)

    // Taken off: sold to a minor again, no contribution; the same marks again write nothing.
    await admin('POST', '/lojas/862/marcas', { cod_produto: VINHO, alcoolico: false, embalagem: null })
    expect((await calcular([{ id: VINHO, qtd: 1 }])).statusCode).toBe(200)
    await admin('POST', '/lojas/862/marcas', { cod_produto: SALADA, alcoolico: false, embalagem: 'aluminio' })

    const auditoria = await t.database.db
      .selectFrom('admin_auditoria')
      .select(['acao', 'entidade_id', 'antes', 'depois'])
      .where('acao', '=', 'produto.marcar')
      .orderBy('id')
      .execute()
    expect(auditoria.map((a) => a.entidade_id)).toEqual([
      `862/${VINHO}`,
      `862/${SALADA}`,
      `862/${SOPA}`,
      `862/${VINHO}`,
    ])
    expect(JSON.parse(auditoria[0]?.antes ?? '')).toMatchObject({ alcoolico: false, embalagem: null })
    expect(JSON.parse(auditoria[0]?.depois ?? '')).toMatchObject({ nome: 'Vinho tinto (copo)', alcoolico: true })
  })

  it('within reach only; an unknown product or packaging is refused, and nothing is written', async () => {
    const loja = staff(await signedInAdmin(t, 'loja@exemplo.pt', 'loja', { clock, idLoja: 862 }))
    const marca = { cod_produto: VINHO, alcoolico: true, embalagem: null }
    expect((await loja('POST', '/lojas/848/marcas', marca)).statusCode).toBe(403)
    const desconhecido = await loja('POST', '/lojas/862/marcas', { ...marca, cod_produto: '9999' })
    expect(desconhecido.statusCode).toBe(404)
    expect(desconhecido.json().error.message).toBe('Este produto não está na ementa da loja.')
    expect((await loja('POST', '/lojas/862/marcas', { ...marca, embalagem: 'vidro' })).statusCode).toBe(400)
    expect((await loja('POST', '/lojas/862/marcas', { cod_produto: VINHO })).statusCode).toBe(400)
    expect(await t.database.db.selectFrom('ementas_produtos_marcas').selectAll().execute()).toEqual([])
    expect(await doCatalogo(VINHO, 848)).toMatchObject({ apenas_maiores: false })
    // Its own store's products: marked.
    expect((await loja('POST', '/lojas/862/marcas', marca)).statusCode).toBe(200)
    expect(await doCatalogo(VINHO)).toMatchObject({ apenas_maiores: true })
  })
})
