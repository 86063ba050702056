import { beforeEach, describe, expect, it } from 'vitest'
import type { TestApp } from '../../testing/harness.ts'
import { testDialects } from '../../testing/harness.ts'
import { DADOS, setupTill } from './testing.ts'

/** The NIF the customer chose in the app reaches the till, and each purchase keeps the one it was made with. */
describe.each(testDialects())('Store API: the chosen NIF at the till, on %s', (dialect) => {
  const scene = setupTill(dialect)
  const { loja, cliente, comprar } = scene
  let t: TestApp

  beforeEach(() => {
    ;({ t } = scene)
  })

  /** The customer's two NIFs, as the personal data form saves them. */
  async function comNifs(c: Awaited<ReturnType<typeof cliente>>) {
    const res = await c.d.call('POST', '/alterar-dados-pessoais', {
      ...DADOS,
      nif1: '123456789',
      nomeFaturacao1: 'Ana Silva',
      nif2: '509442013',
      nomeFaturacao2: 'Nata Consultoria, Lda.',
    })
    expect(res.statusCode, res.body).toBe(200)
  }

  const escolher = async (c: Awaited<ReturnType<typeof cliente>>, selecao: 'principal' | 'secundario') => {
    const res = await c.d.call('POST', '/api/grava-selecao-nif', { selecao })
    expect(res.statusCode, res.body).toBe(200)
  }

  const identificado = async (qr: string) => {
    const res = await loja('POST', '/clientes/identificar', { qr })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data.cliente
  }

  const nifDaCompra = (id: number) =>
    t.database.db.selectFrom('transacoes').select(['nif', 'nif_nome']).where('id', '=', id).executeTakeFirstOrThrow()

  it('the identification answer carries the chosen NIF, and null when none is chosen', async () => {
    const c = await cliente()
    await comNifs(c)
    // NIFs on the account, none chosen: the till must not guess one.
    expect((await identificado(c.qr)).nif).toBeNull()
    await escolher(c, 'secundario')
    expect((await identificado(c.qr)).nif).toEqual({ numero: '509442013', nome: 'Nata Consultoria, Lda.' })
    const byPhone = await loja('POST', '/clientes/identificar', { telemovel: c.telemovel, pais: '351' })
    expect(byPhone.json().data.cliente.nif).toEqual({ numero: '509442013', nome: 'Nata Consultoria, Lda.' })
    await escolher(c, 'principal')
    expect((await identificado(c.qr)).nif).toEqual({ numero: '123456789', nome: 'Ana Silva' })
    // Choosing the current one again empties the choice (spec §4).
    await escolher(c, 'principal')
    expect((await identificado(c.qr)).nif).toBeNull()
  })

  it('a purchase keeps the NIF it was made with; a later change of choice does not rewrite it', async () => {
    const c = await cliente()
    await comNifs(c)
    await escolher(c, 'secundario')
    const primeira = await comprar(c.id, 1500)
    expect(primeira.statusCode, primeira.body).toBe(201)
    await escolher(c, 'principal')
    const segunda = await comprar(c.id, 900)
    expect(segunda.statusCode, segunda.body).toBe(201)
    await escolher(c, 'principal')
    const terceira = await comprar(c.id, 300)
    expect(terceira.statusCode, terceira.body).toBe(201)
    expect(await nifDaCompra(primeira.json().data.transacao.id)).toEqual({
      nif: '509442013',
      nif_nome: 'Nata Consultoria, Lda.',
    })
    expect(await nifDaCompra(segunda.json().data.transacao.id)).toEqual({ nif: '123456789', nif_nome: 'Ana Silva' })
    expect(await nifDaCompra(terceira.json().data.transacao.id)).toEqual({ nif: null, nif_nome: null })
  })

  it("a NIF saved without a billing name reaches the till with the account holder's name", async () => {
    const c = await cliente()
    const res = await c.d.call('POST', '/alterar-dados-pessoais', { ...DADOS, nif1: '123456789', nif2: '509442013' })
    expect(res.statusCode, res.body).toBe(200)
    await escolher(c, 'principal')
    expect((await identificado(c.qr)).nif).toEqual({ numero: '123456789', nome: DADOS.nome })
    await escolher(c, 'secundario')
    expect((await identificado(c.qr)).nif).toEqual({ numero: '509442013', nome: DADOS.nome })
    const compra = await comprar(c.id, 500)
    expect(compra.statusCode, compra.body).toBe(201)
    expect(await nifDaCompra(compra.json().data.transacao.id)).toEqual({ nif: '509442013', nif_nome: DADOS.nome })
  })

  it('a NIF removed from the personal data is no longer the chosen one at the till', async () => {
    const c = await cliente()
    await comNifs(c)
    await escolher(c, 'secundario')
    const res = await c.d.call('POST', '/alterar-dados-pessoais', { ...DADOS, nif1: '123456789' })
    expect(res.statusCode, res.body).toBe(200)
    expect((await identificado(c.qr)).nif).toBeNull()
  })
})
