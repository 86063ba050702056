import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { manualClock } from '../../platform/clock.ts'
import type { PaymentProvider } from '../../platform/pagamentos.ts'
import { createSandboxProvider, type SandboxProvider } from '../../platform/pagamentos-sandbox.ts'
import { lojasChavesRepo } from '../../platform/store-keys.ts'
import { ementaDeTeste, pedidoDeTeste } from '../../testing/ementa.ts'
import { insertContas, insertLoja, insertRestaurante, insertSaldo } from '../../testing/fixtures.ts'
import { createTestApp, device, type TestApp, testDialects } from '../../testing/harness.ts'
import { sseReader } from '../../testing/sse.ts'
import { todosOsDias } from './horario.ts'

const TELEMOVEL = '912345678'
const PASSWORD = '135790'
const CALLBACK_KEY = 'chave-do-sandbox'
const MINUTO = 60_000

/**
 * The sandbox provider with a callback key the test knows (so that it can send, and replay, valid callbacks) and its
 * refunds counted and slowed down (so that racing refunds meet while the first is on its way).
 */
describe.each(testDialects())('orders: refunds, late payments and replays on %s', (dialect) => {
  let t: TestApp
  let sandbox: SandboxProvider
  let cliente: ReturnType<typeof device>
  let clienteId: number
  let chaveLoja: string
  let clock: ReturnType<typeof manualClock>
  const reembolsos: { id: string; valor: number }[] = []

  beforeEach(async () => {
    reembolsos.length = 0
    clock = manualClock('2026-11-23T12:00:00.000Z')
    const provider: PaymentProvider = {
      nome: 'sandbox',
      metodos: ['mbway'],
      criar: (p) => sandbox.criar(p),
      estado: (id, metodo) => sandbox.estado(id, metodo),
      lerCallback: (params) => sandbox.lerCallback(params),
      async reembolsar(pedido) {
        reembolsos.push({ id: pedido.id, valor: pedido.valor })
        await new Promise((resolve) => setTimeout(resolve, 150))
        return sandbox.reembolsar(pedido)
      },
    }
    t = await createTestApp(dialect, {}, { clock, payments: provider })
    const db = t.database.db
    sandbox = createSandboxProvider({ db, clock, expirySeconds: 240, callbackKey: CALLBACK_KEY })
    const { id } = await insertRestaurante(db, { tag: 'nata-e-grao', name: 'Nata & Grão' })
    await insertLoja(db, {
      tag: 'chiado',
      restaurante_id: id,
      id_loja: 862,
      horario_encomendas: JSON.stringify(todosOsDias('00:00', '24:00')),
    })
    chaveLoja = (await lojasChavesRepo(db, clock).create(862, 'pos-862')).chave
    const ementa = await t.app.inject({
      method: 'PUT',
      url: '/api/loja/v1/ementa',
      headers: { authorization: `Bearer ${chaveLoja}` },
      payload: ementaDeTeste(),
    })
    expect(ementa.statusCode).toBe(200)
    ;[clienteId] = (await insertContas(db, [TELEMOVEL], PASSWORD)) as [number]
    cliente = device(t)
    await cliente.call('POST', '/login', { telemovel: TELEMOVEL, pais: '351', password: PASSWORD })
  })
  afterEach(() => t.close())

  async function encomendar(over: Record<string, unknown> = {}) {
    const res = await cliente.call(
      'POST',
      '/api/finaliza-encomenda',
      pedidoDeTeste({ cart: [{ id: '1001', qtd: 3 }], ...over }),
      { 'idempotency-key': `k-${Math.random()}` },
    )
    expect(res.statusCode, res.body).toBe(201)
    return res.json().data.orderData.orderId as number
  }
  /** The order's request at the sandbox. */
  const pedidoDe = async (orderId: number) => {
    const p = (await sandbox.listar()).find((x) => x.referencia === `E${orderId}`)
    if (!p) throw new Error(`no request for order ${orderId}`)
    return p
  }
  /** The provider's callback for a request (as ifthenpay sends it: only for a paid one). */
  const callback = async (orderId: number) => {
    const p = await pedidoDe(orderId)
    const query = new URLSearchParams(sandbox.callbackDe(p))
    return t.app.inject({ method: 'GET', url: `/api/pagamentos/sandbox/callback?${query}` })
  }
  async function pagar(orderId: number) {
    expect(await sandbox.responder((await pedidoDe(orderId)).id, 'pago')).not.toBeNull()
    expect((await callback(orderId)).statusCode).toBe(200)
  }
  const loja = (url: string, body: unknown, chave: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/loja/v1${url}`,
      headers: { authorization: `Bearer ${chaveLoja}`, 'idempotency-key': chave },
      payload: body as object,
    })
  const pedidoDb = (id: number) =>
    t.database.db.selectFrom('encomendas').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  const saldo = async () =>
    (await cliente.call('POST', '/api/refresh-private-data', { value: true })).json().data.user.data.saldo as number
  const movimentos = () =>
    t.database.db
      .selectFrom('transacoes')
      .select(['id', 'tipo', 'referencia', 'saldo_adicionado', 'pontos_ganhos'])
      .where('utilizador_id', '=', clienteId)
      .orderBy('sequencia')
      .execute()
  const quadro = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/loja/v1/encomendas?estado=-1,1,2,-9',
        headers: { authorization: `Bearer ${chaveLoja}` },
      })
    ).json().data as { id: number }[]

  it('a valid callback replayed (one after another, and at once) credits once and writes one purchase', async () => {
    const id = await encomendar()
    await pagar(id)
    expect((await pedidoDb(id)).estado).toBe(-1)
    const depois = await saldo()
    expect(depois).toBe(20) // 5% of 3,90 €, rounded half up
    for (let i = 0; i < 2; i++) expect((await callback(id)).statusCode).toBe(200)
    await Promise.all([callback(id), callback(id), callback(id), t.app.reconciliarPagamentos()])
    const compras = (await movimentos()).filter((m) => m.tipo === 'compra')
    expect(compras).toHaveLength(1)
    expect(compras[0]).toMatchObject({ referencia: `E${id}`, saldo_adicionado: 20, pontos_ganhos: 3 })
    expect(await saldo()).toBe(depois)
  })

  it('a store cancel, its replays and the reconciliation racing: exactly one refund reaches the provider', async () => {
    const id = await encomendar()
    await pagar(id)
    const cancelar = () => loja(`/encomendas/${id}/cancelar`, { motivo: 'Esgotado' }, 'cancelar-1')
    const [a, b] = await Promise.all([
      cancelar(),
      cancelar(),
      t.app.reconciliarPagamentos(),
      (async () => {
        // While the first refund is on its way.
        await new Promise((resolve) => setTimeout(resolve, 50))
        await Promise.all([cancelar(), t.app.reconciliarPagamentos()])
      })(),
    ])
    expect([a.statusCode, b.statusCode]).toEqual([200, 200])
    clock.advance(5 * MINUTO)
    await Promise.all([t.app.reconciliarPagamentos(), t.app.reconciliarPagamentos(), cancelar()])
    expect(reembolsos).toEqual([{ id: (await pedidoDe(id)).id, valor: 390 }])
    expect((await pedidoDe(id)).reembolsado).toBe(390)
    expect(await pedidoDb(id)).toMatchObject({ estado: -9, reembolso_estado: 'reembolsado', verificar_em: null })
    expect(await saldo()).toBe(0)
  })

  it('a request made but never recorded (a crash before writing it down): paid by its reference, once', async () => {
    await insertSaldo(t.database.db, clienteId, 100)
    const id = await encomendar({ usar_premio: 1 })
    const request = await pedidoDe(id)
    // As if the process had stopped between the provider's answer and recording it.
    await t.database.db
      .updateTable('encomendas')
      .set({ pagamento_id: null, pagamento_estado: 'a-pedir', expira_em: null })
      .where('id', '=', id)
      .execute()
    await sandbox.responder(request.id, 'pago')
    // Within a minute of the checkout its create may still be on its way (and answer with its own request): a callback
    // naming it by its reference is not believed yet.
    expect((await callback(id)).statusCode).toBe(200)
    expect(await pedidoDb(id)).toMatchObject({ estado: -3, pagamento_id: null })
    // Past that, no create can be in flight: its outcome is unknown, and its reference may find its payment.
    clock.advance(MINUTO + 1000)
    // A callback whose amount is not the order's changes nothing; the right one pays it.
    const wrong = new URLSearchParams({ ...sandbox.callbackDe(request), valor: '1' })
    await t.app.inject({ method: 'GET', url: `/api/pagamentos/sandbox/callback?${wrong}` })
    expect(await pedidoDb(id)).toMatchObject({ estado: -3, pagamento_id: null })
    await Promise.all([callback(id), callback(id)])
    expect(await pedidoDb(id)).toMatchObject({ estado: -1, pagamento_estado: 'pago', pagamento_id: request.id })
    expect((await movimentos()).filter((m) => m.tipo === 'compra' && m.referencia === `E${id}`)).toHaveLength(1)
    expect((await quadro()).map((e) => e.id)).toEqual([id])
    expect(reembolsos).toEqual([])
  })

  it('a request made but never recorded, its one callback within the minute: paid by the reconciliation after it', async () => {
    // Found by the chaos suite's reasoning (docs/decisions/0028): the process dies between the provider's answer and
    // recording it, and the customer pays at once; the provider calls back once, while the order is young.
    await insertSaldo(t.database.db, clienteId, 100)
    const id = await encomendar({ usar_premio: 1 })
    const request = await pedidoDe(id)
    await t.database.db
      .updateTable('encomendas')
      .set({ pagamento_id: null, pagamento_estado: 'a-pedir', expira_em: null })
      .where('id', '=', id)
      .execute()
    await sandbox.responder(request.id, 'pago')
    expect((await callback(id)).statusCode).toBe(200)
    // Not believed yet (its create might still answer), but kept.
    expect(await pedidoDb(id)).toMatchObject({ estado: -3, pagamento_id: null, pagamento_candidato: request.id })
    await t.app.reconciliarPagamentos()
    expect((await pedidoDb(id)).estado).toBe(-3)
    clock.advance(MINUTO + 1000)
    await Promise.all([t.app.reconciliarPagamentos(), t.app.reconciliarPagamentos()])
    expect(await pedidoDb(id)).toMatchObject({ estado: -1, pagamento_estado: 'pago', pagamento_id: request.id })
    const daEncomenda = (await movimentos()).filter((m) => m.referencia === `E${id}`).map((m) => m.tipo)
    expect(daEncomenda.sort()).toEqual(['compra', 'libertacao', 'reserva'])
    expect(reembolsos).toEqual([])
  })

  it('paid after the order was given up: refunded once, the balance back, never on the board nor its stream', async () => {
    await insertSaldo(t.database.db, clienteId, 100)
    const id = await encomendar({ usar_premio: 1 })
    const request = await pedidoDe(id)
    await t.database.db
      .updateTable('encomendas')
      .set({ pagamento_id: null, pagamento_estado: 'a-pedir', expira_em: null })
      .where('id', '=', id)
      .execute()
    // Still 'a-pedir' after a minute: the request may exist, so not given up yet.
    clock.advance(MINUTO + 1000)
    await t.app.reconciliarPagamentos()
    expect((await pedidoDb(id)).estado).toBe(-3)
    clock.advance(6 * MINUTO)
    await t.app.reconciliarPagamentos()
    expect(await pedidoDb(id)).toMatchObject({ estado: -9, pagamento_estado: 'expirado' })
    expect(await saldo()).toBe(100)

    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
    const stream = await fetch(`${base}/api/loja/v1/encomendas/stream`, {
      headers: { authorization: `Bearer ${chaveLoja}` },
    })
    const ler = sseReader(stream)
    // The phone paid (late); the provider's callback arrives, twice, while the reconciliation runs.
    await t.database.db.updateTable('pagamentos_sandbox').set({ estado: 'pago' }).where('id', '=', request.id).execute()
    await Promise.all([callback(id), callback(id), t.app.reconciliarPagamentos()])
    expect(reembolsos).toEqual([{ id: request.id, valor: 290 }])
    expect(await pedidoDb(id)).toMatchObject({
      estado: -9,
      pagamento_estado: 'pago',
      reembolso_estado: 'reembolsado',
      compra_id: null,
    })
    expect(await saldo()).toBe(100)
    expect(await quadro()).toEqual([])
    expect((await loja(`/encomendas/${id}/estado`, { estado: 1 }, 'e1')).statusCode).toBe(404)
    expect((await loja(`/encomendas/${id}/cancelar`, { motivo: 'x' }, 'c1')).statusCode).toBe(404)
    // The next thing the board hears is another order, not the cancelled one.
    const outra = await encomendar()
    await pagar(outra)
    expect(await ler.next('encomenda')).toMatchObject({ id: outra, estado: -1 })
    ler.cancel()
  })

  it("the till refuses to refund an app order's purchase (409): the order is cancelled on the board instead", async () => {
    const id = await encomendar()
    await pagar(id)
    const compra = (await movimentos()).find((m) => m.tipo === 'compra' && m.referencia === `E${id}`)
    const devolucao = await loja(`/compras/${compra?.id}/devolucoes`, { valor: 390 }, 'd1')
    expect(devolucao.statusCode).toBe(409)
    expect(devolucao.json().error.message).toBe(
      'Esta compra é de uma encomenda da app: não pode ser devolvida na caixa. Cancele a encomenda no quadro de encomendas (o MB WAY e o saldo usado voltam ao cliente).',
    )
    expect((await movimentos()).filter((m) => m.tipo === 'devolucao')).toEqual([])
    // The till's list says so, so that staff are not offered a refund it would refuse.
    const entrar = await t.app.inject({ method: 'POST', url: '/painel/api/entrar', payload: { chave: chaveLoja } })
    const painel = entrar.cookies.find((c) => c.name === 'balcao_painel')?.value
    const compras = await t.app.inject({
      method: 'GET',
      url: '/painel/api/compras',
      cookies: { balcao_painel: painel ?? '' },
    })
    const lista = compras.json().data as { id: number; encomenda: boolean }[]
    expect(lista.find((c) => c.id === compra?.id)?.encomenda).toBe(true)
    // A partial one neither; the order's cancellation still works, and refunds once.
    expect((await loja(`/compras/${compra?.id}/devolucoes`, { valor: 100 }, 'd2')).statusCode).toBe(409)
    const cancel = await loja(`/encomendas/${id}/cancelar`, { motivo: 'Esgotado' }, 'c1')
    expect(cancel.statusCode, cancel.body).toBe(200)
    expect((await movimentos()).filter((m) => m.tipo === 'devolucao')).toHaveLength(1)
    expect(reembolsos).toHaveLength(1)
    expect(await saldo()).toBe(0)
  })
})
