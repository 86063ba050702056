import { beforeEach, describe, expect, it } from 'vitest'
import { premiosMensagens } from '../../../shared/premios.ts'
import type { TestApp } from '../../testing/harness.ts'
import { testDialects } from '../../testing/harness.ts'
import { setupTill } from '../fidelizacao/testing.ts'
import { chamadas, pngDe, signedInAdmin } from './testing.ts'

/**
 * What a reward is (decision 0051): the back-office defines it (admin only, validated, audited), the app and the till
 * name it, and a purchase that redeems it takes an amount off the bill or records the product given, once even under
 * concurrent requests; a refund gives it back.
 */
describe.each(testDialects())('the reward, on %s', (dialect) => {
  const scene = setupTill(dialect)
  const { cliente, privado, loja, prova } = scene
  let t: TestApp
  let admin: string
  let c: ReturnType<typeof chamadas>

  beforeEach(async () => {
    t = scene.t
    c = chamadas(t)
    admin = await signedInAdmin(t, 'admin-premio@exemplo.pt', 'admin', { clock: scene.clock })
  })

  const definir = (corpo: Record<string, unknown>, cookie = admin) =>
    c.call(cookie, 'POST', '/definicoes/premio', corpo)

  /** A customer holding `n` rewards: 100 € bought per reward (1 point a euro, a reward every 100 points). */
  async function comPremios(n: number, telemovel = '912345678') {
    const cl = await cliente(telemovel)
    for (let i = 0; i < n; i++) {
      const r = await loja('POST', '/compras', {
        cliente_id: cl.id,
        total: 10_000,
        saldo_a_usar: 0,
        referencia: `P${i}`,
      })
      expect(r.statusCode, r.body).toBe(201)
    }
    return cl
  }

  const usar = async (clienteId: number, corpo: { total: number; saldo_a_usar?: number; itens_a_redimir?: number }) =>
    loja('POST', '/compras', {
      cliente_id: clienteId,
      identificacao: await prova(clienteId),
      saldo_a_usar: 0,
      itens_a_redimir: 1,
      referencia: 'FT 1',
      ...corpo,
    })

  it('is defined in the back-office by an admin, checked and audited, and named by the app and the till', async () => {
    expect((await c.call(admin, 'GET', '/definicoes/premio')).json().data).toEqual({ atual: null, definido_em: null })
    const cl = await comPremios(1)
    // None defined: a reward is only counted, as before.
    expect((await privado(cl.d)).user.data).toMatchObject({ itens: 1, premio: null })

    const semValor = await definir({ nome: 'Desconto', tipo: 'valor', valor: 0 })
    expect(semValor.statusCode).toBe(400)
    expect(semValor.json().error.fields).toEqual({ valor: premiosMensagens.valor })
    const gestor = await signedInAdmin(t, 'gestor-premio@exemplo.pt', 'gestor', {
      clock: scene.clock,
      restaurantes: [],
    })
    expect((await definir({ nome: 'Café oferta', tipo: 'produto', valor: 0 }, gestor)).statusCode).toBe(403)

    const imagem = await c.carregar(admin, await pngDe(40, 40))
    const ok = await definir({ nome: 'Café oferta', tipo: 'produto', valor: 150, cod_produto: 'CAF01', imagem })
    expect(ok.statusCode, ok.body).toBe(200)
    const premio = ok.json().data.atual
    // A product given takes nothing off the bill, whatever value was typed.
    expect(premio).toMatchObject({ nome: 'Café oferta', tipo: 'produto', valor: 0, cod_produto: 'CAF01', imagem })
    const [entrada] = await c.auditoria('definicoes.premio')
    expect(JSON.parse(String(entrada?.depois))).toMatchObject({ nome: 'Café oferta' })

    expect((await privado(cl.d)).user.data.premio).toEqual(premio)
    const id = await loja('POST', '/clientes/identificar', { qr: cl.qr })
    expect(id.json().data.cliente).toMatchObject({
      itens: 1,
      premios: [{ id: premio.id, nome: 'Café oferta', tipo: 'produto', valor: 0 }],
    })
  })

  it('records the product given, or takes the amount off the bill, and a refund gives the reward back', async () => {
    const produto = (await definir({ nome: 'Café oferta', tipo: 'produto', valor: 0 })).json().data.atual
    const cl = await comPremios(2)
    const dado = await usar(cl.id, { total: 500 })
    expect(dado.statusCode, dado.body).toBe(201)
    expect(dado.json().data.transacao).toMatchObject({
      subtotal: 500,
      desconto: 0,
      valor_pago: 500,
      itens_redimidos: 1,
      premios: [{ id: produto.id, nome: 'Café oferta', tipo: 'produto', valor: 0 }],
    })

    const valor = (await definir({ nome: 'Vale de 2 €', tipo: 'valor', valor: 200 })).json().data.atual
    // The balance comes off what is left after the reward: 5 € − 2 € leaves 3 €, and the customer holds 15 €.
    const demais = await usar(cl.id, { total: 500, saldo_a_usar: 301 })
    expect(demais.statusCode).toBe(422)
    expect(demais.json().error.fields).toEqual({
      saldo_a_usar: 'O saldo a usar não pode ser maior do que o total depois do prémio.',
    })
    const menos = await usar(cl.id, { total: 500, saldo_a_usar: 100 })
    expect(menos.statusCode, menos.body).toBe(201)
    const transacao = menos.json().data.transacao
    // 5 € − 2 € (the reward) − 1 € (balance) = 2 € paid, and credit (5 %) and points on the 2 € only.
    expect(transacao).toMatchObject({
      subtotal: 500,
      desconto: 300,
      saldo_removido: 100,
      valor_pago: 200,
      saldo_adicionado: 10,
      pontos_ganhos: 2,
      itens_redimidos: 1,
      itens_adicionados: 0,
      premios: [{ id: valor.id, nome: 'Vale de 2 €', tipo: 'valor', valor: 200 }],
    })
    expect((await privado(cl.d)).user.data).toMatchObject({ itens: 0, premio: { id: valor.id } })

    // Refunded whole: the 2 € paid back by the store, the balance and the reward back to the customer.
    const devolucao = await loja('POST', `/compras/${transacao.id}/devolucoes`, { valor: 200 })
    expect(devolucao.statusCode, devolucao.body).toBe(201)
    expect(devolucao.json().data.transacao).toMatchObject({ itens_redimidos: -1, saldo_adicionado: 100 })
    expect((await privado(cl.d)).user.data).toMatchObject({ itens: 1 })
  })

  it('is used once when several tills redeem the last one at the same moment', async () => {
    await definir({ nome: 'Vale de 2 €', tipo: 'valor', valor: 200 })
    const cl = await comPremios(1)
    const provas = await Promise.all(Array.from({ length: 6 }, () => prova(cl.id)))
    const respostas = await Promise.all(
      provas.map((identificacao, i) =>
        loja('POST', '/compras', {
          cliente_id: cl.id,
          identificacao,
          total: 500,
          saldo_a_usar: 0,
          itens_a_redimir: 1,
          referencia: `R${i}`,
        }),
      ),
    )
    const estados = respostas.map((r) => r.statusCode).sort()
    expect(estados).toEqual([201, 409, 409, 409, 409, 409])
    const usados = await t.database.db
      .selectFrom('transacoes')
      .select(['itens_redimidos', 'desconto_premio'])
      .where('utilizador_id', '=', cl.id)
      .where('itens_redimidos', '>', 0)
      .execute()
    expect(usados).toEqual([{ itens_redimidos: 1, desconto_premio: 200 }])
    expect((await privado(cl.d)).user.data.itens).toBe(0)
  })
})
