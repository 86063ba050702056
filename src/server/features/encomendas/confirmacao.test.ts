import { describe, expect, it } from 'vitest'
import { pedidoDeTeste } from '../../testing/ementa.ts'
import { insertSaldo } from '../../testing/fixtures.ts'
import { testDialects } from '../../testing/harness.ts'
import { emailConfirmacao } from './confirmacao.ts'
import { setupIfthenpay, setupOrders } from './testing.ts'

/**
 * The order's confirmation on a durable medium (DL 24/2014 art. 6, docs/decisions/0038): once it is paid, when the
 * customer gave an e-mail, the outbox gets one message, whoever settles the payment and however often, with what was
 * ordered, the packaging charged, the total, who sells, the store and the pick-up, and that it is not the invoice.
 */

const emails = (db: ReturnType<typeof setupOrders>['t']['database']['db'], para: string) =>
  db.selectFrom('email_outbox').select(['para', 'assunto', 'texto', 'html']).where('para', '=', para).execute()

describe.each(testDialects())('the confirmation e-mail of a paid order, on %s', (dialect) => {
  describe('paid by MB WAY: callbacks and the reconciliation at once', () => {
    const scene = setupIfthenpay(dialect)

    it('queues one message, in the transaction that makes the order paid', async () => {
      const { t, api, callback } = scene
      const order = await scene.encomendar()
      // Not before it is paid.
      expect(await emails(t.database.db, 'ana@example.pt')).toEqual([])
      const requestId = api.pedidos.at(-1)?.requestId ?? ''
      api.pagar(requestId)
      await Promise.all([callback(requestId), callback(requestId), t.app.reconciliarPagamentos(), callback(requestId)])
      for (let i = 0; i < 2; i++) expect((await callback(requestId)).status).toBe(200)
      const enviados = await emails(t.database.db, 'ana@example.pt')
      expect(enviados).toHaveLength(1)
      expect(enviados[0]?.assunto).toBe(`Confirmação do pedido n.º ${order.orderId} - chiado`)
      expect(await scene.estado(order.orderId)).toBe(-1)
    })
  })

  describe('paid with the balance, or with no e-mail', () => {
    const scene = setupOrders(dialect)

    it('names the lines, the packaging, the total, the seller, the store and the pick-up; escaped in HTML', async () => {
      const { t, clienteId } = scene
      const db = t.database.db
      await db
        .updateTable('lojas')
        .set({ name: 'Chiado <Rua & Largo>', empresa: 'Nata & Grão Chiado, Lda.', nipc: '509999999' })
        .where('id_loja', '=', 862)
        .execute()
      await insertSaldo(db, clienteId, 5000)
      const res = await scene.finalizar(pedidoDeTeste({ usar_premio: 1, nome: 'Ana <b>Silva</b>' }), 'k-saldo')
      expect(res.statusCode, res.body).toBe(201)
      const id = res.json().data.orderData.orderId as number
      // The packaging contribution another part writes on a take-away order ('[]': none), as the e-mail reads it.
      await db
        .updateTable('encomendas')
        .set({ embalagens: JSON.stringify([{ produto: 'Galão', qtd: 2, valor: 60 }]) })
        .where('id', '=', id)
        .execute()
      const [email] = await emails(db, 'ana@example.pt')
      if (!email) throw new Error('no confirmation e-mail')
      // The balance paid it all: paid at checkout, confirmed then (the packaging line was written after, see below).
      expect(email.texto).toContain(`Recebemos o pagamento do seu pedido n.º ${id}.`)
      expect(email.texto).toContain('2 × Galão (Leite de aveia, Sem açúcar): 4,00\u00a0€')
      expect(email.texto).toContain('3 × Pastel de nata: 3,90\u00a0€')
      expect(email.texto).toContain('Total (IVA incluído): 7,90\u00a0€')
      expect(email.texto).toContain('Saldo usado: 7,90\u00a0€')
      expect(email.texto).toContain('Vendedor: Nata & Grão Chiado, Lda., NIPC 509999999')
      expect(email.texto).toContain('Loja: Chiado <Rua & Largo>\nRua Augusta 1, 1100-048 Lisboa')
      expect(email.texto).toContain('Take-Away\nLevantamento: o mais cedo possível')
      expect(email.texto).toContain('Não serve de fatura')
      expect(email.texto).toContain('não pode ser devolvido')
      expect(email.texto).toContain(`/carrinho/confirmado?encomenda=${id}`)
      expect(email.texto).toContain('Olá, Ana <b>Silva</b>.')
      // Where a dispute can go, as the legal information says it (the default entity, not adhered to), and the
      // complaints book (Lei 144/2015, art. 18.º, n.º 2; DL 156/2005).
      expect(email.texto).toContain(
        'Em caso de litígio, pode recorrer a uma entidade de resolução alternativa de litígios de consumo, como CNIACC – Centro Nacional de Informação e Arbitragem de Conflitos de Consumo (https://www.cniacc.pt/); todas estão no Portal do Consumidor (https://www.consumidor.gov.pt/).',
      )
      expect(email.texto).toContain('Livro de Reclamações Eletrónico:\nhttps://www.livroreclamacoes.pt/')
      expect(email.html).toContain('<a href="https://www.livroreclamacoes.pt/">Livro de Reclamações Eletrónico</a>')
      // What the customer or the back-office typed is escaped in the HTML body.
      expect(email.html).toContain('Olá, Ana &lt;b&gt;Silva&lt;/b&gt;.')
      expect(email.html).toContain('Loja: Chiado &lt;Rua &amp; Largo&gt;<br>')
      expect(email.html).not.toContain('<b>')
      expect(email.assunto).toBe(`Confirmação do pedido n.º ${id} - Chiado <Rua & Largo>`)

      // An order whose packaging and pick-up time are known when it is paid says them.
      await db.updateTable('encomendas').set({ levantar_em: '2026-11-23T13:30:00.000Z' }).where('id', '=', id).execute()
      const linha = await db.selectFrom('encomendas').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
      const loja = {
        nome: 'Chiado',
        morada: { address: 'Rua Augusta 1', postalCode: '1100-048', city: 'Lisboa' },
        vendedor: null,
        regiao: 'acores' as const,
      }
      const ral = {
        nome: 'Centro de Arbitragem de Lisboa',
        sitio: 'https://www.centroarbitragemlisboa.pt/',
        aderiu: true,
      }
      const outro = emailConfirmacao(linha, { loja: loja as never, ral }, 'https://app.exemplo.pt/')
      expect(outro?.texto).toContain('2 × Contribuição sobre embalagem de utilização única (Galão): 0,60\u00a0€')
      // The store's own clock (the Azores: an hour behind Lisbon in winter); a seller cleared since: left out.
      expect(outro?.texto).toContain('Levantamento: 23/11/2026 às 12:30')
      expect(outro?.texto).not.toContain('Vendedor:')
      expect(outro?.texto).toContain('Loja: Chiado\nRua Augusta 1')
      // An entity the group adhered to is named as such.
      expect(outro?.texto).toContain(
        'Em caso de litígio, pode recorrer à entidade de resolução alternativa de litígios de consumo a que a empresa aderiu: Centro de Arbitragem de Lisboa (https://www.centroarbitragemlisboa.pt/).',
      )
      expect(outro?.texto).toContain(`https://app.exemplo.pt/carrinho/confirmado?encomenda=${id}`)
    })

    it('sends nothing for an order whose payment was refused, nor to an order with no address', async () => {
      const { t } = scene
      const naoPaga = await scene.finalizar(pedidoDeTeste({ email: 'outra@example.pt' }), 'k-nao')
      expect(naoPaga.statusCode, naoPaga.body).toBe(201)
      await scene.responder((await scene.pagamentos())[0].id, 'recusar')
      expect(await t.database.db.selectFrom('email_outbox').selectAll().execute()).toEqual([])
      // An order whose customer was erased meanwhile keeps no address: nothing to send.
      const linha = await t.database.db.selectFrom('encomendas').selectAll().executeTakeFirstOrThrow()
      expect(emailConfirmacao({ ...linha, email: '' }, undefined, 'https://app.exemplo.pt')).toBeNull()
      expect(emailConfirmacao({ ...linha, email: 'sem-arroba' }, undefined, 'https://app.exemplo.pt')).toBeNull()
    })
  })
})
