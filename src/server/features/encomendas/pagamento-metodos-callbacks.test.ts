import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ESTADO } from '../../../shared/estado-pedido.ts'
import { manualClock } from '../../platform/clock.ts'
import type { PaymentProvider } from '../../platform/pagamentos.ts'
import { createSandboxProvider, type SandboxProvider } from '../../platform/pagamentos-sandbox.ts'
import { lojasChavesRepo } from '../../platform/store-keys.ts'
import { CARRINHO_DE_TESTE, ementaDeTeste, pedidoDeTeste } from '../../testing/ementa.ts'
import { insertContas, insertLoja, insertRestaurante } from '../../testing/fixtures.ts'
import { createTestApp, device, type TestApp, testDialects } from '../../testing/harness.ts'
import { todosOsDias } from './horario.ts'
import { MINUTO, PASSWORD, TELEMOVEL } from './testing.ts'

/**
 * Paying by Multibanco besides MB WAY (decision 0048), through a provider that takes those two only and checks its own
 * key on each callback: what the checkout offers and refuses then, a Multibanco payment's callbacks (another method's,
 * forged, replayed), a reference made for an order already given up, and how often a waiting reference is asked
 * about (its callback not confirmed yet: 30 s later). The sandbox's own scenes:
 * pagamento-metodos.test.ts; the expiries: pagamento-metodos-expiry.test.ts.
 */

const APP_URL = 'https://app.example.pt'
const TODOS = 'mbway,multibanco,cartao,applepay,googlepay'
const EMAIL = 'ana@example.pt'
/** What the checkout answers for a method the store (or the provider) does not take. */
const NAO_ACEITE = { metodo: 'Esta loja não aceita este método de pagamento.' }

type Db = TestApp['database']['db']
/** The store's payment methods, as the back-office writes them. */
const aceitar = (db: Db, metodos: string) =>
  db.updateTable('lojas').set({ metodos_pagamento: metodos }).where('id_loja', '=', 862).execute()
const emails = (db: Db) =>
  db.selectFrom('email_outbox').select(['assunto', 'texto']).where('para', '=', EMAIL).orderBy('id').execute()

describe.each(testDialects())('orders paid by Multibanco, card, Apple Pay, Google Pay on %s', (dialect) => {
  describe("callbacks with the provider's key (a provider that takes MB WAY and Multibanco only)", () => {
    const CALLBACK_KEY = 'chave-do-sandbox'
    let t: TestApp
    let db: Db
    let sandbox: SandboxProvider
    let cliente: ReturnType<typeof device>
    let clock: ReturnType<typeof manualClock>
    const criados: string[] = []
    /** The requests the provider was asked the state of, in order. */
    const perguntados: string[] = []
    /** What happens while the provider is being asked (a test's stall). */
    let aoCriar: (() => Promise<unknown>) | null = null

    beforeEach(async () => {
      criados.length = 0
      perguntados.length = 0
      aoCriar = null
      clock = manualClock('2026-11-23T12:00:00.000Z')
      const provider: PaymentProvider = {
        nome: 'sandbox',
        metodos: ['mbway', 'multibanco'],
        async criar(p) {
          criados.push(p.metodo)
          await aoCriar?.()
          return sandbox.criar(p)
        },
        estado: (id, metodo) => {
          perguntados.push(id)
          return sandbox.estado(id, metodo)
        },
        lerCallback: (params) => sandbox.lerCallback(params),
        reembolsar: (pedido) => sandbox.reembolsar(pedido),
      }
      t = await createTestApp(dialect, { APP_URL }, { clock, payments: provider })
      db = t.database.db
      sandbox = createSandboxProvider({ db, clock, expirySeconds: 240, callbackKey: CALLBACK_KEY })
      const { id } = await insertRestaurante(db, { tag: 'nata-e-grao', name: 'Nata & Grão' })
      const sempre = JSON.stringify(todosOsDias('00:00', '24:00'))
      await insertLoja(db, { tag: 'chiado', restaurante_id: id, id_loja: 862, horario_encomendas: sempre })
      await aceitar(db, TODOS)
      const chaveLoja = (await lojasChavesRepo(db, clock).create(862, 'pos-862')).chave
      const ementa = await t.app.inject({
        method: 'PUT',
        url: '/api/loja/v1/ementa',
        headers: { authorization: `Bearer ${chaveLoja}` },
        payload: ementaDeTeste(),
      })
      expect(ementa.statusCode).toBe(200)
      await insertContas(db, [TELEMOVEL], PASSWORD)
      cliente = device(t)
      await cliente.call('POST', '/login', { telemovel: TELEMOVEL, pais: '351', password: PASSWORD })
    })
    afterEach(() => t.close())

    const checkout = (over: Record<string, unknown>, chave = `k-${Math.random()}`) =>
      cliente.call('POST', '/api/finaliza-encomenda', pedidoDeTeste(over), { 'idempotency-key': chave })
    const callback = (params: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `/api/pagamentos/sandbox/callback?${new URLSearchParams(params)}` })
    const ler = async (id: number) => (await cliente.call('GET', `/api/encomendas/${id}`)).json().data
    const pedidoDb = (id: number) =>
      db.selectFrom('encomendas').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    /** When the reconciliation will next look at the order, in ms from now. */
    const proxima = async (id: number) => Date.parse((await pedidoDb(id)).verificar_em ?? '') - clock.now().getTime()
    const compras = () =>
      db.selectFrom('transacoes').select('id').where('tipo', '=', 'compra').where('referencia', 'like', 'E%').execute()

    it('offers and takes only what both the store and the provider take: the card refused, nothing asked of it', async () => {
      const calculo = await cliente.call('POST', '/api/calcula-encomenda', { id_loja: 862, cart: CARRINHO_DE_TESTE })
      expect(calculo.json().data.pagamento.metodos).toEqual(['mbway', 'multibanco'])
      for (const metodo of ['cartao', 'applepay', 'googlepay']) {
        const res = await checkout({ metodo, telemovel: '' })
        expect(res.json().error?.fields, res.body).toEqual(NAO_ACEITE)
      }
      expect(criados).toEqual([])
      expect(await db.selectFrom('encomendas').select('id').execute()).toEqual([])
      expect(await sandbox.listar()).toEqual([])
    })

    it("a Multibanco payment's callback: another method's, a forged one, then the right one replayed, paid once", async () => {
      const res = await checkout({ metodo: 'multibanco', telemovel: '' })
      expect(res.statusCode, res.body).toBe(201)
      const id = res.json().data.orderData.orderId as number
      expect(criados).toEqual(['multibanco'])
      const [pedido] = await sandbox.listar()
      if (!pedido) throw new Error('no request')
      expect(await sandbox.responder(pedido.id, 'pago')).not.toBeNull()
      const certo = sandbox.callbackDe(pedido)
      expect(certo.metodo).toBe('multibanco')

      // The Multibanco request named as a card payment, or with no method (read as MB WAY): nothing changes.
      expect((await callback({ ...certo, metodo: 'cartao' })).statusCode).toBe(200)
      const { metodo: _, ...semMetodo } = certo
      expect((await callback(semMetodo)).statusCode).toBe(200)
      // A wrong key, or a method no provider has: refused.
      expect((await callback({ ...certo, chave: 'adivinha' })).statusCode).toBe(403)
      expect((await callback({ ...certo, metodo: 'bitcoin' })).statusCode).toBe(403)
      expect(await ler(id)).toMatchObject({ status: ESTADO.pagamento, pago: false })
      expect(await compras()).toEqual([])

      // The right one: paid. Replayed, one after another and at once: nothing more.
      expect((await callback(certo)).statusCode).toBe(200)
      expect(await ler(id)).toMatchObject({ status: ESTADO.recebido, pago: true, pointsAdded: 7 })
      for (let i = 0; i < 2; i++) expect((await callback(certo)).statusCode).toBe(200)
      await Promise.all([callback(certo), callback(certo), t.app.reconciliarPagamentos()])
      expect(await compras()).toHaveLength(1)
      const saldo = (await cliente.call('POST', '/api/refresh-private-data', { value: true })).json().data.user.data
      expect(saldo.saldo).toBe(40)
      expect((await sandbox.ler(pedido.id))?.reembolsado).toBe(0)
    })

    it('a reference made after its order was given up (the checkout stalled): recorded on the cancelled order', async () => {
      // The process stalls while the provider makes the reference, past the time the order could wait for it (5
      // minutes and the margin, not the reference's day): the reconciliation gives the order up meanwhile.
      aoCriar = async () => {
        clock.advance(7 * MINUTO)
        await t.app.reconciliarPagamentos()
      }
      const res = await checkout({ metodo: 'multibanco', telemovel: '' })
      const id = (await db.selectFrom('encomendas').select('id').executeTakeFirstOrThrow()).id
      expect(await ler(id)).toMatchObject({
        status: ESTADO.cancelado,
        motivo: 'Não foi possível gerar a referência Multibanco.',
      })
      expect(res.statusCode, res.body).toBe(201)
      expect(res.json().data.orderData).toMatchObject({ status: ESTADO.cancelado, pagamento: null })
      // The request is recorded on the cancelled order (a payment of it would be refunded)…
      expect((await db.selectFrom('encomendas').select('pagamento_id').executeTakeFirstOrThrow()).pagamento_id).toBe(
        (await sandbox.listar())[0]?.id,
      )
      // …but the customer must not be asked, by e-mail, to pay a reference for an order that is already cancelled.
      expect(await emails(db)).toEqual([])
    })

    it('a reference waiting: asked at most every 5 minutes; its callback not confirmed yet, asked again 30 s later', async () => {
      const res = await checkout({ metodo: 'multibanco', telemovel: '' })
      expect(res.statusCode, res.body).toBe(201)
      const id = res.json().data.orderData.orderId as number
      const [pedido] = await sandbox.listar()
      if (!pedido) throw new Error('no request')
      // The passes ask less and less often (its expiry is at midnight), never more than 5 minutes apart.
      const intervalos: number[] = []
      for (let i = 0; i < 7; i++) {
        clock.advance(Math.max(0, await proxima(id)))
        await t.app.reconciliarPagamentos()
        intervalos.push(await proxima(id))
      }
      expect(perguntados).toHaveLength(7)
      expect(intervalos.every((ms) => ms > 0 && ms <= 5 * MINUTO)).toBe(true)
      expect(intervalos.slice(-3)).toEqual([5 * MINUTO, 5 * MINUTO, 5 * MINUTO])

      // Its callback before the provider says paid (its list a little behind): asked once, not believed, and asked
      // again 30 s later, not at the backoff's next turn.
      clock.advance(MINUTO)
      expect((await callback(sandbox.callbackDe(pedido))).statusCode).toBe(200)
      expect(perguntados).toHaveLength(8)
      expect(await pedidoDb(id)).toMatchObject({ estado: ESTADO.pagamento, pagamento_estado: 'pendente' })
      expect(await proxima(id)).toBe(30_000)
      expect(await sandbox.responder(pedido.id, 'pago')).not.toBeNull()
      clock.advance(29_000)
      await t.app.reconciliarPagamentos()
      expect(perguntados).toHaveLength(8)
      clock.advance(1_000)
      await t.app.reconciliarPagamentos()
      expect(perguntados).toHaveLength(9)
      expect(await ler(id)).toMatchObject({ status: ESTADO.recebido, pago: true, pago_com: 'Multibanco' })
      expect(await compras()).toHaveLength(1)
    })
  })
})
