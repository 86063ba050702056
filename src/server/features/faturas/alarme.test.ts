import { beforeEach, describe, expect, it } from 'vitest'
import { MINUTE } from '../../platform/clock.ts'
import { pedidoDeTeste } from '../../testing/ementa.ts'
import { type TestApp, testDialects } from '../../testing/harness.ts'
import { chamadas, staffCom } from '../admin/testing.ts'
import { setupOrders } from '../encomendas/testing.ts'

/**
 * STORE-API.md "Invoices": a sale paid (an app order, a till purchase), refunded or cancelled that has no document from
 * the POS after FISCAL_DOCUMENT_ALARM_MINUTES is flagged on the store's board, in the back-office and in the metrics,
 * until one arrives. Under the tests' clock, which moves only when told.
 */

const TOKEN = 'metricas-dos-testes-0123456789'
const MINUTOS = 10

const documento = (tipo: string, numero: string) => ({
  tipo,
  numero,
  atcud: `ABCD1234-${numero.replace(/\D/g, '')}`,
  qr: `A:509999999*B:999999990*C:PT*D:${tipo}*G:${numero}`,
  emitido_em: '2026-11-23T12:05:00Z',
})

describe.each(testDialects())('the alarm of missing fiscal documents, on %s', (dialect) => {
  const scene = setupOrders(dialect, { METRICS_TOKEN: TOKEN, FISCAL_DOCUMENT_ALARM_MINUTES: MINUTOS })
  const { finalizar, pagamentos, responder, loja, clock } = scene
  let t: TestApp
  let clienteId: number

  beforeEach(() => {
    ;({ t, clienteId } = scene)
  })

  const put = (url: string, body: unknown, idem: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/loja/v1${url}`,
      headers: { authorization: `Bearer ${scene.chaveLoja}`, 'idempotency-key': idem },
      payload: body as object,
    })

  /** The board of store 862: a tablet paired with its key. */
  async function quadro() {
    const entrar = await t.app.inject({
      method: 'POST',
      url: '/painel/api/entrar',
      payload: { chave: scene.chaveLoja },
    })
    expect(entrar.statusCode, entrar.body).toBe(200)
    const cookie = entrar.cookies.find((c) => c.name === 'balcao_painel')?.value ?? ''
    return async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/painel/api/faturas-em-falta',
        headers: { cookie: `balcao_painel=${cookie}` },
      })
      expect(res.statusCode, res.body).toBe(200)
      return res.json().data as {
        total: number
        minutos: number
        itens: { origem: string; id: number; classe: string; referencia: string | null; valor: number }[]
      }
    }
  }

  const metrica = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })
    return [...res.body.matchAll(/^balcao_documentos_fiscais_em_falta\{loja="(\d+)"\} (\d+)$/gm)].map(
      ([, l, n]) => `${l}:${n}`,
    )
  }

  it('flags, after the set minutes and until its document arrives, each sale paid, refunded or cancelled', async () => {
    const painel = await quadro()
    const lojaStaff = await staffCom(t, 'loja-862@exemplo.pt', 'loja', { idLoja: 862 })
    const backoffice = async () =>
      (await chamadas(t).call(lojaStaff, 'GET', '/lojas'))
        .json()
        .data.map((l: { id_loja: number; faturas_em_falta: number }) => [l.id_loja, l.faturas_em_falta])

    // An order paid through MB WAY, and a till purchase, at 12:00.
    const res = await finalizar(pedidoDeTeste(), 'k1')
    expect(res.statusCode, res.body).toBe(201)
    await responder((await pagamentos())[0].id, 'aprovar')
    const encomenda = res.json().data.orderData.orderId as number
    const compra = (
      await loja(
        'POST',
        '/compras',
        { cliente_id: clienteId, total: 1500, saldo_a_usar: 0, referencia: 'FS 9/1' },
        'c1',
      )
    ).json().data.transacao.id as number

    // Not yet: the POS has the set minutes to send them.
    clock.advance(MINUTOS * MINUTE - 1)
    expect(await painel()).toEqual({ total: 0, minutos: MINUTOS, itens: [] })
    expect(await metrica()).toEqual([])
    expect(await backoffice()).toEqual([[862, 0]])

    // Past them: both flagged, on the board, in the back-office, in the metrics.
    clock.advance(1)
    const flagged = await painel()
    expect(flagged.total).toBe(2)
    expect(flagged.itens).toEqual([
      expect.objectContaining({ origem: 'encomenda', id: encomenda, classe: 'venda', referencia: String(encomenda) }),
      expect.objectContaining({ origem: 'compra', id: compra, classe: 'venda', referencia: 'FS 9/1', valor: 1500 }),
    ])
    expect(await metrica()).toEqual(['862:2'])
    expect(await backoffice()).toEqual([[862, 2]])

    // The order's invoice arrives: only the purchase is left.
    expect((await put(`/encomendas/${encomenda}/documento`, documento('FR', 'FR A/1'), 'd1')).statusCode).toBe(200)
    expect((await painel()).itens.map((i) => i.origem)).toEqual(['compra'])
    expect(await metrica()).toEqual(['862:1'])

    // The purchase is refunded in part and the order cancelled: each owes a credit note, flagged only after the set
    // minutes; the purchase's invoice arrives meanwhile.
    expect((await loja('POST', `/compras/${compra}/devolucoes`, { valor: 500 }, 'c2')).statusCode).toBe(201)
    expect((await loja('POST', `/encomendas/${encomenda}/cancelar`, { motivo: 'Sem leite' }, 'c3')).statusCode).toBe(
      200,
    )
    expect((await put(`/compras/${compra}/documento`, documento('FS', 'FS 9/1'), 'd2')).statusCode).toBe(200)
    expect(await painel()).toMatchObject({ total: 0, itens: [] })
    clock.advance(MINUTOS * MINUTE)
    const creditos = await painel()
    expect(creditos.itens.map((i) => [i.origem, i.classe, i.valor])).toEqual([
      ['compra', 'credito', 500],
      ['encomenda', 'credito', 790],
    ])
    expect(await metrica()).toEqual(['862:2'])
    expect(await backoffice()).toEqual([[862, 2]])

    // A second refund of the same purchase owes no second credit note (one per kind).
    expect((await loja('POST', `/compras/${compra}/devolucoes`, { valor: 500 }, 'c4')).statusCode).toBe(201)
    clock.advance(MINUTOS * MINUTE)
    expect((await painel()).total).toBe(2)

    // Both credit notes arrive: nothing is flagged any more.
    expect((await put(`/compras/${compra}/documento`, documento('NC', 'NC 9/1'), 'd3')).statusCode).toBe(200)
    expect((await put(`/encomendas/${encomenda}/documento`, documento('NC', 'NC A/1'), 'd4')).statusCode).toBe(200)
    clock.advance(MINUTOS * MINUTE + 1)
    expect(await painel()).toMatchObject({ total: 0, itens: [] })
    expect(await metrica()).toEqual([])
    expect(await backoffice()).toEqual([[862, 0]])
  })

  it("counts each store's own: another store's board does not see them", async () => {
    expect(
      (
        await loja(
          'POST',
          '/compras',
          { cliente_id: clienteId, total: 900, saldo_a_usar: 0, referencia: 'FS 8/1' },
          'o1',
          scene.chaveOutra,
        )
      ).statusCode,
    ).toBe(201)
    clock.advance(MINUTOS * MINUTE)
    expect((await (await quadro())()).total).toBe(0)
    expect(await metrica()).toEqual(['848:1'])
  })
})
