import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type IfthenpayServer, startIfthenpayServer } from '../testing/ifthenpay-server.ts'
import { PagamentoIndisponivel, PagamentoRecusado } from './pagamentos.ts'
import { createIfthenpayProvider, deEuros, numeroMbway, paraEuros } from './pagamentos-ifthenpay.ts'

describe('ifthenpay MB WAY provider against a local ifthenpay API', () => {
  let api: IfthenpayServer
  let provider: ReturnType<typeof createIfthenpayProvider>

  beforeAll(async () => {
    api = await startIfthenpayServer()
    provider = createIfthenpayProvider({
      mbWayKey: api.mbWayKey,
      antiPhishingKey: api.antiPhishingKey,
      backofficeKey: api.backofficeKey,
      apiUrl: api.url,
      timeoutMs: 2000,
    })
  })
  afterAll(() => api.close())

  const pedido = { referencia: 'E42', valor: 1250, telemovel: '912345678', pais: '351', descricao: 'Encomenda 42' }

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

  it('sends the request to the phone as the API wants it, and reads its state', async () => {
    const { id } = await provider.criar(pedido)
    const sent = api.pedidos.at(-1)
    expect(sent).toMatchObject({ requestId: id, orderId: 'E42', amount: '12.50', mobileNumber: '912345678' })
    expect(await provider.estado(id)).toBe('pendente')
    api.pagar(id)
    expect(await provider.estado(id)).toBe('pago')
    const other = await provider.criar({ ...pedido, pais: '34', telemovel: '612345678' })
    expect(api.pedidos.at(-1)?.mobileNumber).toBe('34#612345678')
    api.recusar(other.id)
    expect(await provider.estado(other.id)).toBe('recusado')
    const late = await provider.criar(pedido)
    api.expirar(late.id)
    expect(await provider.estado(late.id)).toBe('expirado')
  })

  it('refusals and outages are told apart: a refused request is not retried, an outage is', async () => {
    await expect(provider.criar({ ...pedido, telemovel: '12' })).rejects.toBeInstanceOf(PagamentoRecusado)
    const wrongKey = createIfthenpayProvider({
      mbWayKey: 'outra',
      antiPhishingKey: 'x',
      backofficeKey: 'x',
      apiUrl: api.url,
    })
    await expect(wrongKey.criar(pedido)).rejects.toBeInstanceOf(PagamentoRecusado)
    // An unknown status is never read as paid: asked again later.
    await expect(wrongKey.estado('whatever')).rejects.toBeInstanceOf(PagamentoIndisponivel)
    api.falhar = true
    try {
      await expect(provider.criar(pedido)).rejects.toBeInstanceOf(PagamentoIndisponivel)
      await expect(provider.estado('x')).rejects.toBeInstanceOf(PagamentoIndisponivel)
      // A 5xx may come after the refund was made: its outcome is not known, and it must not be sent again blindly.
      expect(await provider.reembolsar({ id: 'x', valor: 100 })).toBe('incerto')
    } finally {
      api.falhar = false
    }
    const down = createIfthenpayProvider({
      mbWayKey: 'k',
      antiPhishingKey: 'k',
      backofficeKey: 'k',
      apiUrl: 'http://127.0.0.1:9',
    })
    await expect(down.criar(pedido)).rejects.toBeInstanceOf(PagamentoIndisponivel)
    // Refused before anything was sent (a port nothing listens on): a definite failure, tried again later.
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const refused = createIfthenpayProvider({
      mbWayKey: 'k',
      antiPhishingKey: 'k',
      backofficeKey: 'k',
      apiUrl: `http://127.0.0.1:${port}`,
    })
    expect(await refused.reembolsar({ id: 'x', valor: 100 })).toBe('erro')
  })

  it('a refund that times out is "incerto": it may have been made', async () => {
    const { id } = await provider.criar(pedido)
    api.pagar(id)
    const impaciente = createIfthenpayProvider({
      mbWayKey: api.mbWayKey,
      antiPhishingKey: api.antiPhishingKey,
      backofficeKey: api.backofficeKey,
      apiUrl: api.url,
      timeoutMs: 100,
    })
    api.atrasos.reembolso = 400
    try {
      expect(await impaciente.reembolsar({ id, valor: 1250 })).toBe('incerto')
    } finally {
      api.atrasos.reembolso = 0
    }
    // It was made, after all: a second one for the whole amount is refused, not paid twice.
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(api.pedidos.find((p) => p.requestId === id)?.refunded).toEqual(['12.50'])
    expect(await provider.reembolsar({ id, valor: 1250 })).toBe('erro')
  })

  it('reads a callback only with the anti-phishing key, and its amount exactly', () => {
    const base = { id: 'r1', referencia: 'E42', valor: '12.50' }
    expect(provider.lerCallback({ ...base, chave: api.antiPhishingKey })).toEqual({
      id: 'r1',
      referencia: 'E42',
      valor: 1250,
    })
    expect(provider.lerCallback({ ...base, chave: 'anti-phishing-segredX' })).toBeNull()
    expect(provider.lerCallback({ ...base, chave: '' })).toBeNull()
    expect(provider.lerCallback(base)).toBeNull()
    expect(provider.lerCallback({ ...base, chave: api.antiPhishingKey, valor: 'doze' })).toBeNull()
    expect(provider.lerCallback({ ...base, chave: api.antiPhishingKey, id: '' })).toBeNull()
  })

  it('refunds a paid request; says when the account has no funds for it', async () => {
    const { id } = await provider.criar(pedido)
    api.pagar(id)
    expect(await provider.reembolsar({ id, valor: 1250 })).toBe('ok')
    expect(api.pedidos.find((p) => p.requestId === id)?.refunded).toEqual(['12.50'])
    api.semFundos = true
    try {
      expect(await provider.reembolsar({ id, valor: 100 })).toBe('sem-fundos')
    } finally {
      api.semFundos = false
    }
    expect(await provider.reembolsar({ id: 'desconhecido', valor: 100 })).toBe('erro')
    // Never more back than was paid: 12,50 € went back already.
    expect(await provider.reembolsar({ id, valor: 1 })).toBe('erro')
    const partial = await provider.criar(pedido)
    api.pagar(partial.id)
    expect(await provider.reembolsar({ id: partial.id, valor: 1000 })).toBe('ok')
    expect(await provider.reembolsar({ id: partial.id, valor: 251 })).toBe('erro')
    expect(await provider.reembolsar({ id: partial.id, valor: 250 })).toBe('ok')
  })
})
