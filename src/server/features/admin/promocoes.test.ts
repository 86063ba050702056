import { beforeEach, describe, expect, it } from 'vitest'
import { promocoesMensagens } from '../../../shared/promocoes.ts'
import { HOUR, MINUTE } from '../../platform/clock.ts'
import { lojasChavesRepo } from '../../platform/store-keys.ts'
import { insertLoja, insertRestaurante } from '../../testing/fixtures.ts'
import type { TestApp } from '../../testing/harness.ts'
import { testDialects } from '../../testing/harness.ts'
import { setupTill } from '../fidelizacao/testing.ts'
import { chamadas, DOBRO_DE_PONTOS as DOBRO, signedInAdmin } from './testing.ts'

/**
 * Promotions that apply themselves (decision 0052): set in the back-office, checked, audited, within a gestor's reach;
 * the till's next purchase earns under those in force at its instant, in its store and in the store's own time zone,
 * and says which; a refund takes back exactly what the purchase earned; a change never reaches a purchase written.
 *
 * The suite's clock: Sunday 22/11/2026 10:00 in Lisbon (09:00 in the Azores).
 */

describe.each(testDialects())('promotions, on %s', (dialect) => {
  const scene = setupTill(dialect)
  const { cliente, privado, loja, comprar } = scene
  let t: TestApp
  let admin: string
  let c: ReturnType<typeof chamadas>

  beforeEach(async () => {
    t = scene.t
    c = chamadas(t)
    admin = await signedInAdmin(t, 'admin-promocoes@exemplo.pt', 'admin', { clock: scene.clock })
  })

  const criar = async (corpo: Record<string, unknown>, cookie = admin) => c.call(cookie, 'POST', '/promocoes', corpo)
  const criada = async (corpo: Record<string, unknown>) => {
    const r = await criar(corpo)
    expect(r.statusCode, r.body).toBe(200)
    return r.json().data as { id: number; estado: string }
  }
  const restaurante862 = async () =>
    (
      await t.database.db
        .selectFrom('lojas')
        .select('restaurante_id')
        .where('id_loja', '=', 862)
        .executeTakeFirstOrThrow()
    ).restaurante_id

  it('is set by an admin, checked and audited, and the next till purchase earns double at once, saying so', async () => {
    const cl = await cliente()
    const antes = await comprar(cl.id, 2000)
    expect(antes.json().data.transacao).toMatchObject({ pontos_ganhos: 20, promocoes: [] })

    const erros = await criar({
      ...DOBRO,
      fim: '2026-11-21',
      hora_inicio: '12:00',
      multiplicador: 1,
    })
    expect(erros.statusCode).toBe(400)
    expect(erros.json().error.fields).toEqual({
      fim: promocoesMensagens.fimAntesDoInicio,
      hora_fim: promocoesMensagens.horas,
      multiplicador: promocoesMensagens.multiplicador,
    })
    const credito = await criar({ ...DOBRO, efeito: 'credito_percent', credito_percent: 5 })
    expect(credito.statusCode).toBe(400)
    expect(credito.json().error.fields).toEqual({ credito_percent: promocoesMensagens.creditoAbaixo('5') })
    expect((await criar({ ...DOBRO, ambito: 'loja', id_loja: 999 })).json().error.fields).toEqual({
      id_loja: promocoesMensagens.loja,
    })
    // Over already, or on no day it could apply (a Monday only, within a Sunday).
    expect((await criar({ ...DOBRO, inicio: '2026-11-20', fim: '2026-11-21' })).json().error.fields).toEqual({
      fim: promocoesMensagens.fimNoPassado,
    })
    expect((await criar({ ...DOBRO, dias_semana: [1] })).json().error.fields).toEqual({
      dias_semana: promocoesMensagens.diasForaDasDatas,
    })

    const p = await criada(DOBRO)
    expect(p).toMatchObject({ nome: 'Dobro de pontos', estado: 'em-curso', ativa: true, multiplicador: 2 })
    const [entrada] = await c.auditoria('promocao.criar')
    expect(JSON.parse(String(entrada?.depois))).toMatchObject({ nome: 'Dobro de pontos' })

    const r = await comprar(cl.id, 2000)
    expect(r.statusCode, r.body).toBe(201)
    const transacao = r.json().data.transacao
    expect(transacao).toMatchObject({ pontos_ganhos: 40, saldo_adicionado: 100 })
    expect(transacao.promocoes).toEqual([{ id: p.id, nome: 'Dobro de pontos', pontos: 20, credito: 0 }])
    const dados = await privado(cl.d)
    expect(dados.user.data.pontos).toBe(60)
    expect(dados.transacoes[0].promocoes).toEqual(transacao.promocoes)
    // The customer is told what the promotion added.
    const aviso = await t.database.db
      .selectFrom('notificacoes')
      .select(['titulo', 'texto'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(aviso.texto).toContain('Promoção Dobro de pontos: mais 20 pontos.')

    // Ended by hand: the next purchase earns as the rules say; the one written keeps what it earned.
    const fim = await c.call(admin, 'POST', `/promocoes/${p.id}`, { ...DOBRO, ativa: false })
    expect(fim.statusCode, fim.body).toBe(200)
    expect(fim.json().data.estado).toBe('terminada')
    expect((await comprar(cl.id, 2000)).json().data.transacao).toMatchObject({ pontos_ganhos: 20, promocoes: [] })
    expect((await privado(cl.d)).transacoes[1].promocoes).toEqual(transacao.promocoes)
    expect((await c.call(admin, 'GET', '/promocoes')).json().data).toHaveLength(1)
  })

  it("applies in its window and scope only: the days, the hours in the store's own zone, a restaurant, a store", async () => {
    const cl = await cliente()
    const pontos = async (key?: string) => (await comprar(cl.id, 1000, 0, { key })).json().data.transacao.pontos_ganhos
    // Sundays 10:00–11:00, in Baixa (848) only.
    await criada({ ...DOBRO, dias_semana: [7], hora_inicio: '10:00', hora_fim: '11:00', ambito: 'loja', id_loja: 848 })
    expect(await pontos()).toBe(10)
    expect(await pontos(scene.key848)).toBe(20)
    scene.clock.advance(HOUR)
    expect(await pontos(scene.key848)).toBe(10)
    // Not on a Monday, whatever the hour (10:30).
    scene.clock.advance(23 * HOUR + 30 * MINUTE)
    expect(await pontos(scene.key848)).toBe(10)

    // A restaurant's: its stores, not another restaurant's. An Azores store reads the hours in its own time.
    scene.clock.advance(-24 * HOUR)
    // A day later the back-office's session has ended: signed in again.
    admin = await signedInAdmin(t, 'admin-promocoes-2@exemplo.pt', 'admin', { clock: scene.clock })
    const outro = await insertRestaurante(t.database.db, { tag: 'acores', name: 'Sabores dos Açores' })
    await insertLoja(t.database.db, { tag: 'ponta-delgada', restaurante_id: outro.id, id_loja: 901, regiao: 'acores' })
    const key901 = (await lojasChavesRepo(t.database.db, scene.clock).create(901, 'caixa-901')).chave
    await criada({ ...DOBRO, multiplicador: 3, ambito: 'restaurante', id_restaurante: await restaurante862() })
    expect(await pontos()).toBe(30)
    expect(await pontos(key901)).toBe(10)
    // 10:30 in Lisbon is 09:30 in the Azores: a promotion from 10:00 starts there an hour later.
    await criada({ ...DOBRO, multiplicador: 4, hora_inicio: '10:00', hora_fim: '12:00', ambito: 'loja', id_loja: 901 })
    expect(await pontos(key901)).toBe(10)
    scene.clock.advance(30 * MINUTE)
    expect(await pontos(key901)).toBe(40)
  })

  it('adds bonus points on a product and from a minimum spend, raises the credit; a refund takes back exactly that', async () => {
    const cl = await cliente()
    const bica = await criada({
      ...DOBRO,
      nome: 'Bica com pontos',
      efeito: 'pontos_produto',
      pontos: 5,
      cod_produto: '1001',
    })
    const vinte = await criada({
      ...DOBRO,
      nome: 'Acima de 20 €',
      efeito: 'pontos_gasto_minimo',
      pontos: 50,
      gasto_minimo: 2000,
    })
    const saldo = await criada({ ...DOBRO, nome: 'Saldo a 10 %', efeito: 'credito_percent', credito_percent: 10 })

    const r = await loja('POST', '/compras', {
      cliente_id: cl.id,
      total: 2500,
      saldo_a_usar: 0,
      referencia: 'FT 9',
      produtos: [
        { cod_produto: '1001', quantidade: 3 },
        { cod_produto: '2002', quantidade: 1 },
      ],
    })
    expect(r.statusCode, r.body).toBe(201)
    const compra = r.json().data.transacao
    // 25 points (1 a euro) + 3 × 5 + 50; credit 10 % of 25,00 € instead of 5 %.
    expect(compra).toMatchObject({ pontos_ganhos: 90, saldo_adicionado: 250 })
    expect(compra.promocoes).toEqual([
      { id: bica.id, nome: 'Bica com pontos', pontos: 15, credito: 0 },
      { id: vinte.id, nome: 'Acima de 20 €', pontos: 50, credito: 0 },
      { id: saldo.id, nome: 'Saldo a 10 %', pontos: 0, credito: 125 },
    ])
    const antes = (await privado(cl.d)).user.data
    const devolucao = await loja('POST', `/compras/${compra.id}/devolucoes`, { valor: 2500 })
    expect(devolucao.statusCode, devolucao.body).toBe(201)
    expect(devolucao.json().data.transacao).toMatchObject({ pontos_ganhos: -90, saldo_removido: 250 })
    const depois = (await privado(cl.d)).user.data
    expect(depois.pontos).toBe(antes.pontos - 90)
    expect(depois.saldo).toBe(antes.saldo - 250)
    // Under 20 € paid: no minimum-spend bonus.
    expect((await comprar(cl.id, 1999)).json().data.transacao.pontos_ganhos).toBe(19)
  })

  it('is announced by a campaign: the app says what it gives, when and where, while it runs', async () => {
    const nosso = await restaurante862()
    const p = await criada({ ...DOBRO, dias_semana: [6, 7], ambito: 'restaurante', id_restaurante: nosso })
    const campanha = {
      title: 'Dobro de pontos',
      text: 'Ao fim de semana, os pontos contam a dobrar.',
      tag: 'dobro-de-pontos',
      posicao: 1,
      destaque: false,
    }
    const semPromocao = await c.call(admin, 'POST', '/campanhas', { ...campanha, promocao_id: 999 })
    expect(semPromocao.statusCode).toBe(400)
    expect(semPromocao.json().error.fields).toEqual({ promocao_id: 'Esta promoção não existe.' })
    const criadaCampanha = await c.call(admin, 'POST', '/campanhas', { ...campanha, promocao_id: p.id })
    expect(criadaCampanha.statusCode, criadaCampanha.body).toBe(200)
    const { id } = criadaCampanha.json().data
    expect(criadaCampanha.json().data.promocao_id).toBe(p.id)
    await c.call(admin, 'POST', `/campanhas/${id}/publicar`)
    const ler = async () => (await c.ler('/api/campanhas/dobro-de-pontos')).json().data.promocao
    expect(await ler()).toEqual({
      nome: 'Dobro de pontos',
      descricao: 'Pontos a dobrar',
      quando: 'No dia 22/11/2026',
      onde: 'Nas lojas Nata & Grão',
    })
    // Ended: the campaign no longer promises it (the read cache forgot the campaign at once).
    await c.call(admin, 'POST', `/promocoes/${p.id}`, { ...DOBRO, ativa: false })
    expect(await ler()).toBeNull()
    await c.call(admin, 'POST', `/promocoes/${p.id}`, DOBRO)
    expect(await ler()).toMatchObject({ quando: 'No dia 22/11/2026', onde: 'Em todas as lojas' })
    // Past its last day (in the Azores too), with nothing edited: the cached page no longer promises it.
    scene.clock.advance(26 * HOUR)
    expect(await ler()).toBeNull()
  })

  it("lets a gestor set their restaurants' promotions only", async () => {
    const nosso = await restaurante862()
    const gestor = await signedInAdmin(t, 'gestor-promocoes@exemplo.pt', 'gestor', {
      clock: scene.clock,
      restaurantes: [nosso],
    })
    const todas = await criar(DOBRO, gestor)
    expect(todas.statusCode).toBe(403)
    expect(todas.json().error.fields).toEqual({ ambito: promocoesMensagens.foraDoAlcance })
    const outro = await insertRestaurante(t.database.db, { tag: 'outro', name: 'Outro' })
    await insertLoja(t.database.db, { tag: 'outra', restaurante_id: outro.id, id_loja: 905 })
    expect((await criar({ ...DOBRO, ambito: 'loja', id_loja: 905 }, gestor)).statusCode).toBe(403)
    const ok = await criar({ ...DOBRO, ambito: 'restaurante', id_restaurante: nosso }, gestor)
    expect(ok.statusCode, ok.body).toBe(200)
    // Another's promotion cannot be taken into their reach.
    const doAdmin = await criada(DOBRO)
    const tomar = await c.call(gestor, 'POST', `/promocoes/${doAdmin.id}`, {
      ...DOBRO,
      ambito: 'restaurante',
      id_restaurante: nosso,
    })
    expect(tomar.statusCode).toBe(403)
    expect((await c.call(gestor, 'GET', '/promocoes')).json().data).toHaveLength(2)
    // Their own: edited and ended.
    const propria = await c.call(gestor, 'POST', `/promocoes/${ok.json().data.id}`, {
      ...DOBRO,
      ambito: 'restaurante',
      id_restaurante: nosso,
      ativa: false,
    })
    expect(propria.statusCode, propria.body).toBe(200)
    expect(propria.json().data.estado).toBe('terminada')
  })
})
