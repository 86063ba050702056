import { beforeEach, describe, expect, it } from 'vitest'
import { pedidoDeTeste } from '../../testing/ementa.ts'
import type { device, TestApp } from '../../testing/harness.ts'
import { testDialects } from '../../testing/harness.ts'
import { setupOrders } from '../encomendas/testing.ts'

/**
 * STORE-API.md "Invoices": the POS's documents for an app order and a till purchase. One per kind (the sale, the credit
 * note), idempotent, the same one again answered again and another refused; another store's sale 403; a bad body 422;
 * every refusal writes nothing. The order, the purchase and the customer's screens carry what arrived.
 */

/** An invoice as a POS sends it (its AT QR code's text as printed). */
const FR = {
  tipo: 'FR',
  numero: 'FR A/123',
  atcud: 'JJ4M7R2C-123',
  qr: 'A:509999999*B:999999990*C:PT*D:FR*E:N*F:20261123*G:FR A/123*H:JJ4M7R2C-123*I1:PT*I5:6.99*I6:0.91*N:0.91*O:7.90*Q:Xy9Z*R:1234',
  emitido_em: '2026-11-23T12:05:00Z',
  pdf_url: 'https://faturas.exemplo.pt/FR-A-123.pdf',
}
const NC = {
  tipo: 'NC',
  numero: 'NC A/7',
  atcud: 'JJ4M7R2D-7',
  qr: 'A:509999999*B:999999990*C:PT*D:NC*E:N*F:20261123*G:NC A/7*H:JJ4M7R2D-7*I1:PT*N:0.91*O:7.90*Q:Ab1C*R:1234',
  emitido_em: '2026-11-23T12:20:00+00:00',
}

describe.each(testDialects())('fiscal documents from the POS, on %s', (dialect) => {
  const scene = setupOrders(dialect)
  const { finalizar, pagamentos, responder, loja } = scene
  let t: TestApp
  let cliente: ReturnType<typeof device>
  let clienteId: number
  let chaveLoja: string
  let chaveOutra: string

  beforeEach(() => {
    ;({ t, cliente, clienteId, chaveLoja, chaveOutra } = scene)
  })

  /** `PUT /api/loja/v1{url}` as a POS: its key, an Idempotency-Key (null: none). */
  const put = (url: string, body: unknown, idem: string | null, key = chaveLoja) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/loja/v1${url}`,
      headers: { authorization: `Bearer ${key}`, ...(idem === null ? {} : { 'idempotency-key': idem }) },
      payload: body as object,
    })

  /** What a refusal must leave as it was: the documents, the recorded answers. */
  const escritos = async () => ({
    documentos: await t.database.db.selectFrom('documentos_fiscais').selectAll().orderBy('id').execute(),
    respostas: (
      await t.database.db
        .selectFrom('idempotencia')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  })

  async function encomendaPaga(over: Record<string, unknown> = {}, chave = 'k1'): Promise<number> {
    const res = await finalizar(pedidoDeTeste(over), chave)
    expect(res.statusCode, res.body).toBe(201)
    const pendente = (await pagamentos()).find((p: { estado: string }) => p.estado === 'pendente')
    if (pendente) expect((await responder(pendente.id, 'aprovar')).statusCode).toBe(200)
    return res.json().data.orderData.orderId as number
  }

  it("an order's invoice: once per kind, the same again answered again, another refused, nothing written on refusal", async () => {
    const id = await encomendaPaga()
    const primeira = await put(`/encomendas/${id}/documento`, FR, 'a')
    expect(primeira.statusCode, primeira.body).toBe(200)
    expect(primeira.json()).toEqual({ data: { documento: FR } })
    // Replayed with its key: the same bytes. The same document under a new key (a POS that lost the answer and
    // starts over): the same answer, nothing more.
    expect((await put(`/encomendas/${id}/documento`, FR, 'a')).body).toBe(primeira.body)
    expect((await put(`/encomendas/${id}/documento`, { ...FR, numero: ' FR A/123 ' }, 'b')).json()).toEqual(
      primeira.json(),
    )
    const antes = await escritos()
    // Another document for the sale, whatever its type: 409. The key of the first with another body: 422.
    const outro = await put(`/encomendas/${id}/documento`, { ...FR, numero: 'FR A/124' }, 'c')
    expect(outro.statusCode).toBe(409)
    expect(outro.json().error.message).toBe('Esta venda já tem outra fatura registada: só se regista uma.')
    expect((await put(`/encomendas/${id}/documento`, { ...FR, tipo: 'FT' }, 'd')).statusCode).toBe(409)
    expect((await put(`/encomendas/${id}/documento`, { ...FR, pdf_url: null }, 'e')).statusCode).toBe(409)
    expect((await put(`/encomendas/${id}/documento`, { ...FR, numero: 'FR A/124' }, 'a')).statusCode).toBe(422)
    // A credit note of an order that was not cancelled: 409.
    const semDevolucao = await put(`/encomendas/${id}/documento`, NC, 'f')
    expect(semDevolucao.statusCode).toBe(409)
    expect(semDevolucao.json().error.message).toBe(
      'Esta venda não foi devolvida nem cancelada: não há nota de crédito a registar.',
    )
    // Another store's order: 403; unknown: 404; no Idempotency-Key: 400.
    const outraLoja = await put(`/encomendas/${id}/documento`, FR, 'g', chaveOutra)
    expect(outraLoja.statusCode).toBe(403)
    expect(outraLoja.json().error.message).toBe('Esta encomenda pertence a outra loja.')
    expect((await put('/encomendas/999999/documento', FR, 'h')).statusCode).toBe(404)
    expect((await put(`/encomendas/${id}/documento`, FR, null)).statusCode).toBe(400)
    expect(await escritos()).toEqual(antes)

    // The board's list and the customer's order carry it.
    const [lida] = (await loja('GET', '/encomendas?estado=-1')).json().data
    expect(lida).toMatchObject({ id, documentos: [FR] })
    expect((await cliente.call('GET', `/api/encomendas/${id}`)).json().data.documentos).toEqual([FR])
    const privados = (await cliente.call('POST', '/api/refresh-private-data', { value: true })).json().data
    expect(privados.ordering[0]).toMatchObject({ orderId: id, documentos: [FR] })
    // The order's purchase, in the customer's transactions, shows the order's invoice.
    expect(privados.transacoes[0]).toMatchObject({ tipo: 'compra', documentos: [FR] })

    // Cancelled: its credit note is taken, once; the board answers both, the invoice first.
    expect((await loja('POST', `/encomendas/${id}/cancelar`, { motivo: 'Sem leite' }, 'i')).statusCode).toBe(200)
    const nc = await put(`/encomendas/${id}/documento`, NC, 'j')
    expect(nc.statusCode, nc.body).toBe(200)
    expect(nc.json().data.documento).toEqual({ ...NC, pdf_url: null })
    expect((await put(`/encomendas/${id}/documento`, { ...NC, numero: 'NC A/8' }, 'k')).statusCode).toBe(409)
    const [cancelada] = (await loja('GET', '/encomendas?estado=-9')).json().data
    expect(cancelada.documentos).toEqual([FR, { ...NC, pdf_url: null }])
  })

  it('refuses a bad tipo, an empty numero, atcud or qr, a bad date or a PDF not on https: 422, nothing written', async () => {
    const id = await encomendaPaga()
    const antes = await escritos()
    const casos: [Record<string, unknown>, string][] = [
      [{ ...FR, tipo: 'FX' }, 'tipo'],
      [{ ...FR, tipo: 'nc' }, 'tipo'],
      [{ ...FR, numero: '   ' }, 'numero'],
      [{ ...FR, atcud: '' }, 'atcud'],
      [{ ...FR, qr: undefined }, 'qr'],
      [{ ...FR, emitido_em: '23/11/2026' }, 'emitido_em'],
      [{ ...FR, emitido_em: '2026-11-23T12:05:00' }, 'emitido_em'],
      // Of the right form, but no real instant: 30 February (which Date.parse takes as 2 March), a 25th hour.
      [{ ...FR, emitido_em: '2026-02-30T12:05:00Z' }, 'emitido_em'],
      [{ ...FR, emitido_em: '2026-11-23T25:05:00Z' }, 'emitido_em'],
      [{ ...FR, pdf_url: 'http://faturas.exemplo.pt/1.pdf' }, 'pdf_url'],
      [{ ...FR, pdf_url: 'javascript:alert(1)' }, 'pdf_url'],
    ]
    for (const [i, [corpo, campo]] of casos.entries()) {
      const res = await put(`/encomendas/${id}/documento`, corpo, `m-${i}`)
      expect(res.statusCode, `${campo}: ${res.body}`).toBe(422)
      expect(Object.keys(res.json().error.fields), campo).toEqual([campo])
    }
    expect((await put(`/encomendas/${id}/documento`, { ...FR, tipo: 'FX' }, 'n')).json().error.fields).toEqual({
      tipo: 'Tipo de documento inválido: FS, FR ou FT para a venda, NC para a nota de crédito.',
    })
    expect((await put(`/encomendas/${id}/documento`, [], 'o')).statusCode).toBe(422)
    // Refused before the store's check: another store's key gets the same 422, and learns nothing of the order.
    expect((await put(`/encomendas/${id}/documento`, { ...FR, atcud: '' }, 'p', chaveOutra)).statusCode).toBe(422)
    expect(await escritos()).toEqual(antes)
  })

  it("a till purchase's invoice, its credit note only after a refund; an app order's purchase goes to the order", async () => {
    const compra = await loja(
      'POST',
      '/compras',
      { cliente_id: clienteId, total: 2000, saldo_a_usar: 0, referencia: 'FS 1/9' },
      'c1',
    )
    expect(compra.statusCode, compra.body).toBe(201)
    const transacao = compra.json().data.transacao
    expect(transacao.documentos).toEqual([])
    const fs = { ...FR, tipo: 'FS', numero: 'FS 1/9' }
    expect((await put(`/compras/${transacao.id}/documento`, NC, 'c2')).statusCode).toBe(409)
    const outra = await put(`/compras/${transacao.id}/documento`, fs, 'c3', chaveOutra)
    expect(outra.statusCode).toBe(403)
    expect(outra.json().error.message).toBe('Esta compra pertence a outra loja.')
    expect((await put('/compras/999999/documento', fs, 'c4')).statusCode).toBe(404)
    const antes = await escritos()
    expect((await put(`/compras/${transacao.id}/documento`, { ...fs, qr: '' }, 'c5')).statusCode).toBe(422)
    expect(await escritos()).toEqual(antes)
    const ok = await put(`/compras/${transacao.id}/documento`, fs, 'c6')
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json().data.documento).toEqual(fs)
    expect((await put(`/compras/${transacao.id}/documento`, fs, 'c7')).json()).toEqual(ok.json())
    expect((await put(`/compras/${transacao.id}/documento`, { ...fs, numero: 'FS 1/10' }, 'c8')).statusCode).toBe(409)

    // Refunded in part: the credit note is taken; the refund's answer and the customer's movements carry them.
    const devolucao = await loja('POST', `/compras/${transacao.id}/devolucoes`, { valor: 500 }, 'c9')
    expect(devolucao.statusCode, devolucao.body).toBe(201)
    expect(devolucao.json().data.transacao.documentos).toEqual([fs])
    expect((await put(`/compras/${transacao.id}/documento`, NC, 'c10')).statusCode).toBe(200)
    const { transacoes } = (await cliente.call('POST', '/api/refresh-private-data', { value: true })).json().data
    const ncGuardada = { ...NC, pdf_url: null }
    expect(transacoes.map((m: { tipo: string; documentos: unknown[] }) => [m.tipo, m.documentos])).toEqual([
      ['devolucao', [fs, ncGuardada]],
      ['compra', [fs, ncGuardada]],
    ])

    // An app order's purchase takes its documents on the order.
    const id = await encomendaPaga({}, 'k2')
    const daEncomenda = await t.database.db
      .selectFrom('encomendas')
      .select('compra_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    const recusa = await put(`/compras/${daEncomenda.compra_id}/documento`, FR, 'c11')
    expect(recusa.statusCode).toBe(409)
    expect(recusa.json().error.message).toContain('envie o documento para a encomenda')
  })

  it('two different documents of one kind at once: one is kept, the other refused; the same one twice: both answered', async () => {
    const id = await encomendaPaga()
    const outros = await Promise.all([
      put(`/encomendas/${id}/documento`, FR, 'r1'),
      put(`/encomendas/${id}/documento`, { ...FR, numero: 'FR A/999' }, 'r2'),
      put(`/encomendas/${id}/documento`, { ...FR, numero: 'FR A/998' }, 'r3'),
    ])
    expect(outros.map((r) => r.statusCode).sort()).toEqual([200, 409, 409])
    const guardado = outros.find((r) => r.statusCode === 200)?.json().data.documento
    const linhas = await t.database.db
      .selectFrom('documentos_fiscais')
      .selectAll()
      .where('origem_id', '=', id)
      .execute()
    expect(linhas).toHaveLength(1)
    expect(linhas[0]).toMatchObject({ numero: guardado.numero, classe: 'venda' })

    const id2 = await encomendaPaga({}, 'k2')
    const iguais = await Promise.all(
      ['s1', 's2', 's3'].map((k) => put(`/encomendas/${id2}/documento`, { ...FR, numero: 'FR A/2' }, k)),
    )
    expect(iguais.map((r) => r.statusCode)).toEqual([200, 200, 200])
    expect(new Set(iguais.map((r) => r.body)).size).toBe(1)
  })
})
