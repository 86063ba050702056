import { beforeEach, describe, expect, it } from 'vitest'
import { FILA_JANELA_MIN, MINUTOS_POR_ENCOMENDA_NA_FILA } from '../../../shared/cozinha.ts'
import { ESTADO, estadoTexto } from '../../../shared/estado-pedido.ts'
import { proximaHoraNoFuso } from '../../../shared/fusos.ts'
import { CARRINHO_DE_TESTE, pedidoDeTeste } from '../../testing/ementa.ts'
import type { TestApp } from '../../testing/harness.ts'
import { testDialects } from '../../testing/harness.ts'
import { signedInAdmin } from '../admin/testing.ts'
import { setupOrders } from './testing.ts'

const PAUSADA = 'Esta loja não está a aceitar encomendas de momento.'

/**
 * A busy kitchen (decision 0041): every promise counts the orders already in the kitchen and the minutes staff add
 * from the board ('Ocupada', until they set it back or the store's day ends); the board pauses and resumes online
 * orders; a store whose board has been away for PAUSA_SEM_PAINEL_MIN pauses them itself until it is back.
 */
describe.each(testDialects())('a busy kitchen on %s', (dialect) => {
  const scene = setupOrders(dialect, { PAUSA_SEM_PAINEL_MIN: 10 })
  const { finalizar, pagamentos, responder, loja, clock } = scene
  let t: TestApp
  let sessao: string

  beforeEach(async () => {
    t = scene.t
    const entrar = await t.app.inject({
      method: 'POST',
      url: '/painel/api/entrar',
      payload: { chave: scene.chaveLoja },
    })
    expect(entrar.statusCode, entrar.body).toBe(200)
    sessao = entrar.cookies.find((c) => c.name === 'balcao_painel')?.value ?? ''
  })

  const cozinha = async (method: 'GET' | 'POST' = 'GET', body?: unknown, cookie: string | null = sessao) => {
    const res = await t.app.inject({
      method,
      url: '/painel/api/cozinha',
      ...(cookie === null ? {} : { cookies: { balcao_painel: cookie } }),
      ...(body === undefined ? {} : { payload: body as object }),
    })
    return res
  }
  const definir = async (body: unknown) => {
    const res = await cozinha('POST', body)
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data
  }
  /** An order placed and paid: its id and the minutes it promised. */
  async function encomenda(chave: string): Promise<{ id: number; minutos: number }> {
    const res = await finalizar(pedidoDeTeste(), chave)
    expect(res.statusCode, res.body).toBe(201)
    const pendente = (await pagamentos()).find((p: { estado: string }) => p.estado === 'pendente')
    expect((await responder(pendente.id, 'aprovar')).statusCode).toBe(200)
    const id = res.json().data.orderData.orderId as number
    const { minutos } = await t.database.db
      .selectFrom('encomendas')
      .select('minutos')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    return { id, minutos }
  }
  const calcular = () =>
    scene.cliente.call('POST', '/api/calcula-encomenda', { id_loja: 862, cart: CARRINHO_DE_TESTE, id_tipo_entrega: 0 })
  const naLista = async () =>
    ((await t.api('GET', '/api/lojas-encomenda')).json().data as { id_loja: number; em_pausa: boolean }[]).find(
      (l) => l.id_loja === 862,
    )

  it("promises the products' time plus the queue and the busy minutes, and the busy minutes end with the store's day", async () => {
    expect((await cozinha()).json().data).toEqual({
      ocupada_minutos: 0,
      ocupada_ate: null,
      em_pausa: false,
      pausa_ate: null,
      fila: 0,
      acrescimo: 0,
    })
    const a = await encomenda('c1')
    const base = a.minutos
    // One order in the kitchen before it.
    const b = await encomenda('c2')
    expect(b.minutos).toBe(base + MINUTOS_POR_ENCOMENDA_NA_FILA)
    // Started, it is still in the kitchen; ready, it no longer is.
    expect((await loja('POST', `/encomendas/${a.id}/estado`, { estado: 1 }, 'p1')).statusCode).toBe(200)
    expect((await cozinha()).json().data).toMatchObject({ fila: 2, acrescimo: 2 * MINUTOS_POR_ENCOMENDA_NA_FILA })
    expect((await loja('POST', `/encomendas/${a.id}/estado`, { estado: 2 }, 'p2')).statusCode).toBe(200)
    expect((await cozinha()).json().data).toMatchObject({ fila: 1 })

    // 'Ocupada +20' until 05:00 on the store's clock (set at 12:00 on 23 November); sent twice, the same.
    const fimDoDia = '2026-11-24T05:00:00.000Z'
    const ocupada = await definir({ ocupada_minutos: 20 })
    expect(ocupada).toMatchObject({ ocupada_minutos: 20, ocupada_ate: fimDoDia, fila: 1 })
    expect(ocupada.acrescimo).toBe(MINUTOS_POR_ENCOMENDA_NA_FILA + 20)
    expect(await definir({ ocupada_minutos: 20 })).toEqual(ocupada)
    const c = await encomenda('c3')
    expect(c.minutos).toBe(base + MINUTOS_POR_ENCOMENDA_NA_FILA + 20)
    // The customer is told it ('Recebemos o seu pedido - N minutos').
    const res = await scene.cliente.call('GET', `/api/encomendas/${c.id}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ status: -1, minutos: c.minutos })
    expect(estadoTexto(ESTADO.recebido, true, res.json().data.minutos)).toBe(
      `Recebemos o seu pedido - ${base + MINUTOS_POR_ENCOMENDA_NA_FILA + 20} minutos`,
    )
    // An order promised before stays as promised.
    expect(
      (await t.database.db.selectFrom('encomendas').select('minutos').where('id', '=', b.id).executeTakeFirstOrThrow())
        .minutos,
    ).toBe(b.minutos)

    // Still busy past midnight (a late night's orders); at 05:00 a new working day starts normal.
    for (const id of [b.id, c.id]) {
      expect((await loja('POST', `/encomendas/${id}/estado`, { estado: 1 }, `q${id}`)).statusCode).toBe(200)
      expect((await loja('POST', `/encomendas/${id}/estado`, { estado: 2 }, `r${id}`)).statusCode).toBe(200)
    }
    clock.advance(Date.parse(fimDoDia) - 60_000 - clock.now().getTime())
    expect((await cozinha()).json().data).toMatchObject({ ocupada_minutos: 20 })
    clock.advance(2 * 60_000)
    expect((await cozinha()).json().data).toMatchObject({ ocupada_minutos: 0, ocupada_ate: null, acrescimo: 0 })
    expect((await encomenda('c4')).minutos).toBe(base)
    // An order left in the kitchen for over two hours (a POS that never moves its orders on) no longer counts.
    expect((await cozinha()).json().data).toMatchObject({ fila: 1 })
    clock.advance(FILA_JANELA_MIN * 60_000 + 1000)
    expect((await cozinha()).json().data).toMatchObject({ fila: 0, acrescimo: 0 })

    // Back to normal by hand.
    expect((await definir({ ocupada_minutos: 10 })).acrescimo).toBe(10)
    expect(await definir({ ocupada_minutos: 0 })).toMatchObject({ ocupada_minutos: 0, ocupada_ate: null })
  })

  it("ends 'Ocupada' at 05:00 on an Azores store's own clock, an hour after Lisbon's", async () => {
    await t.database.db.updateTable('lojas').set({ regiao: 'acores' }).where('id_loja', '=', 848).execute()
    const entrar = await t.app.inject({
      method: 'POST',
      url: '/painel/api/entrar',
      payload: { chave: scene.chaveOutra },
    })
    const acores = entrar.cookies.find((c) => c.name === 'balcao_painel')?.value ?? ''
    const res = await t.app.inject({
      method: 'POST',
      url: '/painel/api/cozinha',
      cookies: { balcao_painel: acores },
      payload: { ocupada_minutos: 30 },
    })
    // The test's clock runs on from the tests before: 05:00 in Lisbon, at 05:00 or 06:00 UTC, is the one to come.
    const lisboa = proximaHoraNoFuso(clock.now(), 5, 'Europe/Lisbon').toISOString()
    expect(lisboa).toMatch(/T05:00:00.000Z$/)
    const acoresAte = new Date(Date.parse(lisboa) + 60 * 60_000).toISOString()
    expect(res.json().data).toMatchObject({ ocupada_minutos: 30, ocupada_ate: acoresAte })
    // Lisbon's store, set at the same moment, ends an hour earlier; each tablet sets its own store only.
    expect(await definir({ ocupada_minutos: 10 })).toMatchObject({ ocupada_ate: lisboa })
    clock.advance(Date.parse(lisboa) + 30 * 60_000 - clock.now().getTime())
    expect((await cozinha()).json().data).toMatchObject({ ocupada_minutos: 0 })
    expect((await cozinha('GET', undefined, acores)).json().data).toMatchObject({ ocupada_minutos: 30, acrescimo: 30 })
  })

  it('refuses what it does not offer, and anyone but a paired tablet', async () => {
    for (const body of [{ ocupada_minutos: 15 }, { ocupada_minutos: '10' }, { em_pausa: 'sim' }, { outra: 1 }, {}]) {
      const res = await cozinha('POST', body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
    }
    const res = await cozinha('POST', { ocupada_minutos: 15 })
    expect(res.json().error.fields).toEqual({ ocupada_minutos: 'Escolha 0, 10, 20 ou 30 minutos.' })
    expect((await cozinha('GET', undefined, null)).statusCode).toBe(401)
    expect((await cozinha('POST', { em_pausa: true }, null)).statusCode).toBe(401)
    expect((await cozinha('POST', { em_pausa: true }, 'forjada')).statusCode).toBe(401)
    // A customer's session is no tablet's.
    expect((await scene.cliente.call('POST', '/painel/api/cozinha', { em_pausa: true })).statusCode).toBe(401)
    expect((await naLista())?.em_pausa).toBe(false)
  })

  it('pauses online orders from the board until it resumes them', async () => {
    const pausa = await definir({ em_pausa: true })
    expect(pausa).toMatchObject({ em_pausa: true, pausa_ate: null })
    const recusado = await calcular()
    expect(recusado.statusCode).toBe(422)
    expect(recusado.json().error.message).toBe(PAUSADA)
    expect(await naLista()).toMatchObject({ em_pausa: true })
    // Sent twice, the same pause (its start is not moved).
    const em = (
      await t.database.db
        .selectFrom('lojas')
        .select('encomendas_pausa_em')
        .where('id_loja', '=', 862)
        .executeTakeFirstOrThrow()
    ).encomendas_pausa_em
    clock.advance(60_000)
    expect(await definir({ em_pausa: true })).toMatchObject({ em_pausa: true })
    expect(
      (
        await t.database.db
          .selectFrom('lojas')
          .select('encomendas_pausa_em')
          .where('id_loja', '=', 862)
          .executeTakeFirstOrThrow()
      ).encomendas_pausa_em,
    ).toBe(em)

    expect(await definir({ em_pausa: false })).toMatchObject({ em_pausa: false })
    expect((await calcular()).statusCode).toBe(200)
    expect(await naLista()).toMatchObject({ em_pausa: false })
  })

  it("pauses a store's orders once its board has been away for 10 minutes, and resumes them when it is back", async () => {
    // A store that never had a board does not depend on one.
    clock.advance(60 * 60_000)
    expect((await calcular()).statusCode).toBe(200)

    // The POS reads its orders: its board is there.
    expect((await loja('GET', '/encomendas')).statusCode).toBe(200)
    const vistoAntes = clock.now().toISOString()
    clock.advance(9 * 60_000)
    expect((await calcular()).statusCode).toBe(200)
    clock.advance(60_000)
    const recusado = await calcular()
    expect(recusado.statusCode).toBe(422)
    expect(recusado.json().error.message).toBe(PAUSADA)
    expect(await naLista()).toMatchObject({ em_pausa: true, aberta: false, aviso: PAUSADA })
    expect((await t.api('GET', '/api/lojas/862/estado')).json().data).toMatchObject({ em_pausa: true })
    const checkout = await finalizar(pedidoDeTeste(), 'longe')
    expect(checkout.statusCode).toBe(422)
    // The back-office says why the store is paused (what staff set is not changed by it).
    const admin = await signedInAdmin(t, 'admin-cozinha@exemplo.pt', 'admin', { clock })
    const adminCall = (method: 'GET' | 'POST', url: string) =>
      t.app.inject({ method, url: `/admin/api${url}`, headers: { cookie: `balcao_admin=${admin}` } })
    const naGestao = async () =>
      ((await adminCall('GET', '/lojas')).json().data as { id_loja: number }[]).find((l) => l.id_loja === 862)
    expect(await naGestao()).toMatchObject({ em_pausa: true, pausa_em: null, sem_painel_desde: vistoAntes })

    // Back (here the tablet's kitchen bar, read every 30 s): at once. What staff set was not changed.
    expect((await cozinha()).json().data).toMatchObject({ em_pausa: false })
    expect((await calcular()).statusCode).toBe(200)
    expect(await naLista()).toMatchObject({ em_pausa: false })
    // Seen once a minute at most: a read 30 s later writes nothing, and the 10 minutes count from the last write.
    const visto = async () =>
      (
        await t.database.db
          .selectFrom('lojas')
          .select('painel_visto_em')
          .where('id_loja', '=', 862)
          .executeTakeFirstOrThrow()
      ).painel_visto_em
    const antes = await visto()
    clock.advance(30_000)
    expect((await loja('GET', '/encomendas')).statusCode).toBe(200)
    expect(await visto()).toBe(antes)
    clock.advance(40_000)
    expect((await loja('GET', '/encomendas')).statusCode).toBe(200)
    expect(await visto()).toBe(clock.now().toISOString())

    // The tablet's kitchen bar, read every 30 s, says it is there too.
    clock.advance(9 * 60_000)
    expect((await cozinha()).statusCode).toBe(200)
    clock.advance(5 * 60_000)
    expect((await calcular()).statusCode).toBe(200)
  })

  it('lets the back-office resume a store whose board is gone for good: it waits for none until one is seen', async () => {
    expect((await loja('GET', '/encomendas')).statusCode).toBe(200)
    clock.advance(11 * 60_000)
    expect((await calcular()).statusCode).toBe(422)
    const admin = await signedInAdmin(t, 'admin-retomar@exemplo.pt', 'admin', { clock })
    const retomar = await t.app.inject({
      method: 'POST',
      url: '/admin/api/lojas/862/retomar',
      headers: { cookie: `balcao_admin=${admin}` },
      payload: { value: true },
    })
    expect(retomar.statusCode, retomar.body).toBe(200)
    expect(retomar.json().data).toMatchObject({ em_pausa: false, sem_painel_desde: null })
    clock.advance(24 * 60 * 60_000)
    expect((await calcular()).statusCode).toBe(200)
    // A board seen again: the rule holds again.
    expect((await loja('GET', '/encomendas')).statusCode).toBe(200)
    clock.advance(11 * 60_000)
    expect((await calcular()).statusCode).toBe(422)
  })
})
