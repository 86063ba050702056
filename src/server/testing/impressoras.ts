import { afterEach, beforeEach, expect } from 'vitest'
import { setupOrders } from '../features/encomendas/testing.ts'
import { type ImpressoraDeTeste, startImpressora } from '../features/impressoras/testing.ts'
import type { Dialect } from '../platform/db.ts'
import { pedidoDeTeste } from './ementa.ts'

/**
 * The printer tests' scene: the orders' scene (features/encomendas/testing.ts) with store 862's printer a fake one on
 * loopback, started before each test and stopped after; and the helpers those tests share: an order placed and paid,
 * the ticket rows, a round of the sender, the board's session, its printer state and a reprint.
 */
export function setupImpressoras(dialect: Dialect) {
  const scene = setupOrders(dialect)
  let impressora: ImpressoraDeTeste

  beforeEach(async () => {
    impressora = await startImpressora()
    await scene.t.database.db
      .updateTable('lojas')
      .set({ impressora_endereco: '127.0.0.1', impressora_porta: impressora.porta })
      .where('id_loja', '=', 862)
      .execute()
  })
  afterEach(() => impressora.desligar())

  const { clock, finalizar, pagamentos, responder, loja } = scene
  return {
    clock,
    finalizar,
    pagamentos,
    responder,
    loja,
    get t() {
      return scene.t
    },
    get chaveLoja() {
      return scene.chaveLoja
    },
    get impressora() {
      return impressora
    },
    /** An order placed (`pedido`, the test's by default) and paid through the sandbox's phone: its id. */
    async pagar(chave: string, pedido: unknown = pedidoDeTeste()): Promise<number> {
      const res = await scene.finalizar(pedido, chave)
      expect(res.statusCode, res.body).toBe(201)
      const pendente = (await scene.pagamentos()).find((p: { estado: string }) => p.estado === 'pendente')
      expect((await scene.responder(pendente.id, 'aprovar')).statusCode).toBe(200)
      return res.json().data.orderData.orderId as number
    },
    trabalhos: () => scene.t.database.db.selectFrom('impressoes').selectAll().orderBy('id').execute(),
    despachar: () => scene.t.app.despacharImpressoes(),
    /** The board's session of store 862's tablet. */
    async painel(): Promise<string> {
      const entrar = await scene.t.app.inject({
        method: 'POST',
        url: '/painel/api/entrar',
        payload: { chave: scene.chaveLoja },
      })
      return entrar.cookies.find((c) => c.name === 'balcao_painel')?.value ?? ''
    },
    async estado(sessao: string) {
      const res = await scene.t.app.inject({
        method: 'GET',
        url: '/painel/api/impressora',
        cookies: { balcao_painel: sessao },
      })
      expect(res.statusCode, res.body).toBe(200)
      return res.json().data
    },
    reimprimir: (sessao: string, id: number, chave: string) =>
      scene.t.app.inject({
        method: 'POST',
        url: `/painel/api/encomendas/${id}/reimprimir`,
        cookies: { balcao_painel: sessao },
        headers: { 'idempotency-key': chave },
        payload: {},
      }),
  }
}
