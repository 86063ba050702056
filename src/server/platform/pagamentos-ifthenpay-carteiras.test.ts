import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { MetodoPagamento } from '../../shared/metodos-pagamento.ts'
import { type IfthenpayServer, startIfthenpayServer } from '../testing/ifthenpay-server.ts'
import { PagamentoRecusado } from './pagamentos.ts'
import { createIfthenpayProvider, type IfthenpaySettings, MODELOS_CALLBACK } from './pagamentos-ifthenpay.ts'

/**
 * The ifthenpay adapter's wallets (Apple Pay, Google Pay through its gateway: each request named by the order's
 * reference and a random suffix), each method's callback as ifthenpay fills its template, and the pages it sends the
 * customer to (https only, or this machine's). MB WAY, Multibanco and the card: pagamentos-ifthenpay.test.ts.
 */

describe('ifthenpay provider against a local ifthenpay API: wallets, callbacks, pages', () => {
  let api: IfthenpayServer
  let provider: ReturnType<typeof createIfthenpayProvider>
  let settings: IfthenpaySettings
  /** One clock for the adapter and the local ifthenpay, moved by hand. */
  let agora = '2026-11-23T12:00:00.000Z'
  const clock = { now: () => new Date(agora) }

  beforeAll(async () => {
    api = await startIfthenpayServer({ clock })
    settings = {
      mbWayKey: api.mbWayKey,
      mbKey: api.mbKey,
      ccardKey: api.ccardKey,
      gatewayKey: api.gatewayKey,
      applePayKey: api.applePayKey,
      googlePayKey: api.googlePayKey,
      antiPhishingKey: api.antiPhishingKey,
      backofficeKey: api.backofficeKey,
      apiUrl: api.url,
      timeoutMs: 2000,
      clock,
    }
    provider = createIfthenpayProvider(settings)
  })
  beforeEach(() => {
    agora = '2026-11-23T12:00:00.000Z'
  })
  afterAll(() => api.close())

  const pedido = {
    metodo: 'mbway' as MetodoPagamento,
    referencia: 'E42',
    valor: 1250,
    telemovel: '912345678',
    pais: '351',
    descricao: 'Encomenda 42',
  }
  const regresso = {
    sucesso: 'https://app.example/pago?e=1',
    erro: 'https://app.example/erro',
    cancelado: 'https://app.example/cancelado',
  }
  const mb = (referencia: string) => ({ ...pedido, metodo: 'multibanco' as const, referencia, validaAte: '2026-11-24' })
  const pagina = (metodo: MetodoPagamento, referencia: string) => ({ ...pedido, metodo, referencia, regresso })
  /** A wallet request's id: the order's reference, a hyphen and a random suffix (15 characters at most). */
  const comSufixo = (referencia: string) => new RegExp(`^${referencia}-[0-9a-z]{1,4}$`)

  describe.each(['applepay', 'googlepay'] as const)('%s (the gateway)', (metodo) => {
    const conta = () => (metodo === 'applepay' ? `APPLE|${api.applePayKey}` : `GOOGLE|${api.googlePayKey}`)
    const ref = (n: number) => `E${metodo === 'applepay' ? 4 : 5}${n}`

    it("opens the gateway's page with only this wallet, named by the order id and a suffix; paid when listed on its key", async () => {
      // The order was paid by MB WAY too: not this wallet's payment.
      const mbway = await provider.criar({ ...pedido, referencia: ref(1) })
      api.pagar(mbway.id)
      const criado = await provider.criar(pagina(metodo, ref(1)))
      const sent = api.pedidos.at(-1)
      expect(api.chamadas.at(-1)).toBe(`POST /gateway/pinpay/${api.gatewayKey}`)
      expect(criado.id).toMatch(comSufixo(ref(1)))
      expect(sent).toMatchObject({
        metodo,
        orderId: criado.id,
        amount: '12.50',
        description: 'Encomenda 42',
        accounts: conta(),
        expiredate: '20261123',
        otp: 'true',
        successUrl: regresso.sucesso,
        errorUrl: regresso.erro,
        cancelUrl: regresso.cancelado,
        language: 'pt',
      })
      expect(criado).toEqual({ id: sent?.orderId, url: sent?.pagina })
      expect(await provider.estado(criado.id, metodo)).toBe('pendente')
      expect(api.pagarPagina(criado.url ?? '')).toBe(regresso.sucesso)
      expect(await provider.estado(criado.id, metodo)).toBe('pago')
      const outra = metodo === 'applepay' ? 'googlepay' : 'applepay'
      expect(await provider.estado(criado.id, outra)).toBe('pendente')
      // Refused or expired: still pending, as the list cannot say more.
      const expirado = await provider.criar(pagina(metodo, ref(2)))
      api.expirar(api.pedidos.at(-1)?.requestId ?? '')
      expect(await provider.estado(expirado.id, metodo)).toBe('pendente')
    })

    it("two requests for the same reference get their own ids: one's payment is not the other's", async () => {
      // The same order id made twice (another environment on the same account, an id sequence restored from a backup).
      const este = await provider.criar(pagina(metodo, ref(5)))
      const outro = await provider.criar(pagina(metodo, ref(5)))
      expect([este.id, outro.id]).toEqual([
        expect.stringMatching(comSufixo(ref(5))),
        expect.stringMatching(comSufixo(ref(5))),
      ])
      expect(este.id).not.toBe(outro.id)
      // The other is paid: listed under its id, not this one's.
      api.pagarPagina(outro.url ?? '')
      expect(await provider.estado(outro.id, metodo)).toBe('pago')
      expect(await provider.estado(este.id, metodo)).toBe('pendente')
      // Nor refunded as this one's: nothing is sent.
      const antes = api.reembolsos
      expect(await provider.reembolsar({ id: este.id, valor: 1250, metodo })).toBe('erro')
      expect(api.reembolsos).toBe(antes)
      // The other's callback names its own request (the order's reference is what precedes the suffix).
      const callback = { chave: api.antiPhishingKey, metodo, referencia: outro.id, valor: '12.50' }
      expect(provider.lerCallback(callback)).toEqual({ metodo, id: outro.id, referencia: ref(5), valor: 1250 })
    })

    it("dates the page to the Lisbon day the customer's time on it ends; refusals", async () => {
      agora = '2026-11-23T23:45:00.000Z'
      await provider.criar(pagina(metodo, ref(3)))
      expect(api.pedidos.at(-1)?.expiredate).toBe('20261124')
      const antes = api.chamadas.length
      await expect(provider.criar({ ...pedido, metodo, referencia: ref(3) })).rejects.toBeInstanceOf(PagamentoRecusado)
      expect(api.chamadas.length).toBe(antes)
      const outra = createIfthenpayProvider({ ...settings, gatewayKey: 'XYZW-000000' })
      await expect(outra.criar(pagina(metodo, ref(3)))).rejects.toBeInstanceOf(PagamentoRecusado)
    })

    it('refunds the transaction the list names; not before it is paid, nor when the list cannot be read', async () => {
      const { id, url } = await provider.criar(pagina(metodo, ref(4)))
      const devolver = (valor: number) => provider.reembolsar({ id, valor, metodo })
      const antes = api.reembolsos
      expect(await devolver(1250)).toBe('erro')
      api.falhar = true
      expect(await devolver(1250)).toBe('erro')
      api.falhar = false
      expect(api.reembolsos).toBe(antes)
      api.pagarPagina(url ?? '')
      api.semFundos = true
      expect(await devolver(1250)).toBe('sem-fundos')
      api.semFundos = false
      expect(await devolver(1250)).toBe('ok')
      expect(api.pedidos.at(-1)?.refunded).toEqual(['12.50'])
      expect(await devolver(1)).toBe('erro')
    })
  })

  it("reads each method's callback as ifthenpay fills its template; refuses a wrong key or missing fields", async () => {
    const recebidos: Record<string, string>[] = []
    const app = createServer((req, res) => {
      recebidos.push(Object.fromEntries(new URL(req.url ?? '/', 'http://app').searchParams))
      res.end('OK')
    })
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve))
    const rota = `http://127.0.0.1:${(app.address() as AddressInfo).port}/api/pagamentos/ifthenpay/callback`
    const chamar = async (m: MetodoPagamento, requestId: string, chave?: string) => {
      await api.enviarCallback(`${rota}${MODELOS_CALLBACK[m]}`, requestId, chave)
      return provider.lerCallback(recebidos.at(-1) ?? {})
    }
    try {
      const w = await provider.criar({ ...pedido, referencia: 'E801' })
      expect(await chamar('mbway', w.id)).toEqual({ metodo: 'mbway', id: w.id, referencia: 'E801', valor: 1250 })
      const m = await provider.criar(mb('E802'))
      expect(await chamar('multibanco', m.id)).toEqual({
        metodo: 'multibanco',
        id: m.id,
        referencia: 'E802',
        valor: 1250,
      })
      const c = await provider.criar(pagina('cartao', 'E803'))
      expect(await chamar('cartao', c.id)).toEqual({ metodo: 'cartao', id: c.id, referencia: 'E803', valor: 1250 })
      const g = await provider.criar(pagina('googlepay', 'E804'))
      const transacao = api.pedidos.at(-1)?.requestId ?? ''
      // A wallet's template names its request by the id sent (the reference and its suffix): the order is what precedes.
      expect(g.id).toMatch(comSufixo('E804'))
      expect(await chamar('googlepay', transacao)).toEqual({
        metodo: 'googlepay',
        id: g.id,
        referencia: 'E804',
        valor: 1250,
      })
      expect(await chamar('cartao', c.id, 'adivinhada')).toBeNull()
      // Every placeholder the local ifthenpay knows is filled.
      api.pagar(m.id)
      const todos =
        '?e=[ENTITY]&r=[REFERENCE]&pm=[PAYMENT_METHOD]&k=[PAYMENT_METHOD_KEY]&d=[PAYMENT_DATETIME]&s=[STATUS]'
      await api.enviarCallback(`${rota}${todos}&o=[ID]`, m.id)
      expect(recebidos.at(-1)).toEqual({
        e: api.entidade,
        r: api.pedidos.find((p) => p.requestId === m.id)?.reference,
        pm: 'MB',
        k: api.mbKey,
        d: '23-11-2026 12:00:00',
        s: 'PAGO',
        o: 'E802',
      })
    } finally {
      await new Promise<void>((resolve) => app.close(() => resolve()))
    }
    const base = { chave: api.antiPhishingKey, metodo: 'cartao', referencia: 'E1', id: 'r1', valor: '12.50' }
    expect(provider.lerCallback({ ...base, id: undefined })).toBeNull()
    expect(provider.lerCallback({ ...base, referencia: '' })).toBeNull()
    expect(provider.lerCallback({ ...base, valor: '0.00' })).toBeNull()
    expect(provider.lerCallback({ ...base, metodo: 'applepay', id: undefined })).toMatchObject({ id: 'E1' })
    expect(provider.lerCallback({ ...base, metodo: 'applepay', referencia: 'E1-k3f9' })).toMatchObject({
      id: 'E1-k3f9',
      referencia: 'E1',
    })
    expect(provider.lerCallback({ ...base, metodo: 'applepay', referencia: undefined })).toBeNull()
  })

  it("sends the customer only to an https page, or this machine's (the tests'): another is a refusal", async () => {
    // ifthenpay's answer, whatever it names as the page.
    let enderecoPagina = ''
    const falso = createServer((req, res) => {
      res.setHeader('content-type', 'application/json')
      const cartao = req.url?.startsWith('/creditcard/')
      res.end(
        JSON.stringify(
          cartao
            ? { Status: '0', RequestId: 'r1', PaymentUrl: enderecoPagina, Message: 'Success' }
            : { PinCode: '1234567890', PinpayUrl: '', RedirectUrl: enderecoPagina },
        ),
      )
    })
    await new Promise<void>((resolve) => falso.listen(0, '127.0.0.1', resolve))
    const p = createIfthenpayProvider({
      ...settings,
      apiUrl: `http://127.0.0.1:${(falso.address() as AddressInfo).port}`,
    })
    const criar = (metodo: MetodoPagamento, url: string) => {
      enderecoPagina = url
      return p.criar(pagina(metodo, 'E901'))
    }
    try {
      for (const metodo of ['cartao', 'applepay'] as const) {
        for (const url of [
          'http://pagamentos.example/p/1',
          'http://127.0.0.1.example.com/p',
          'http://localhost.example.com/p',
          'javascript:alert(1)',
          'ftp://ifthenpay.com/p',
          '//ifthenpay.com/p',
          'não é um endereço',
          '',
        ]) {
          await expect(criar(metodo, url), `${metodo} ${url}`).rejects.toBeInstanceOf(PagamentoRecusado)
        }
        for (const url of ['https://ifthenpay.com/p/1', 'http://localhost:8080/p', 'http://127.0.0.1:9/p']) {
          expect((await criar(metodo, url)).url).toBe(url)
        }
      }
    } finally {
      await new Promise<void>((resolve) => falso.close(() => resolve()))
    }
  })
})
