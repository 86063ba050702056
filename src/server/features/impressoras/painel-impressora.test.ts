import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { impressoraTextos } from '../../../shared/impressora.ts'
import { pedidoDeTeste } from '../../testing/ementa.ts'
import type { TestApp } from '../../testing/harness.ts'
import { testDialects } from '../../testing/harness.ts'
import { setupIfthenpay, setupOrders } from '../encomendas/testing.ts'
import { REIMPRESSOES } from './service.ts'
import { type ImpressoraDeTeste, lerTalao, startImpressora } from './testing.ts'

const comImpressora = (t: TestApp, idLoja: number, porta: number) =>
  t.database.db
    .updateTable('lojas')
    .set({ impressora_endereco: '127.0.0.1', impressora_porta: porta })
    .where('id_loja', '=', idLoja)
    .execute()

/** The board's printer routes (decision 0043), behind the tablet's session: who may reprint what, once per key. */
describe.each(testDialects())("the board's printer routes on %s", (dialect) => {
  const scene = setupOrders(dialect)
  const { finalizar, pagamentos, responder } = scene
  let t: TestApp
  let impressora: ImpressoraDeTeste
  let sessao: string
  let outra: string

  const entrar = async (chave: string) =>
    (await t.app.inject({ method: 'POST', url: '/painel/api/entrar', payload: { chave } })).cookies.find(
      (c) => c.name === 'balcao_painel',
    )?.value ?? ''

  beforeEach(async () => {
    t = scene.t
    impressora = await startImpressora()
    await comImpressora(t, 862, impressora.porta)
    sessao = await entrar(scene.chaveLoja)
    outra = await entrar(scene.chaveOutra)
  })
  afterEach(() => impressora.desligar())

  async function pagar(chave: string, idLoja = 862): Promise<number> {
    const res = await finalizar(pedidoDeTeste({ id_loja: idLoja }), chave)
    expect(res.statusCode, res.body).toBe(201)
    const pendente = (await pagamentos()).find((p: { estado: string }) => p.estado === 'pendente')
    expect((await responder(pendente.id, 'aprovar')).statusCode).toBe(200)
    return res.json().data.orderData.orderId as number
  }
  const reimprimir = (id: number, chave: string | null, cookie: string | null = sessao) =>
    t.app.inject({
      method: 'POST',
      url: `/painel/api/encomendas/${id}/reimprimir`,
      ...(cookie === null ? {} : { cookies: { balcao_painel: cookie } }),
      headers: chave === null ? {} : { 'idempotency-key': chave },
      payload: {},
    })
  const reimpressoes = () =>
    t.database.db.selectFrom('impressoes').selectAll().where('motivo', '=', 'reimpressao').orderBy('id').execute()

  it("refuses a tablet that is not paired, another store's order, an unknown or unpaid one, and a request without a key", async () => {
    const id = await pagar('a1')
    expect((await t.app.inject({ method: 'GET', url: '/painel/api/impressora' })).statusCode).toBe(401)
    expect((await reimprimir(id, 'x1', null)).statusCode).toBe(401)
    expect((await reimprimir(id, null)).statusCode).toBe(400)
    const deOutra = await reimprimir(id, 'x2', outra)
    expect(deOutra.statusCode, deOutra.body).toBe(403)
    expect((await reimprimir(999_999, 'x3')).statusCode).toBe(404)
    // Placed and not paid: on no board.
    expect((await finalizar(pedidoDeTeste(), 'a2')).statusCode).toBe(201)
    const porPagar = (
      await t.database.db.selectFrom('encomendas').select('id').orderBy('id', 'desc').executeTakeFirst()
    )?.id as number
    expect((await reimprimir(porPagar, 'x4')).statusCode).toBe(404)
    expect((await reimprimir(Number.NaN, 'x5')).statusCode).toBe(400)
    expect(await reimpressoes()).toEqual([])
  })

  it('reprints once per Idempotency-Key, keeps who asked, and answers 409 where the store has no printer', async () => {
    const id = await pagar('b1')
    const primeira = await reimprimir(id, 'r-1')
    expect(primeira.statusCode, primeira.body).toBe(200)
    expect(primeira.json()).toEqual({ data: { encomenda: id, em_espera: true } })
    // The answer lost and the tap sent again: the same answer, one reprint.
    const outraVez = await reimprimir(id, 'r-1')
    expect(outraVez.statusCode).toBe(200)
    expect(outraVez.body).toBe(primeira.body)
    expect(await reimpressoes()).toHaveLength(1)
    // The same key for another order: refused, nothing queued.
    const segunda = await pagar('b3')
    expect((await reimprimir(segunda, 'r-1')).statusCode).toBe(422)
    expect(await reimpressoes()).toMatchObject([{ encomenda_id: id, chave_id: expect.any(Number) }])
    await t.app.despacharImpressoes()
    // The first order's own ticket and its reprint, then the second's own.
    expect(impressora.recebidos.map((b) => lerTalao(b).linhas.some((l) => l.includes('REIMPRESSÃO')))).toEqual([
      false,
      true,
      false,
    ])

    const da848 = await pagar('b2', 848)
    const semImpressora = await reimprimir(da848, 'r-2', outra)
    expect(semImpressora.statusCode).toBe(409)
    expect(semImpressora.json().error.message).toBe(impressoraTextos.semImpressora)
  })

  it(`limits a tablet to ${REIMPRESSOES.max} reprints a minute, a lost answer tapped again not counted`, async () => {
    const id = await pagar('c1')
    const primeira = await reimprimir(id, 'l-0')
    expect(primeira.statusCode).toBe(200)
    // The same attempt sent again, however often: its answer, not a new reprint, and none of the allowance.
    for (let i = 0; i < REIMPRESSOES.max + 2; i++) {
      const outraVez = await reimprimir(id, 'l-0')
      expect(outraVez.statusCode).toBe(200)
      expect(outraVez.body).toBe(primeira.body)
    }
    for (let i = 1; i < REIMPRESSOES.max; i++) expect((await reimprimir(id, `l-${i}`)).statusCode).toBe(200)
    expect(await reimpressoes()).toHaveLength(REIMPRESSOES.max)
    const demais = await reimprimir(id, 'l-demais')
    expect(demais.statusCode).toBe(429)
    expect(Number(demais.headers['retry-after'])).toBeGreaterThan(0)
    // Another store's tablet keeps its own allowance.
    expect((await reimprimir(id, 'l-outra', outra)).statusCode).toBe(403)
  })
})

/** A payment confirmed twice (the provider's callback replayed, then the reconciliation) queues one ticket. */
describe.each(testDialects())('a payment confirmed twice on %s', (dialect) => {
  const scene = setupIfthenpay(dialect)
  let impressora: ImpressoraDeTeste

  beforeEach(async () => {
    impressora = await startImpressora()
    await comImpressora(scene.t, 862, impressora.porta)
  })
  afterEach(() => impressora.desligar())

  it('prints its ticket once', async () => {
    const { orderId, requestId } = await scene.paga()
    expect((await scene.callback(requestId)).status).toBe(200)
    await scene.t.app.reconciliarPagamentos()
    expect(await scene.estado(orderId)).toBe(-1)
    const trabalhos = await scene.t.database.db.selectFrom('impressoes').selectAll().execute()
    expect(trabalhos).toMatchObject([{ encomenda_id: orderId, motivo: 'encomenda' }])
    expect(await scene.t.app.despacharImpressoes()).toBe(1)
    expect(await scene.t.app.despacharImpressoes()).toBe(0)
    expect(impressora.recebidos).toHaveLength(1)
    expect(lerTalao(impressora.recebidos[0] as Buffer).linhas.map((l) => l.trim())).toContain(`PEDIDO ${orderId}`)
  })
})
