import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { MetodoPagamento } from '../../shared/metodos-pagamento.ts'
import { type IfthenpayServer, startIfthenpayServer } from '../testing/ifthenpay-server.ts'
import { PagamentoIndisponivel, PagamentoRecusado } from './pagamentos.ts'
import {
  createIfthenpayProvider,
  deEuros,
  type IfthenpaySettings,
  numeroMbway,
  paraEuros,
} from './pagamentos-ifthenpay.ts'

/**
 * The ifthenpay adapter against the local ifthenpay server: amounts, the methods set up, MB WAY, Multibanco and the
 * card. The wallets, each method's callback and the pages' addresses: pagamentos-ifthenpay-carteiras.test.ts.
 */

describe('ifthenpay provider against a local ifthenpay API', () => {
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

  it('converts amounts exactly and writes foreign numbers with their dial code', () => {
    expect([paraEuros(1250), paraEuros(10), paraEuros(123405), paraEuros(7)]).toEqual([
      '12.50',
      '0.10',
      '1234.05',
      '0.07',
    ])
    expect([deEuros('12.50'), deEuros('0.10'), deEuros('1234.05'), deEuros('12.5'), deEuros('3')]).toEqual([
      1250, 10, 123405, 1250, 300,
    ])
    expect([deEuros('1e3'), deEuros('-1.00'), deEuros('1.005'), deEuros('')]).toEqual([null, null, null, null])
    expect(numeroMbway('351', '912345678')).toBe('912345678')
    expect(numeroMbway('34', '612345678')).toBe('34#612345678')
  })

  it('offers only the methods whose keys are set, and takes no request for another', async () => {
    expect(provider.metodos).toEqual(['mbway', 'multibanco', 'cartao', 'applepay', 'googlepay'])
    const com = (over: Partial<IfthenpaySettings>) =>
      createIfthenpayProvider({ antiPhishingKey: 'k', backofficeKey: api.backofficeKey, apiUrl: api.url, ...over })
    expect(com({ mbKey: 'M' }).metodos).toEqual(['multibanco'])
    expect(com({ mbWayKey: '', ccardKey: 'C' }).metodos).toEqual(['cartao'])
    expect(com({ mbWayKey: 'W', gatewayKey: 'G', googlePayKey: 'GG' }).metodos).toEqual(['mbway', 'googlepay'])
    // A wallet's key is nothing without the gateway's; the list of payments needs the back-office key.
    expect(com({ mbWayKey: 'W', applePayKey: 'A' }).metodos).toEqual(['mbway'])
    expect(() => com({ mbKey: 'M', backofficeKey: '' })).toThrow(/no payment method/)
    expect(() => com({})).toThrow(/no payment method/)
    const soMbway = com({ mbWayKey: api.mbWayKey, antiPhishingKey: api.antiPhishingKey })
    const antes = api.chamadas.length
    await expect(soMbway.criar(mb('E1'))).rejects.toBeInstanceOf(PagamentoRecusado)
    await expect(soMbway.criar(pagina('cartao', 'E1'))).rejects.toBeInstanceOf(PagamentoRecusado)
    expect(api.chamadas.length).toBe(antes)
    // A wallet it has no key for cannot be asked about: never answered as anything.
    await expect(soMbway.estado('E1', 'applepay')).rejects.toBeInstanceOf(PagamentoIndisponivel)
    const callback = { chave: api.antiPhishingKey, metodo: 'cartao', referencia: 'E1', id: 'r', valor: '1.00' }
    expect(soMbway.lerCallback(callback)).toBeNull()
    expect(provider.lerCallback(callback)).toMatchObject({ metodo: 'cartao' })
  })

  describe('MB WAY', () => {
    it('sends the request to the phone as the API wants it, and reads its state', async () => {
      const { id } = await provider.criar(pedido)
      const sent = api.pedidos.at(-1)
      expect(sent).toMatchObject({ requestId: id, orderId: 'E42', amount: '12.50', mobileNumber: '912345678' })
      expect(await provider.estado(id, 'mbway')).toBe('pendente')
      api.pagar(id)
      expect(await provider.estado(id, 'mbway')).toBe('pago')
      const other = await provider.criar({ ...pedido, pais: '34', telemovel: '612345678' })
      expect(api.pedidos.at(-1)?.mobileNumber).toBe('34#612345678')
      api.recusar(other.id)
      expect(await provider.estado(other.id, 'mbway')).toBe('recusado')
      const late = await provider.criar(pedido)
      api.expirar(late.id)
      expect(await provider.estado(late.id, 'mbway')).toBe('expirado')
    })

    it('refusals and outages are told apart: a refused request is not retried, an outage is', async () => {
      await expect(provider.criar({ ...pedido, telemovel: '12' })).rejects.toBeInstanceOf(PagamentoRecusado)
      const wrongKey = createIfthenpayProvider({ ...settings, mbWayKey: 'outra' })
      await expect(wrongKey.criar(pedido)).rejects.toBeInstanceOf(PagamentoRecusado)
      // An unknown status is never read as paid: asked again later.
      await expect(wrongKey.estado('whatever', 'mbway')).rejects.toBeInstanceOf(PagamentoIndisponivel)
      api.falhar = true
      try {
        await expect(provider.criar(pedido)).rejects.toBeInstanceOf(PagamentoIndisponivel)
        await expect(provider.estado('x', 'mbway')).rejects.toBeInstanceOf(PagamentoIndisponivel)
        // A 5xx may come after the refund was made: its outcome is not known, and it must not be sent again blindly.
        expect(await provider.reembolsar({ id: 'x', valor: 100, metodo: 'mbway' })).toBe('incerto')
      } finally {
        api.falhar = false
      }
      const down = createIfthenpayProvider({ ...settings, apiUrl: 'http://127.0.0.1:9' })
      await expect(down.criar(pedido)).rejects.toBeInstanceOf(PagamentoIndisponivel)
      // Refused before anything was sent (a port nothing listens on): a definite failure, tried again later.
      const closed = createServer()
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
      const { port } = closed.address() as AddressInfo
      await new Promise<void>((resolve) => closed.close(() => resolve()))
      const refused = createIfthenpayProvider({ ...settings, apiUrl: `http://127.0.0.1:${port}` })
      expect(await refused.reembolsar({ id: 'x', valor: 100, metodo: 'mbway' })).toBe('erro')
    })

    it('a refund that times out is "incerto": it may have been made', async () => {
      const { id } = await provider.criar(pedido)
      api.pagar(id)
      const impaciente = createIfthenpayProvider({ ...settings, timeoutMs: 100 })
      api.atrasos.reembolso = 400
      try {
        expect(await impaciente.reembolsar({ id, valor: 1250, metodo: 'mbway' })).toBe('incerto')
      } finally {
        api.atrasos.reembolso = 0
      }
      // It was made, after all: a second one for the whole amount is refused, not paid twice.
      await new Promise((resolve) => setTimeout(resolve, 500))
      expect(api.pedidos.find((p) => p.requestId === id)?.refunded).toEqual(['12.50'])
      expect(await provider.reembolsar({ id, valor: 1250, metodo: 'mbway' })).toBe('erro')
    })

    it('reads a callback only with the anti-phishing key, and its amount exactly', () => {
      const base = { id: 'r1', referencia: 'E42', valor: '12.50' }
      expect(provider.lerCallback({ ...base, chave: api.antiPhishingKey })).toEqual({
        metodo: 'mbway',
        id: 'r1',
        referencia: 'E42',
        valor: 1250,
      })
      expect(provider.lerCallback({ ...base, chave: 'anti-phishing-segredX' })).toBeNull()
      expect(provider.lerCallback({ ...base, chave: '' })).toBeNull()
      expect(provider.lerCallback(base)).toBeNull()
      expect(provider.lerCallback({ ...base, chave: api.antiPhishingKey, valor: 'doze' })).toBeNull()
      expect(provider.lerCallback({ ...base, chave: api.antiPhishingKey, id: '' })).toBeNull()
      expect(provider.lerCallback({ ...base, chave: api.antiPhishingKey, metodo: 'paypal' })).toBeNull()
    })

    it('refunds a paid request; says when the account has no funds for it', async () => {
      const { id } = await provider.criar(pedido)
      api.pagar(id)
      const devolver = (i: string, valor: number) => provider.reembolsar({ id: i, valor, metodo: 'mbway' })
      expect(await devolver(id, 1250)).toBe('ok')
      expect(api.pedidos.find((p) => p.requestId === id)?.refunded).toEqual(['12.50'])
      api.semFundos = true
      try {
        expect(await devolver(id, 100)).toBe('sem-fundos')
      } finally {
        api.semFundos = false
      }
      expect(await devolver('desconhecido', 100)).toBe('erro')
      // Never more back than was paid: 12,50 € went back already.
      expect(await devolver(id, 1)).toBe('erro')
      const partial = await provider.criar(pedido)
      api.pagar(partial.id)
      expect(await devolver(partial.id, 1000)).toBe('ok')
      expect(await devolver(partial.id, 251)).toBe('erro')
      expect(await devolver(partial.id, 250)).toBe('ok')
    })
  })

  describe('Multibanco', () => {
    it('makes a reference payable until the end of `validaAte` in Lisbon, sending what the API wants', async () => {
      const criado = await provider.criar({ ...mb('E201'), email: 'ana@example.pt' })
      const sent = api.pedidos.at(-1)
      expect(sent).toMatchObject({
        metodo: 'multibanco',
        requestId: criado.id,
        orderId: 'E201',
        amount: '12.50',
        description: 'Encomenda 42',
        email: 'ana@example.pt',
        expiryDays: 1,
        expiryDate: '24-11-2026',
      })
      expect(criado).toEqual({
        id: sent?.requestId,
        multibanco: { entidade: api.entidade, referencia: sent?.reference, expiraEm: '2026-11-25T00:00:00.000Z' },
      })
      expect(criado.multibanco?.referencia).toMatch(/^\d{9}$/)
      const hoje = await provider.criar({ ...mb('E202'), validaAte: '2026-11-23' })
      expect(api.pedidos.at(-1)).toMatchObject({ expiryDays: 0, expiryDate: '23-11-2026' })
      expect(api.pedidos.at(-1)?.email).toBeUndefined()
      expect(hoje.multibanco?.expiraEm).toBe('2026-11-24T00:00:00.000Z')
      // Half past midnight in Lisbon in summer is still the day before in UTC: the days are Lisbon's.
      agora = '2026-07-10T23:30:00.000Z'
      const verao = await provider.criar({ ...mb('E203'), validaAte: '2026-07-11' })
      expect(api.pedidos.at(-1)).toMatchObject({ expiryDays: 0, expiryDate: '11-07-2026' })
      expect(verao.multibanco?.expiraEm).toBe('2026-07-11T23:00:00.000Z')
    })

    it('refuses a day already past without a call, and what the API refuses', async () => {
      const antes = api.chamadas.length
      await expect(provider.criar({ ...mb('E204'), validaAte: '2026-11-22' })).rejects.toBeInstanceOf(PagamentoRecusado)
      expect(api.chamadas.length).toBe(antes)
      const outra = createIfthenpayProvider({ ...settings, mbKey: 'XYZ-000000' })
      await expect(outra.criar(mb('E204'))).rejects.toBeInstanceOf(PagamentoRecusado)
    })

    it('is paid once the list of payments has it; refused or expired it stays pending (the list cannot say)', async () => {
      const { id } = await provider.criar(mb('E205'))
      expect(await provider.estado(id, 'multibanco')).toBe('pendente')
      expect(api.chamadas.at(-1)).toBe('POST /v2/payments/read')
      api.pagar(id)
      expect(await provider.estado(id, 'multibanco')).toBe('pago')
      const late = await provider.criar(mb('E206'))
      api.expirar(late.id)
      expect(await provider.estado(late.id, 'multibanco')).toBe('pendente')
    })

    it('is not refunded through the API: "erro" without a call, for an operator', async () => {
      // Said up front (PaymentProvider.reembolsaveis), so that the order's refund is left to an operator at once.
      expect(provider.reembolsaveis).toEqual(['mbway', 'cartao', 'applepay', 'googlepay'])
      const { id } = await provider.criar(mb('E207'))
      api.pagar(id)
      const antes = api.reembolsos
      expect(await provider.reembolsar({ id, valor: 1250, metodo: 'multibanco' })).toBe('erro')
      expect(api.reembolsos).toBe(antes)
    })
  })

  describe('card', () => {
    it("sends the customer to the card's page, paid only when the list of payments says so", async () => {
      const criado = await provider.criar(pagina('cartao', 'E301'))
      const sent = api.pedidos.at(-1)
      expect(api.chamadas.at(-1)).toBe(`POST /creditcard/init/${api.ccardKey}`)
      expect(sent).toMatchObject({
        metodo: 'cartao',
        requestId: criado.id,
        orderId: 'E301',
        amount: '12.50',
        successUrl: regresso.sucesso,
        errorUrl: regresso.erro,
        cancelUrl: regresso.cancelado,
        language: 'pt',
      })
      expect(criado).toEqual({ id: sent?.requestId, url: sent?.pagina })
      expect(await provider.estado(criado.id, 'cartao')).toBe('pendente')
      // The customer completes the page (a browser following it), and is sent back to `sucesso`.
      const res = await fetch(criado.url ?? '', { redirect: 'manual' })
      expect(res.status).toBe(302)
      expect(res.headers.get('location')).toMatch(/^https:\/\/app\.example\/pago\?e=1&id=E301&amount=12\.50&/)
      expect(await provider.estado(criado.id, 'cartao')).toBe('pago')
      // Once paid, the page takes no second payment.
      expect((await fetch(criado.url ?? '', { redirect: 'manual' })).status).toBe(410)
    })

    it('a failed, cancelled or expired page stays pending (the list cannot say more); refusals', async () => {
      const a = await provider.criar(pagina('cartao', 'E302'))
      expect(api.pagarPagina(a.url ?? '', 'cancelado')).toBe(regresso.cancelado)
      expect(api.pagarPagina(a.url ?? '', 'erro')).toBe(regresso.erro)
      expect(await provider.estado(a.id, 'cartao')).toBe('pendente')
      const b = await provider.criar(pagina('cartao', 'E303'))
      api.expirar(b.id)
      expect(await provider.estado(b.id, 'cartao')).toBe('pendente')
      const antes = api.chamadas.length
      await expect(provider.criar({ ...pedido, metodo: 'cartao' })).rejects.toBeInstanceOf(PagamentoRecusado)
      expect(api.chamadas.length).toBe(antes)
      const outra = createIfthenpayProvider({ ...settings, ccardKey: 'XYZ-000000' })
      await expect(outra.criar(pagina('cartao', 'E304'))).rejects.toBeInstanceOf(PagamentoRecusado)
    })

    it('refunds: done, no funds, more than paid, and an outcome not known on a 5xx or a timeout', async () => {
      const { id, url } = await provider.criar(pagina('cartao', 'E305'))
      api.pagarPagina(url ?? '')
      const devolver = (valor: number, p = provider) => p.reembolsar({ id, valor, metodo: 'cartao' })
      expect(await devolver(1000)).toBe('ok')
      api.semFundos = true
      expect(await devolver(100)).toBe('sem-fundos')
      api.semFundos = false
      expect(await devolver(251)).toBe('erro')
      api.falhar = true
      expect(await devolver(100)).toBe('incerto')
      api.falhar = false
      api.atrasos.reembolso = 400
      expect(await devolver(100, createIfthenpayProvider({ ...settings, timeoutMs: 100 }))).toBe('incerto')
      api.atrasos.reembolso = 0
      await new Promise((resolve) => setTimeout(resolve, 500))
      expect(api.pedidos.find((p) => p.requestId === id)?.refunded).toEqual(['10.00', '1.00'])
    })
  })

  it('a list of payments that cannot be read is never an answer: an outage, a wrong key', async () => {
    const { id } = await provider.criar(mb('E701'))
    api.pagar(id)
    const semChave = createIfthenpayProvider({ ...settings, backofficeKey: '9999-9999-9999-9999' })
    await expect(semChave.estado(id, 'multibanco')).rejects.toBeInstanceOf(PagamentoIndisponivel)
    api.falhar = true
    try {
      for (const [i, m] of [
        [id, 'multibanco'],
        [id, 'cartao'],
        ['E701', 'applepay'],
      ] as const) {
        await expect(provider.estado(i, m)).rejects.toBeInstanceOf(PagamentoIndisponivel)
      }
    } finally {
      api.falhar = false
    }
  })
})
