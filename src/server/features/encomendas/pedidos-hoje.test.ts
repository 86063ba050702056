import { beforeEach, describe, expect, it } from 'vitest'
import { proximaMeiaNoiteNoFuso } from '../../../shared/fusos.ts'
import { pedidoDeTeste as pedidoBase } from '../../testing/ementa.ts'
import { type TestApp, testDialects } from '../../testing/harness.ts'
import { setupOrders } from './testing.ts'

describe.each(testDialects())("the board's 'Hoje' view on %s", (dialect) => {
  const scene = setupOrders(dialect)
  const { finalizar, pagamentos, responder, loja, clock } = scene
  let t: TestApp

  beforeEach(() => {
    t = scene.t
  })

  /** A tablet paired with `chave`: its session cookie. */
  async function tablet(chave: string): Promise<string> {
    const entrar = await t.app.inject({ method: 'POST', url: '/painel/api/entrar', payload: { chave } })
    expect(entrar.statusCode, entrar.body).toBe(200)
    return entrar.cookies.find((c) => c.name === 'balcao_painel')?.value ?? ''
  }
  const hoje = async (sessao: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/painel/api/encomendas/hoje',
      cookies: { balcao_painel: sessao },
    })
    expect(res.statusCode, res.body).toBe(200)
    const lista = res.json().data as Record<string, unknown>[]
    // What staff read to find an order, and nothing more of the customer's (no phone, NIF or lines).
    for (const o of lista) {
      expect(Object.keys(o).sort()).toEqual(['codigo', 'criada_em', 'estado', 'id', 'id_tipo_entrega', 'nome', 'total'])
    }
    return lista.map((o) => [o.id, o.estado])
  }
  /** An order placed and, unless `pagar` is false, paid: its id. */
  async function encomenda(chave: string, pagar = true, idLoja = 862): Promise<number> {
    const res = await finalizar(pedidoBase({ id_loja: idLoja }), chave)
    expect(res.statusCode, res.body).toBe(201)
    if (pagar) {
      const pendente = (await pagamentos()).find((p: { estado: string }) => p.estado === 'pendente')
      await responder(pendente.id, 'aprovar')
    }
    return res.json().data.orderData.orderId as number
  }

  it("lists the store's paid orders since its midnight in every state, newest first, and only that store's", async () => {
    // The other store is in the Azores: its day ends an hour after Lisbon's.
    await t.database.db.updateTable('lojas').set({ regiao: 'acores' }).where('id_loja', '=', 848).execute()
    const quadro = await tablet(scene.chaveLoja)
    const outro = await tablet(scene.chaveOutra)
    const acores = await encomenda('h0', true, 848)
    const a = await encomenda('h1')
    const c = await encomenda('h2')
    expect((await loja('POST', `/encomendas/${a}/estado`, { estado: 1 }, 'h3')).statusCode).toBe(200)
    expect((await loja('POST', `/encomendas/${c}/cancelar`, { motivo: 'Esgotado' }, 'h4')).statusCode).toBe(200)
    // Not paid: it never reached the board, nor does it reach the day's list.
    await encomenda('h5', false)
    expect(await hoje(quadro)).toEqual([
      [c, -9],
      [a, 1],
    ])
    expect(await hoje(outro)).toEqual([[acores, -1]])

    // Past the store's midnight (Lisbon's), a new day begins with nothing in it; in the Azores it is still yesterday.
    clock.advance(proximaMeiaNoiteNoFuso(clock.now(), 'Europe/Lisbon').getTime() + 60_000 - clock.now().getTime())
    expect(await hoje(quadro)).toEqual([])
    expect(await hoje(outro)).toEqual([[acores, -1]])
    const d = await encomenda('h6')
    expect(await hoje(quadro)).toEqual([[d, -1]])
    // An hour later the Azores' day begins too.
    clock.advance(60 * 60_000)
    expect(await hoje(outro)).toEqual([])
    expect(await hoje(quadro)).toEqual([[d, -1]])

    // Only a paired tablet reads it.
    expect((await t.app.inject({ method: 'GET', url: '/painel/api/encomendas/hoje' })).statusCode).toBe(401)
  })
})
