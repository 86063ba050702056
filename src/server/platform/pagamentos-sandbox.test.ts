import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestDatabase, testDialects } from '../testing/harness.ts'
import { manualClock } from './clock.ts'
import type { DatabaseHandle } from './db.ts'
import { createSandboxProvider } from './pagamentos-sandbox.ts'

describe.each(testDialects())('the sandbox MB WAY provider on %s', (dialect) => {
  let database: DatabaseHandle
  const clock = manualClock('2026-11-23T12:00:00.000Z')
  beforeEach(async () => {
    database = await createTestDatabase(dialect)
  })
  afterEach(() => database.close())

  const sandbox = () => createSandboxProvider({ db: database.db, clock, expirySeconds: 240, callbackKey: 'chave' })
  const pedido = {
    metodo: 'mbway' as const,
    referencia: 'E1',
    valor: 790,
    telemovel: '912345678',
    pais: '351',
    descricao: 'Encomenda 1',
  }

  it('refunds a paid request, never more than was paid, even when refunds race', async () => {
    const provider = sandbox()
    const { id } = await provider.criar(pedido)
    // Not paid: nothing to refund.
    expect(await provider.reembolsar({ id, valor: 790, metodo: 'mbway' })).toBe('erro')
    await provider.responder(id, 'pago')
    const results = await Promise.all(
      Array.from({ length: 6 }, () => provider.reembolsar({ id, valor: 790, metodo: 'mbway' })),
    )
    expect(results.filter((r) => r === 'ok')).toHaveLength(1)
    expect(results.filter((r) => r === 'erro')).toHaveLength(5)
    const [row] = await provider.listar()
    expect(row?.reembolsado).toBe(790)
    expect(await provider.reembolsar({ id, valor: 1, metodo: 'mbway' })).toBe('erro')
    expect(await provider.reembolsar({ id: 'desconhecido', valor: 1, metodo: 'mbway' })).toBe('erro')
  })

  it('partial refunds add up to what was paid and no more', async () => {
    const provider = sandbox()
    const { id } = await provider.criar(pedido)
    await provider.responder(id, 'pago')
    expect(await provider.reembolsar({ id, valor: 500, metodo: 'mbway' })).toBe('ok')
    expect(await provider.reembolsar({ id, valor: 291, metodo: 'mbway' })).toBe('erro')
    expect(await provider.reembolsar({ id, valor: 290, metodo: 'mbway' })).toBe('ok')
    expect(await provider.reembolsar({ id, valor: 0, metodo: 'mbway' })).toBe('erro')
    expect((await provider.listar())[0]?.reembolsado).toBe(790)
  })

  it('refunds every method, a Multibanco reference too (nothing left to an operator in the sandbox)', async () => {
    const provider = sandbox()
    expect(provider.reembolsaveis).toBeUndefined()
    const regresso = { sucesso: '/s', erro: '/e', cancelado: '/c' }
    for (const metodo of ['multibanco', 'cartao', 'applepay', 'googlepay'] as const) {
      const { id } = await provider.criar({
        ...pedido,
        metodo,
        referencia: `E-${metodo}`,
        regresso,
        validaAte: '2026-11-23',
      })
      expect(await provider.reembolsar({ id, valor: 790, metodo })).toBe('erro')
      await provider.responder(id, 'pago')
      // Only by its own method.
      expect(await provider.reembolsar({ id, valor: 790, metodo: 'mbway' })).toBe('erro')
      expect(await provider.reembolsar({ id, valor: 790, metodo })).toBe('ok')
      expect((await provider.ler(id))?.reembolsado).toBe(790)
    }
  })
})
