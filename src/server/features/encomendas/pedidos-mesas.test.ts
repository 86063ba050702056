import { beforeEach, describe, expect, it } from 'vitest'
import { mesasTextos } from '../../../shared/mesas.ts'
import { pedidoDeTeste } from '../../testing/ementa.ts'
import type { TestApp } from '../../testing/harness.ts'
import { testDialects } from '../../testing/harness.ts'
import { signedInAdmin } from '../admin/testing.ts'
import { setupOrders } from './testing.ts'

interface MesaImpressa {
  mesa: number
  url: string
}

/**
 * Ordering from the table (decision 0045): a store's staff print its tables' codes; a code opens the store, eating in,
 * at that table; the order carries the table to the board and the POS. A code made up, altered, of another store's
 * table, of a table the store no longer has, or of a store not taking orders now, is refused with a message.
 */
describe.each(testDialects())('table codes on %s', (dialect) => {
  const scene = setupOrders(dialect)
  const { finalizar, pagamentos, responder, loja, clock } = scene
  let t: TestApp
  let adminCookie: string

  const mesas = (idLoja: number, n: number) =>
    t.database.db.updateTable('lojas').set({ mesas: n }).where('id_loja', '=', idLoja).execute()
  const admin = (url: string, cookie = adminCookie) =>
    t.app.inject({ method: 'GET', url: `/admin/api${url}`, headers: { cookie: `balcao_admin=${cookie}` } })
  const imprimir = async (idLoja: number): Promise<MesaImpressa[]> => {
    const res = await admin(`/lojas/${idLoja}/mesas`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data.mesas
  }
  const codigoDe = (m: MesaImpressa) => m.url.split('/mesa/')[1] as string
  const abrir = (codigo: string) => t.api('GET', `/api/mesas/${encodeURIComponent(codigo)}`)

  beforeEach(async () => {
    t = scene.t
    adminCookie = await signedInAdmin(t, 'admin-mesas@exemplo.pt', 'admin', { clock })
  })

  it('prints a code per table, opens the store eating in at that table, and the order carries it to the board', async () => {
    expect(await imprimir(862)).toEqual([])
    await mesas(862, 3)
    const impressas = await imprimir(862)
    expect(impressas.map((m) => m.mesa)).toEqual([1, 2, 3])
    for (const m of impressas) expect(m.url).toMatch(/^https?:\/\/[^/]+\/mesa\/862-\d-[A-Za-z0-9_-]{16}$/)
    // Printed again, the same codes: the secret is the store's, made once.
    expect(await imprimir(862)).toEqual(impressas)
    // The store's list says it has tables.
    const lista = (await admin('/lojas')).json().data as { id_loja: number; mesas: number }[]
    expect(lista.find((l) => l.id_loja === 862)?.mesas).toBe(3)

    const mesa2 = codigoDe(impressas[1] as MesaImpressa)
    const aberta = await abrir(mesa2)
    expect(aberta.statusCode, aberta.body).toBe(200)
    expect(aberta.json().data).toMatchObject({ id_loja: 862, mesa: 2 })

    const res = await finalizar(pedidoDeTeste({ id_tipo_entrega: 1, mesa: mesa2 }), 'mesa-1')
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().data.orderData).toMatchObject({ mesa: 2, levantar_em: null, id_tipo_entrega: 1 })
    const pendente = (await pagamentos()).find((p: { estado: string }) => p.estado === 'pendente')
    expect((await responder(pendente.id, 'aprovar')).statusCode).toBe(200)
    const naLoja = (await loja('GET', '/encomendas?estado=-1')).json().data as { id: number; mesa: number | null }[]
    expect(naLoja.find((e) => e.id === res.json().data.orderData.orderId)?.mesa).toBe(2)
    // The same key again answers the same order.
    const outra = await finalizar(pedidoDeTeste({ id_tipo_entrega: 1, mesa: mesa2 }), 'mesa-1')
    expect(outra.json().data.orderData.orderId).toBe(res.json().data.orderData.orderId)
  })

  it('refuses a code made up or altered, of a table the store no longer has, or of a store without tables', async () => {
    await mesas(862, 3)
    const [primeira, , terceira] = await imprimir(862)
    const codigo = codigoDe(primeira as MesaImpressa)
    const recusa = async (c: string, status: number, mensagem: string) => {
      const res = await abrir(c)
      expect(res.statusCode, `${c}: ${res.body}`).toBe(status)
      expect(res.json().error.message).toBe(mensagem)
    }
    // Another table number under table 1's signature; another store's id; a signature changed; not a code at all.
    await recusa(codigo.replace(/^862-1-/, '862-2-'), 404, mesasTextos.invalido)
    await recusa(codigo.replace(/^862-/, '848-'), 404, mesasTextos.invalido)
    await recusa(`${codigo.slice(0, -1)}${codigo.endsWith('A') ? 'B' : 'A'}`, 404, mesasTextos.invalido)
    await recusa('mesa-7', 404, mesasTextos.invalido)
    // A store id past the databases' integer: not a code (PostgreSQL would refuse the number itself).
    await recusa('9999999999-1-AAAAAAAAAAAAAAAA', 404, mesasTextos.invalido)
    // The store has fewer tables now: table 3's code no longer opens; none at all, no table does.
    await mesas(862, 2)
    await recusa(codigoDe(terceira as MesaImpressa), 404, mesasTextos.inexistente)
    await mesas(862, 0)
    await recusa(codigo, 422, mesasTextos.semMesas)
    // Nothing was ordered from them.
    await mesas(862, 3)
    const pedido = await finalizar(pedidoDeTeste({ id_tipo_entrega: 1, mesa: codigoDe(terceira as MesaImpressa) }), 'x')
    expect(pedido.statusCode).toBe(201)
    await mesas(862, 2)
    const depois = await finalizar(pedidoDeTeste({ id_tipo_entrega: 1, mesa: codigoDe(terceira as MesaImpressa) }), 'y')
    expect(depois.statusCode, depois.body).toBe(422)
    expect(depois.json().error.fields).toEqual({ mesa: mesasTextos.inexistente })
  })

  it("refuses a table's code for another store's order, for take-away or with a pick-up time, and a closed store's", async () => {
    await mesas(862, 3)
    await mesas(848, 2)
    const de862 = codigoDe((await imprimir(862))[0] as MesaImpressa)
    const outraLoja = await finalizar(pedidoDeTeste({ id_loja: 848, id_tipo_entrega: 1, mesa: de862 }), 'a')
    expect(outraLoja.statusCode, outraLoja.body).toBe(422)
    expect(outraLoja.json().error.message).toBe(mesasTextos.outraLoja)
    const takeAway = await finalizar(pedidoDeTeste({ id_tipo_entrega: 0, mesa: de862 }), 'b')
    expect(takeAway.statusCode, takeAway.body).toBe(422)
    expect(takeAway.json().error.message).toBe(mesasTextos.soNaLoja)
    const comHora = await finalizar(
      pedidoDeTeste({ id_tipo_entrega: 1, mesa: de862, levantar_em: '2026-11-23T13:00:00.000Z' }),
      'b2',
    )
    expect(comHora.statusCode, comHora.body).toBe(422)
    expect(comHora.json().error.message).toBe(mesasTextos.soNaLoja)
    // A malformed code is the schema's refusal.
    expect((await finalizar(pedidoDeTeste({ id_tipo_entrega: 1, mesa: 'mesa 1' }), 'c')).statusCode).toBe(400)
    expect(await t.database.db.selectFrom('encomendas').select('id').execute()).toEqual([])

    // A store paused: its tables' codes say so.
    const de848 = codigoDe((await imprimir(848))[0] as MesaImpressa)
    await t.database.db
      .updateTable('lojas')
      .set({ encomendas_pausa_em: clock.now().toISOString(), encomendas_pausa_ate: null })
      .where('id_loja', '=', 848)
      .execute()
    const pausada = await abrir(de848)
    expect(pausada.statusCode, pausada.body).toBe(422)
    expect(pausada.json().error.message).toBe('Esta loja não está a aceitar encomendas de momento.')
  })

  it("prints only for staff within the store's reach", async () => {
    await mesas(862, 2)
    const gestor = await signedInAdmin(t, 'gestor-mesas@exemplo.pt', 'gestor', { clock, restaurantes: [] })
    expect((await admin('/lojas/862/mesas', gestor)).statusCode).toBe(403)
    expect((await admin('/lojas/999/mesas')).statusCode).toBe(404)
    const semSessao = await t.app.inject({ method: 'GET', url: '/admin/api/lojas/862/mesas' })
    expect(semSessao.statusCode).toBe(401)
  })
})
