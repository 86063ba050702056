import { beforeEach, describe, expect, it } from 'vitest'
import { API_VERSION } from '../../../shared/api.ts'
import { ESTADO } from '../../../shared/estado-pedido.ts'
import { formatMoney } from '../../../shared/format.ts'
import { formatarReferencia } from '../../../shared/prazo-pagamento.ts'
import { CARRINHO_DE_TESTE, pedidoDeTeste, TOTAL_DE_TESTE as TOTAL } from '../../testing/ementa.ts'
import { insertSaldo } from '../../testing/fixtures.ts'
import { type device, type TestApp, testDialects } from '../../testing/harness.ts'
import { MINUTO, setupOrders, TELEMOVEL } from './testing.ts'

/**
 * Paying an order by Multibanco, card, Apple Pay or Google Pay besides MB WAY (decision 0048): what the calculation
 * offers, what the checkout refuses, a Multibanco reference paid (its e-mail, its callbacks), and the provider's page of
 * a card order (approved, refused). The expiries, and orders given up: pagamento-metodos-expiry.test.ts; the callbacks
 * of a provider that takes MB WAY and Multibanco only: pagamento-metodos-callbacks.test.ts; the real provider's
 * protocol (a local ifthenpay): ifthenpay-metodos*.test.ts.
 */

const APP_URL = 'https://app.example.pt'
const TODOS = 'mbway,multibanco,cartao,applepay,googlepay'
const EMAIL = 'ana@example.pt'
/** What the checkout answers for a method the store (or the provider) does not take. */
const NAO_ACEITE = { metodo: 'Esta loja não aceita este método de pagamento.' }
/**
 * Where the sandbox's page sends the browser back to, by outcome: the app's return address (APP_URL's) on the host the
 * page was reached on, a path (decision 0048: the page's `form-action 'self'`).
 */
const regresso = (id: number, volta: 'sucesso' | 'erro' | 'cancelado') =>
  `/carrinho/pagamento?encomenda=${id}&volta=${volta}`

type Db = TestApp['database']['db']
/** The store's payment methods, as the back-office writes them. */
const aceitar = (db: Db, metodos: string) =>
  db.updateTable('lojas').set({ metodos_pagamento: metodos }).where('id_loja', '=', 862).execute()
const emails = (db: Db) =>
  db.selectFrom('email_outbox').select(['assunto', 'texto']).where('para', '=', EMAIL).orderBy('id').execute()
const pedidoDb = (db: Db, id: number) =>
  db.selectFrom('encomendas').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

describe.each(testDialects())('orders paid by Multibanco, card, Apple Pay, Google Pay on %s', (dialect) => {
  describe('through the sandbox of the app: its phone, its ATM and its page', () => {
    const scene = setupOrders(dialect, { APP_URL })
    const { finalizar, pagamentos, responder, loja, saldo, movimentos, clock } = scene
    let t: TestApp
    let db: Db
    let cliente: ReturnType<typeof device>
    let clienteId: number

    beforeEach(() => {
      ;({ t, cliente, clienteId } = scene)
      db = t.database.db
    })

    const calcular = () => cliente.call('POST', '/api/calcula-encomenda', { id_loja: 862, cart: CARRINHO_DE_TESTE })
    const ler = async (id: number) => (await cliente.call('GET', `/api/encomendas/${id}`)).json().data
    const quadro = async () => (await loja('GET', '/encomendas?estado=-1,1,2,-9')).json().data as { id: number }[]
    const compras = async () => (await movimentos()).filter((m) => m.tipo === 'compra')
    /** A checkout that must be taken; its order as answered. */
    async function encomendar(over: Record<string, unknown>, chave: string) {
      const res = await finalizar(pedidoDeTeste(over), chave)
      expect(res.statusCode, res.body).toBe(201)
      return res.json().data.orderData
    }
    /** The provider's page, as the browser posts one of its forms (the action read from the page itself). */
    async function naPagina(url: string, resposta: 'aprovar' | 'recusar' | 'cancelar') {
      const pagina = await t.app.inject({ method: 'GET', url })
      expect(pagina.statusCode, pagina.body).toBe(200)
      const action = new RegExp(`action="([^"]*/pagina/${resposta}[^"]*)"`).exec(pagina.body)?.[1]
      if (!action) throw new Error(`no ${resposta} form on the page`)
      return t.app.inject({
        method: 'POST',
        url: action.replaceAll('&amp;', '&'),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      })
    }

    it("the calculation offers the store's methods, in the usual order; MB WAY when none is readable", async () => {
      const metodos = async () => {
        const res = await calcular()
        expect(res.statusCode, res.body).toBe(200)
        return res.json().data.pagamento.metodos
      }
      // A store before the methods: MB WAY only.
      expect(await metodos()).toEqual(['mbway'])
      await aceitar(db, 'googlepay, cartao,mbway,applepay,multibanco')
      expect(await metodos()).toEqual(['mbway', 'multibanco', 'cartao', 'applepay', 'googlepay'])
      await aceitar(db, 'multibanco,cartao')
      expect(await metodos()).toEqual(['multibanco', 'cartao'])
      await aceitar(db, 'bitcoin')
      expect(await metodos()).toEqual(['mbway'])
    })

    it('refuses a method the store does not accept on the field metodo: no order, no request, no allowance spent', async () => {
      // MB WAY only: Multibanco refused.
      const mb = await finalizar(pedidoDeTeste({ metodo: 'multibanco', telemovel: '' }), 'nao-1')
      expect(mb.statusCode, mb.body).toBe(422)
      expect(mb.json().error.fields).toEqual(NAO_ACEITE)
      // Multibanco only: MB WAY (the default) refused too, the phone given or not.
      await aceitar(db, 'multibanco')
      const mbway = await finalizar(pedidoDeTeste(), 'nao-2')
      expect(mbway.json().error.fields).toEqual(NAO_ACEITE)
      expect((await finalizar(pedidoDeTeste({ metodo: 'cartao' }), 'nao-3')).json().error.fields).toEqual(NAO_ACEITE)
      // An unknown method is not one of the schema's.
      const outro = await finalizar(pedidoDeTeste({ metodo: 'bitcoin' }), 'nao-4')
      expect(outro.statusCode).toBe(400)
      expect(Object.keys(outro.json().error.fields)).toEqual(['metodo'])
      expect(await db.selectFrom('encomendas').select('id').execute()).toEqual([])
      expect(await pagamentos()).toEqual([])
      expect(await emails(db)).toEqual([])
      // With nothing left to pay, no method is asked for: the balance pays it all.
      await aceitar(db, 'mbway')
      await insertSaldo(db, clienteId, 1000)
      const saldoPaga = await encomendar({ metodo: 'cartao', telemovel: '', usar_premio: 1 }, 'saldo-1')
      // Nothing paid by a method: none named.
      expect(saldoPaga).toMatchObject({
        status: ESTADO.recebido,
        pago: true,
        valor_pago: 0,
        pagamento: null,
        pago_com: null,
      })
      expect(await pagamentos()).toEqual([])
      // The refused checkouts spent nothing of the allowance (ten in ten minutes): nine more are taken, then 429.
      await aceitar(db, 'multibanco')
      for (let i = 0; i < 9; i++) await encomendar({ metodo: 'multibanco', telemovel: '' }, `ok-${i}`)
      expect((await finalizar(pedidoDeTeste({ metodo: 'multibanco', telemovel: '' }), 'ok-9')).statusCode).toBe(429)
    })

    it('answers 422 for a method the store does not accept, as FinalizaEncomendaSchema documents', async () => {
      const res = await finalizar(pedidoDeTeste({ metodo: 'multibanco', telemovel: '' }), 'nao-422')
      expect(res.statusCode, res.body).toBe(422)
      expect(res.json().error.fields).toEqual(NAO_ACEITE)
      // A store taking the card but not Apple Pay: Apple Pay the same.
      await aceitar(db, 'mbway,cartao')
      const applepay = await finalizar(pedidoDeTeste({ metodo: 'applepay', telemovel: '' }), 'nao-422-b')
      expect(applepay.statusCode, applepay.body).toBe(422)
      expect(applepay.json().error.fields).toEqual(NAO_ACEITE)
      expect(await db.selectFrom('encomendas').select('id').execute()).toEqual([])
    })

    it('Multibanco: a reference with no phone, its e-mail, a replay, then paid at the ATM once, onto the board', async () => {
      await aceitar(db, TODOS)
      const body = pedidoDeTeste({ metodo: 'multibanco', telemovel: '' })
      const orderData = await encomendar({ metodo: 'multibanco', telemovel: '' }, 'mb-1')
      const id = orderData.orderId as number
      expect(orderData).toMatchObject({
        status: ESTADO.pagamento,
        pago: false,
        total: TOTAL,
        valor_pago: TOTAL,
        pagamento: {
          metodo: 'Multibanco',
          entidade: '99999',
          referencia: expect.stringMatching(/^\d{9}$/),
          // The next midnight in Lisbon (UTC+0 in November).
          expira_em: '2026-11-24T00:00:00.000Z',
        },
      })
      const { referencia } = orderData.pagamento
      const [pedido, ...outros] = await pagamentos()
      expect(outros).toEqual([])
      expect(pedido).toMatchObject({ metodo: 'multibanco', entidade: '99999', referencia, valor: TOTAL, telemovel: '' })
      expect(await pedidoDb(db, id)).toMatchObject({ pagamento_metodo: 'multibanco', mb_referencia: referencia })

      // The reference on a durable medium, queued with the order's request.
      const [email, ...mais] = await emails(db)
      expect(mais).toEqual([])
      expect(email?.assunto).toBe(`Referência Multibanco do pedido n.º ${id} - chiado`)
      expect(email?.texto).toContain('Entidade: 99999')
      expect(email?.texto).toContain(`Referência: ${formatarReferencia(referencia)}`)
      expect(formatarReferencia(referencia)).toMatch(/^\d{3} \d{3} \d{3}$/)
      expect(email?.texto).toContain(`Valor: ${formatMoney(TOTAL)}`)
      expect(email?.texto).toContain('Pagar até: 23/11/2026 23:59')

      // The same key answers the same order and reference: no second request, no second e-mail.
      const again = await finalizar(body, 'mb-1')
      expect(again.statusCode, again.body).toBe(201)
      expect(again.json().data.orderData).toMatchObject({ orderId: id, pagamento: orderData.pagamento })
      expect(await pagamentos()).toHaveLength(1)
      expect(await emails(db)).toHaveLength(1)
      // The method is part of what the key stands for.
      expect((await finalizar({ ...body, metodo: 'cartao' }, 'mb-1')).statusCode).toBe(422)

      // Waiting: not on the board, and the customer still reads the reference.
      expect(await quadro()).toEqual([])
      expect(await ler(id)).toMatchObject({ status: ESTADO.pagamento, pagamento: orderData.pagamento })
      // A callback with a wrong key is refused and changes nothing.
      const forjado = new URLSearchParams({
        chave: 'adivinha',
        metodo: 'multibanco',
        id: pedido.id,
        referencia: `E${id}`,
        valor: String(TOTAL),
      })
      const res = await t.app.inject({ method: 'GET', url: `/api/pagamentos/sandbox/callback?${forjado}` })
      expect(res.statusCode).toBe(403)
      expect(await ler(id)).toMatchObject({ status: ESTADO.pagamento, pago: false })

      // Paid at the ATM.
      expect((await responder(pedido.id, 'aprovar')).statusCode).toBe(200)
      expect((await responder(pedido.id, 'aprovar')).statusCode).toBe(404)
      expect(await ler(id)).toMatchObject({
        status: ESTADO.recebido,
        pago: true,
        pointsAdded: 7,
        pagamento: null,
        pago_com: 'Multibanco',
      })
      expect((await quadro()).map((e) => e.id)).toEqual([id])
      await t.app.reconciliarPagamentos()
      const feitas = await compras()
      expect(feitas).toHaveLength(1)
      expect(feitas[0]).toMatchObject({ valor_pago: TOTAL, pontos_ganhos: 7, saldo_adicionado: 40 })
      expect(await saldo()).toBe(40)
      // The reference, then the order's confirmation once paid.
      expect((await emails(db)).map((e) => e.assunto)).toEqual([
        `Referência Multibanco do pedido n.º ${id} - chiado`,
        `Confirmação do pedido n.º ${id} - chiado`,
      ])
    })

    it('card, Apple Pay, Google Pay: the answer names the page; paid on it, the customer comes back paid', async () => {
      await aceitar(db, TODOS)
      const agora = clock.now().getTime()
      const orderData = await encomendar({ metodo: 'cartao', telemovel: '' }, 'cartao-1')
      const id = orderData.orderId as number
      const [pedido] = await pagamentos()
      expect(pedido).toMatchObject({ metodo: 'cartao', valor: TOTAL, estado: 'pendente', entidade: null })
      const url = `/api/dev/pagamentos/${pedido.id}/pagina?v=${API_VERSION}`
      expect(orderData).toMatchObject({ status: ESTADO.pagamento, pago: false })
      expect(orderData.pagamento).toEqual({
        metodo: 'Cartão',
        url,
        expira_em: new Date(agora + 30 * MINUTO).toISOString(),
      })
      const pagina = await t.app.inject({ method: 'GET', url })
      expect(pagina.statusCode).toBe(200)
      expect(pagina.headers['content-type']).toMatch(/^text\/html/)
      expect(pagina.body).toContain('Pagar')
      expect(pagina.body).toContain(formatMoney(TOTAL))
      // An e-mail for a Multibanco reference only.
      expect(await emails(db)).toEqual([])

      const pago = await naPagina(url, 'aprovar')
      expect(pago.statusCode).toBe(303)
      expect(pago.headers.location).toBe(regresso(id, 'sucesso'))
      expect(await ler(id)).toMatchObject({
        status: ESTADO.recebido,
        pago: true,
        pointsAdded: 7,
        pagamento: null,
        pago_com: 'cartão',
      })
      expect((await quadro()).map((e) => e.id)).toEqual([id])
      // The page now says there is nothing to pay; posting to it again pays nothing twice.
      const depois = await t.app.inject({ method: 'GET', url })
      expect(depois.body).not.toContain('Pagar')
      const outra = await t.app.inject({
        method: 'POST',
        url: `/api/dev/pagamentos/${pedido.id}/pagina/aprovar?v=${API_VERSION}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      })
      expect(outra.statusCode).toBe(303)
      await t.app.reconciliarPagamentos()
      expect(await compras()).toHaveLength(1)

      // Apple Pay and Google Pay: the same page, their names.
      for (const [metodo, nome] of [
        ['applepay', 'Apple Pay'],
        ['googlepay', 'Google Pay'],
      ] as const) {
        const o = await encomendar({ metodo, telemovel: '' }, `k-${metodo}`)
        const p = (await pagamentos()).find((x: { metodo: string }) => x.metodo === metodo)
        expect(o.pagamento).toMatchObject({ metodo: nome, url: `/api/dev/pagamentos/${p.id}/pagina?v=${API_VERSION}` })
        expect(o.pago_com).toBe(nome)
        expect((await t.app.inject({ method: 'GET', url: o.pagamento.url })).body).toContain(nome)
      }
      // A request unknown to the sandbox has no page.
      const desconhecido = await t.app.inject({
        method: 'GET',
        url: `/api/dev/pagamentos/nenhum/pagina?v=${API_VERSION}`,
      })
      expect(desconhecido.statusCode).toBe(404)
    })

    it("the customer's read of a page order asks the provider (once per 5 s): the redirect is never needed", async () => {
      await aceitar(db, TODOS)
      const { orderId: id } = await encomendar({ metodo: 'googlepay', telemovel: '' }, 'gp-1')
      const mb = await encomendar({ metodo: 'multibanco', telemovel: '' }, 'mb-ler')
      // Asked now, still pending.
      expect(await ler(id)).toMatchObject({ status: ESTADO.pagamento })
      // Paid on the page; its answer never reached the app (the customer closed the browser before coming back).
      const pago = (referencia: string) =>
        db.updateTable('pagamentos_sandbox').set({ estado: 'pago' }).where('referencia', '=', referencia).execute()
      await pago(`E${id}`)
      await pago(`E${mb.orderId}`)
      // Asked less than 5 s ago: not asked again.
      clock.advance(4_000)
      expect(await ler(id)).toMatchObject({ status: ESTADO.pagamento })
      clock.advance(1_000)
      expect(await ler(id)).toMatchObject({ status: ESTADO.recebido, pago: true, pointsAdded: 7 })
      // A Multibanco reference's read asks nothing before its expiry: its callback or the reconciliation settles it.
      expect(await ler(mb.orderId)).toMatchObject({ status: ESTADO.pagamento })
      await t.app.reconciliarPagamentos()
      expect(await ler(mb.orderId)).toMatchObject({ status: ESTADO.recebido, pago: true })
      expect(await compras()).toHaveLength(2)
    })

    it('card refused on the page: back to the error address, the order cancelled and the balance back', async () => {
      await aceitar(db, TODOS)
      await insertSaldo(db, clienteId, 250)
      const orderData = await encomendar({ metodo: 'cartao', telemovel: '', usar_premio: 1 }, 'recusa-1')
      const id = orderData.orderId as number
      expect(orderData).toMatchObject({ desconto: 250, valor_pago: TOTAL - 250 })
      expect(await saldo()).toBe(0)
      const recusado = await naPagina(orderData.pagamento.url, 'recusar')
      expect(recusado.statusCode).toBe(303)
      expect(recusado.headers.location).toBe(regresso(id, 'erro'))
      expect(await ler(id)).toMatchObject({
        status: ESTADO.cancelado,
        pago: false,
        motivo: 'O pagamento foi recusado.',
        pagamento: null,
      })
      expect(await saldo()).toBe(250)
      expect(await quadro()).toEqual([])
      expect(await compras()).toHaveLength(1) // the fixture's opening balance only
    })

    it('MB WAY as before: the default method, its phone required, its body hashed as before the methods', async () => {
      await aceitar(db, TODOS)
      const orderData = await encomendar({}, 'mbway-1')
      expect(orderData.pagamento).toMatchObject({ metodo: 'MB WAY', telemovel: TELEMOVEL, pais: '351' })
      expect(await pedidoDb(db, orderData.orderId)).toMatchObject({ pagamento_metodo: 'mbway', pagamento_url: null })
      // 'mbway' named is the same body as none named: the same key answers the same order.
      const nomeado = await finalizar(pedidoDeTeste({ metodo: 'mbway' }), 'mbway-1')
      expect(nomeado.statusCode, nomeado.body).toBe(201)
      expect(nomeado.json().data.orderData.orderId).toBe(orderData.orderId)
      const [pedido, ...outros] = await pagamentos()
      expect(outros).toEqual([])
      expect(pedido).toMatchObject({ metodo: 'mbway', telemovel: TELEMOVEL, entidade: null, referencia: null })
      expect((await responder(pedido.id, 'aprovar')).statusCode).toBe(200)
      expect(await ler(orderData.orderId)).toMatchObject({ status: ESTADO.recebido, pago: true, pago_com: 'MB WAY' })
      // Something to pay by MB WAY and no phone: the phone field says why (the other methods need none).
      for (const over of [{}, { metodo: 'mbway' }]) {
        const res = await finalizar(pedidoDeTeste({ telemovel: '', ...over }), `sem-${Object.keys(over).length}`)
        expect(res.statusCode).toBe(400)
        expect(res.json().error.fields).toEqual({ telemovel: 'Indique o telemóvel com MB WAY para pagar.' })
      }
      expect(await pagamentos()).toHaveLength(1)
    })
  })
})
