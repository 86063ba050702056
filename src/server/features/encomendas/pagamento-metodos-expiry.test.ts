import { afterEach, describe, expect, it } from 'vitest'
import { API_VERSION } from '../../../shared/api.ts'
import { ESTADO } from '../../../shared/estado-pedido.ts'
import { formatMoney } from '../../../shared/format.ts'
import { manualClock } from '../../platform/clock.ts'
import { lojasChavesRepo } from '../../platform/store-keys.ts'
import { CARRINHO_DE_TESTE, ementaDeTeste, pedidoDeTeste, TOTAL_DE_TESTE as TOTAL } from '../../testing/ementa.ts'
import { insertContas, insertLoja, insertRestaurante, insertSaldo } from '../../testing/fixtures.ts'
import { createTestApp, device, type TestApp, testDialects } from '../../testing/harness.ts'
import { todosOsDias } from './horario.ts'
import { MINUTO, PASSWORD, TELEMOVEL } from './testing.ts'

/**
 * The expiries of the methods besides MB WAY (decision 0048): a Multibanco reference at the end of the Lisbon day it is
 * made (and not offered in the day's last 30 minutes), a card, Apple Pay or Google Pay page after 30 minutes; past them
 * (and the 2 minutes' margin) the reconciliation gives the order up and gives back the balance it held. And an order
 * the customer gives up (`desistir`): on a page, cancelled at once, its balance back, and refunded should the provider
 * report it paid after all; a Multibanco reference is not given up (it stays payable at the ATM). Each test starts its
 * own clock.
 */

const TODOS = 'mbway,multibanco,cartao,applepay,googlepay'
const APP_URL = 'https://app.example.pt'
/**
 * Where the sandbox's page sends the browser back to, by outcome: the app's return address (APP_URL's) on the host the
 * page was reached on, a path (decision 0048: the page's `form-action 'self'`).
 */
const regresso = (id: number, volta: 'sucesso' | 'erro' | 'cancelado') =>
  `/carrinho/pagamento?encomenda=${id}&volta=${volta}`
const SALDO = 250
const EXPIROU = 'A referência Multibanco expirou sem ter sido paga.'
/** The checkout's answer to Multibanco in the day's last 30 minutes (decision 0048). */
const MULTIBANCO_TARDE = 'Já não é possível pagar por Multibanco hoje. Escolha outro método de pagamento.'

describe.each(testDialects())('payment methods: a reference or a page left unpaid, or given up, on %s', (dialect) => {
  let t: TestApp
  let db: TestApp['database']['db']
  let cliente: ReturnType<typeof device>
  let clienteId: number
  let chaveLoja: string
  let clock: ReturnType<typeof manualClock>

  afterEach(() => t?.close())

  /** Store 862 taking every method all day with the test menu, and a customer with SALDO of balance, at `inicio`. */
  async function cena(inicio: string) {
    clock = manualClock(inicio)
    t = await createTestApp(dialect, { APP_URL }, { clock })
    db = t.database.db
    const { id } = await insertRestaurante(db, { tag: 'nata-e-grao', name: 'Nata & Grão' })
    await insertLoja(db, {
      tag: 'chiado',
      restaurante_id: id,
      id_loja: 862,
      horario_encomendas: JSON.stringify(todosOsDias('00:00', '24:00')),
      metodos_pagamento: TODOS,
    })
    chaveLoja = (await lojasChavesRepo(db, clock).create(862, 'pos-862')).chave
    const ementa = await t.app.inject({
      method: 'PUT',
      url: '/api/loja/v1/ementa',
      headers: { authorization: `Bearer ${chaveLoja}` },
      payload: ementaDeTeste(),
    })
    expect(ementa.statusCode, ementa.body).toBe(200)
    ;[clienteId] = (await insertContas(db, [TELEMOVEL], PASSWORD)) as [number]
    await insertSaldo(db, clienteId, SALDO)
    cliente = device(t)
    const login = await cliente.call('POST', '/login', { telemovel: TELEMOVEL, pais: '351', password: PASSWORD })
    expect(login.statusCode, login.body).toBe(200)
  }

  async function encomendar(over: Record<string, unknown>) {
    const res = await cliente.call('POST', '/api/finaliza-encomenda', pedidoDeTeste({ telemovel: '', ...over }), {
      'idempotency-key': `k-${Math.random()}`,
    })
    expect(res.statusCode, res.body).toBe(201)
    return res.json().data.orderData
  }
  const ler = async (id: number) => (await cliente.call('GET', `/api/encomendas/${id}`)).json().data
  /** The methods the calculation offers now. */
  const metodos = async () =>
    (await cliente.call('POST', '/api/calcula-encomenda', { id_loja: 862, cart: CARRINHO_DE_TESTE })).json().data
      .pagamento.metodos as string[]
  const saldo = async () =>
    (await cliente.call('POST', '/api/refresh-private-data', { value: true })).json().data.user.data.saldo as number
  /** The order's movements in the ledger, by kind. */
  const daEncomenda = async (id: number) =>
    (
      await db
        .selectFrom('transacoes')
        .select('tipo')
        .where('referencia', '=', `E${id}`)
        .where('utilizador_id', '=', clienteId)
        .orderBy('sequencia')
        .execute()
    ).map((m) => m.tipo)
  const quadro = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/loja/v1/encomendas?estado=-1,1,2,-9',
        headers: { authorization: `Bearer ${chaveLoja}` },
      })
    ).json().data as { id: number }[]
  const ate = (iso: string) => clock.advance(Date.parse(iso) - clock.now().getTime())
  const pedidoDb = (id: number) =>
    db.selectFrom('encomendas').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  /** The order's request at the sandbox. */
  const pedidoSandbox = (id: number) =>
    db.selectFrom('pagamentos_sandbox').selectAll().where('referencia', '=', `E${id}`).executeTakeFirstOrThrow()
  /** The provider's page, as the browser posts one of its forms (the action read from the page itself). */
  async function naPagina(url: string, resposta: 'aprovar' | 'recusar' | 'cancelar') {
    const pagina = await t.app.inject({ method: 'GET', url })
    const action = new RegExp(`action="([^"]*/pagina/${resposta}[^"]*)"`).exec(pagina.body)?.[1]
    if (!action) throw new Error(`no ${resposta} form on the page`)
    return t.app.inject({
      method: 'POST',
      url: action.replaceAll('&amp;', '&'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    })
  }
  // Its body is `{value: true}`, as every action call's (the OpenAPI document): an empty one is a 400.
  const desistir = (id: number, body: object = { value: true }) =>
    cliente.call('POST', `/api/encomendas/${id}/desistir`, body)
  const DESISTIU = 'Cancelou o pagamento desta encomenda.'

  describe('Multibanco', () => {
    it('unpaid at the next midnight in Lisbon: given up past the margin, the held balance back exactly', async () => {
      await cena('2026-11-23T12:00:00.000Z')
      const orderData = await encomendar({ metodo: 'multibanco', usar_premio: 1 })
      const id = orderData.orderId as number
      expect(orderData).toMatchObject({
        status: ESTADO.pagamento,
        desconto: SALDO,
        valor_pago: TOTAL - SALDO,
        pagamento: { metodo: 'Multibanco', entidade: '99999', expira_em: '2026-11-24T00:00:00.000Z' },
      })
      // Held while the reference waits; the e-mail asks for what the balance does not pay.
      expect(await saldo()).toBe(0)
      const [email] = await db.selectFrom('email_outbox').select('texto').execute()
      expect(email?.texto).toContain(`Valor: ${formatMoney(TOTAL - SALDO)}`)

      // The evening passes: still payable, still waiting (the reconciliation asks less and less often).
      for (const hora of ['2026-11-23T12:01:00.000Z', '2026-11-23T18:00:00.000Z', '2026-11-23T23:59:00.000Z']) {
        ate(hora)
        await t.app.reconciliarPagamentos()
        expect(await ler(id)).toMatchObject({ status: ESTADO.pagamento, pagamento: orderData.pagamento })
      }
      expect(await saldo()).toBe(0)

      ate('2026-11-24T00:02:01.000Z')
      await t.app.reconciliarPagamentos()
      expect(await ler(id)).toMatchObject({
        status: ESTADO.cancelado,
        pago: false,
        motivo: EXPIROU,
        pagamento: null,
      })
      expect(await saldo()).toBe(SALDO)
      expect(await daEncomenda(id)).toEqual(['reserva', 'libertacao'])
      expect(await quadro()).toEqual([])
      // The ATM cannot pay it any more; and nothing more happens at the next passes.
      const [pedido] = (await t.api('GET', '/api/dev/pagamentos')).json().data
      expect(pedido).toMatchObject({ metodo: 'multibanco', estado: 'expirado' })
      expect((await t.api('POST', `/api/dev/pagamentos/${pedido.id}/aprovar`)).statusCode).toBe(404)
      clock.advance(10 * MINUTO)
      await t.app.reconciliarPagamentos()
      expect(await saldo()).toBe(SALDO)
      expect(await daEncomenda(id)).toEqual(['reserva', 'libertacao'])
    })

    it.each([
      ['winter (UTC+0)', '2026-11-23T23:29:00.000Z', '2026-11-24T00:00:00.000Z', '23/11/2026'],
      ['summer (UTC+1)', '2026-07-15T22:29:00.000Z', '2026-07-15T23:00:00.000Z', '15/07/2026'],
    ])(
      'in %s, at 23:29 in Lisbon payable until that midnight; at 23:31 neither offered nor taken',
      async (_, inicio, meiaNoite, dia) => {
        await cena(inicio)
        // 31 minutes of the day left: offered, and payable until the end of this very day (no day more).
        expect(await metodos()).toEqual(TODOS.split(','))
        const orderData = await encomendar({ metodo: 'multibanco', usar_premio: 1 })
        const id = orderData.orderId as number
        expect(orderData.pagamento.expira_em).toBe(meiaNoite)
        expect(await pedidoDb(id)).toMatchObject({ expira_em: meiaNoite })
        const [email] = await db.selectFrom('email_outbox').select('texto').execute()
        expect(email?.texto).toContain(`Pagar até: ${dia} 23:59`)

        // 29 minutes left: the calculation leaves it out, and the checkout refuses it on its field; nothing is made.
        clock.advance(2 * MINUTO)
        expect(await metodos()).toEqual(['mbway', 'cartao', 'applepay', 'googlepay'])
        const tarde = await cliente.call(
          'POST',
          '/api/finaliza-encomenda',
          pedidoDeTeste({ telemovel: '', metodo: 'multibanco' }),
          {
            'idempotency-key': 'tarde',
          },
        )
        expect(tarde.statusCode, tarde.body).toBe(422)
        expect(tarde.json().error).toMatchObject({ message: MULTIBANCO_TARDE, fields: { metodo: MULTIBANCO_TARDE } })
        expect(await db.selectFrom('encomendas').select('id').execute()).toEqual([{ id }])
        expect((await t.api('GET', '/api/dev/pagamentos')).json().data).toHaveLength(1)
        // Another method is still taken.
        expect((await encomendar({ metodo: 'cartao' })).pagamento).toMatchObject({ metodo: 'Cartão' })

        // The reference made at 23:29 is payable to its midnight, not past it: the read then asks and gives it up.
        ate(new Date(Date.parse(meiaNoite) - 1_000).toISOString())
        expect(await ler(id)).toMatchObject({ status: ESTADO.pagamento })
        ate(new Date(Date.parse(meiaNoite) + 1_000).toISOString())
        expect(await ler(id)).toMatchObject({ status: ESTADO.cancelado, motivo: EXPIROU })
        expect(await saldo()).toBe(SALDO)
      },
    )
  })

  describe("the provider's page", () => {
    it('a card order left on its page: given up after 30 minutes and the margin, the balance back', async () => {
      await cena('2026-11-23T12:00:00.000Z')
      const orderData = await encomendar({ metodo: 'cartao', usar_premio: 1 })
      const id = orderData.orderId as number
      expect(orderData.pagamento).toMatchObject({ metodo: 'Cartão', expira_em: '2026-11-23T12:30:00.000Z' })
      expect(await saldo()).toBe(0)
      ate('2026-11-23T12:29:00.000Z')
      await t.app.reconciliarPagamentos()
      expect(await ler(id)).toMatchObject({ status: ESTADO.pagamento })

      ate('2026-11-23T12:32:01.000Z')
      await t.app.reconciliarPagamentos()
      expect(await ler(id)).toMatchObject({
        status: ESTADO.cancelado,
        pago: false,
        motivo: 'O pagamento não foi concluído a tempo.',
        pagamento: null,
      })
      expect(await saldo()).toBe(SALDO)
      // The page cannot pay it any more: it sends the customer to the error address, and the order stays given up.
      const pagina = await t.app.inject({ method: 'GET', url: orderData.pagamento.url })
      expect(pagina.statusCode).toBe(200)
      expect(pagina.body).not.toContain('Pagar')
      const [pedido] = (await t.api('GET', '/api/dev/pagamentos')).json().data
      const tarde = await t.app.inject({
        method: 'POST',
        url: `/api/dev/pagamentos/${pedido.id}/pagina/aprovar?v=${API_VERSION}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      })
      expect(tarde.statusCode).toBe(303)
      expect(tarde.headers.location).toBe(regresso(id, 'erro'))
      expect(await ler(id)).toMatchObject({ status: ESTADO.cancelado })
      expect(await daEncomenda(id)).toEqual(['reserva', 'libertacao'])
      expect(await quadro()).toEqual([])
    })
  })

  describe('given up by the customer', () => {
    it('card cancelled on the page, then given up: cancelled at once; paid late after all, refunded once', async () => {
      await cena('2026-11-23T12:00:00.000Z')
      const orderData = await encomendar({ metodo: 'cartao', usar_premio: 1 })
      const id = orderData.orderId as number
      const cancelado = await naPagina(orderData.pagamento.url, 'cancelar')
      expect(cancelado.statusCode).toBe(303)
      expect(cancelado.headers.location).toBe(regresso(id, 'cancelado'))
      // Cancelling on the page answers nothing: the order still waits, its page still open.
      expect(await ler(id)).toMatchObject({ status: ESTADO.pagamento, pagamento: orderData.pagamento })
      expect(await saldo()).toBe(0)

      expect((await desistir(id, {})).statusCode).toBe(400)
      expect(await ler(id)).toMatchObject({ status: ESTADO.pagamento })
      const desistiu = await desistir(id)
      expect(desistiu.statusCode, desistiu.body).toBe(200)
      expect(desistiu.json().data).toMatchObject({
        status: ESTADO.cancelado,
        pago: false,
        motivo: DESISTIU,
        pagamento: null,
      })
      expect(await saldo()).toBe(SALDO)
      // Giving up again changes nothing; nor may another customer give it up.
      expect((await desistir(id)).json().data).toMatchObject({ status: ESTADO.cancelado, motivo: DESISTIU })
      await insertContas(db, ['913333333'], PASSWORD)
      const outro = device(t, '203.0.113.11')
      await outro.call('POST', '/login', { telemovel: '913333333', pais: '351', password: PASSWORD })
      expect((await outro.call('POST', `/api/encomendas/${id}/desistir`, { value: true })).statusCode).toBe(404)

      // The provider says it was paid after all (the customer paid in another tab; no callback reached us).
      await db.updateTable('pagamentos_sandbox').set({ estado: 'pago' }).where('referencia', '=', `E${id}`).execute()
      clock.advance(MINUTO)
      await t.app.reconciliarPagamentos()
      clock.advance(5 * MINUTO)
      await Promise.all([t.app.reconciliarPagamentos(), t.app.reconciliarPagamentos()])
      expect((await pedidoSandbox(id)).reembolsado).toBe(TOTAL - SALDO)
      expect(await pedidoDb(id)).toMatchObject({
        estado: ESTADO.cancelado,
        pagamento_estado: 'pago',
        reembolso_estado: 'reembolsado',
        compra_id: null,
        motivo: DESISTIU,
      })
      expect(await quadro()).toEqual([])
      expect(await daEncomenda(id)).toEqual(['reserva', 'libertacao'])
      expect(await saldo()).toBe(SALDO)
    })

    it('desistir leaves a Multibanco order waiting: answered as it is, its balance held; paid at the ATM, kept', async () => {
      await cena('2026-11-23T12:00:00.000Z')
      const orderData = await encomendar({ metodo: 'multibanco', usar_premio: 1 })
      const id = orderData.orderId as number
      const antes = await pedidoDb(id)
      // The reference is the bank's once issued (payable at any ATM until midnight) and ifthenpay cannot refund it: not
      // given up for another method. The answer is the order as it is, the reference still to pay.
      for (let i = 0; i < 2; i++) {
        const res = await desistir(id)
        expect(res.statusCode, res.body).toBe(200)
        expect(res.json().data).toMatchObject({
          status: ESTADO.pagamento,
          pago: false,
          motivo: null,
          pagamento: orderData.pagamento,
          pago_com: 'Multibanco',
        })
      }
      expect(await pedidoDb(id)).toEqual(antes)
      expect(await saldo()).toBe(0)
      expect(await daEncomenda(id)).toEqual(['reserva'])
      expect((await pedidoSandbox(id)).estado).toBe('pendente')
      // Paid at the ATM that evening: to the kitchen, nothing refunded.
      ate('2026-11-23T20:00:00.000Z')
      const { id: pedido } = await pedidoSandbox(id)
      expect((await t.api('POST', `/api/dev/pagamentos/${pedido}/aprovar`)).statusCode).toBe(200)
      expect(await ler(id)).toMatchObject({ status: ESTADO.recebido, pago: true, motivo: null, pagamento: null })
      await t.app.reconciliarPagamentos()
      expect((await pedidoSandbox(id)).reembolsado).toBe(0)
      expect(await pedidoDb(id)).toMatchObject({ pagamento_estado: 'pago', reembolso_estado: null })
      expect((await quadro()).map((e) => e.id)).toEqual([id])
      expect(await daEncomenda(id)).toEqual(['reserva', 'libertacao', 'compra'])
    })

    it('given up after paying on the page (its answer not heard yet): the provider is asked first, it is paid', async () => {
      await cena('2026-11-23T12:00:00.000Z')
      const { orderId: id } = await encomendar({ metodo: 'applepay', usar_premio: 1 })
      await db.updateTable('pagamentos_sandbox').set({ estado: 'pago' }).where('referencia', '=', `E${id}`).execute()
      const res = await desistir(id)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().data).toMatchObject({ status: ESTADO.recebido, pago: true, motivo: null })
      expect((await quadro()).map((e) => e.id)).toEqual([id])
      expect((await pedidoSandbox(id)).reembolsado).toBe(0)
      expect(await daEncomenda(id)).toEqual(['reserva', 'libertacao', 'compra'])
    })

    it('a paid card order the store cancels: refunded to the card once, the balance used back', async () => {
      await cena('2026-11-23T12:00:00.000Z')
      const orderData = await encomendar({ metodo: 'cartao', usar_premio: 1 })
      const id = orderData.orderId as number
      expect((await naPagina(orderData.pagamento.url, 'aprovar')).headers.location).toBe(regresso(id, 'sucesso'))
      expect(await ler(id)).toMatchObject({ status: ESTADO.recebido, pago: true })
      const cancelar = () =>
        t.app.inject({
          method: 'POST',
          url: `/api/loja/v1/encomendas/${id}/cancelar`,
          headers: { authorization: `Bearer ${chaveLoja}`, 'idempotency-key': 'cancelar-1' },
          payload: { motivo: 'Esgotado' },
        })
      const [a, b] = await Promise.all([cancelar(), cancelar(), t.app.reconciliarPagamentos()])
      expect([a.statusCode, b.statusCode], a.body).toEqual([200, 200])
      clock.advance(5 * MINUTO)
      await t.app.reconciliarPagamentos()
      expect((await pedidoSandbox(id)).reembolsado).toBe(TOTAL - SALDO)
      expect(await pedidoDb(id)).toMatchObject({ estado: ESTADO.cancelado, reembolso_estado: 'reembolsado' })
      // The purchase's 5% on what the card paid is taken back with it; the balance used is the customer's again.
      expect(await saldo()).toBe(SALDO)
    })
  })
})
