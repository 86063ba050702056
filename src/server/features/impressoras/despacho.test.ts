import { beforeEach, describe, expect, it } from 'vitest'
import { ESTADO } from '../../../shared/estado-pedido.ts'
import type { TestApp } from '../../testing/harness.ts'
import { createTestAppOn, testDialects } from '../../testing/harness.ts'
import { setupImpressoras } from '../../testing/impressoras.ts'
import { NUNCA } from './repository.ts'
import { IMPRESSAO_DESISTIR_MS, REIMPRESSAO_CANCELADA } from './service.ts'
import { type ImpressoraDeTeste, lerTalao } from './testing.ts'

/**
 * What the kitchen printer's sender does not send, and what it keeps to itself (decision 0043): an order cancelled
 * meanwhile, a printer whose address is this machine, and a store's later tickets behind a slow printer, whose lease
 * it renews so that no other process takes them.
 */
describe.each(testDialects())("the kitchen printer's sender on %s", (dialect) => {
  const scene = setupImpressoras(dialect)
  const { clock, pagar, trabalhos, despachar, painel, estado, reimprimir } = scene
  let t: TestApp
  let impressora: ImpressoraDeTeste

  beforeEach(() => {
    t = scene.t
    impressora = scene.impressora
  })

  it('prints nothing for an order cancelled meanwhile, leaves it off the board, and refuses to reprint it', async () => {
    const sessao = await painel()
    const cancelada = await pagar('x1')
    const outra = await pagar('x2')
    const cancelar = (id: number) =>
      t.database.db.updateTable('encomendas').set({ estado: ESTADO.cancelado }).where('id', '=', id).execute()
    // Cancelled before its ticket went: given up unsent, the other printed.
    await cancelar(cancelada)
    expect(await despachar()).toBe(1)
    expect(impressora.recebidos).toHaveLength(1)
    expect(lerTalao(impressora.recebidos[0] as Buffer).linhas.map((l) => l.trim())).toContain(`PEDIDO ${outra}`)
    expect(await trabalhos()).toMatchObject([
      {
        encomenda_id: cancelada,
        estado: 'desistido',
        proxima_em: NUNCA,
        erro: 'encomenda cancelada: talão não impresso',
      },
      { encomenda_id: outra, estado: 'impresso' },
    ])
    // Nothing to reprint on the board: a cancelled order is not made.
    expect(await estado(sessao)).toMatchObject({ sem_ligacao_desde: null, em_espera: 0, por_imprimir: [] })
    const recusada = await reimprimir(sessao, cancelada, 'x3')
    expect(recusada.statusCode, recusada.body).toBe(409)
    expect(recusada.json().error.message).toBe(REIMPRESSAO_CANCELADA)

    // Given up while the printer was off, then cancelled: off the board's list, which keeps the one still to make.
    await impressora.desligar()
    const primeira = await pagar('x4')
    const segunda = await pagar('x5')
    await t.database.db
      .updateTable('impressoes')
      .set({ estado: 'desistido', concluido_em: clock.now().toISOString(), proxima_em: NUNCA })
      .where('encomenda_id', 'in', [primeira, segunda])
      .execute()
    expect((await estado(sessao)).por_imprimir.map((p: { encomenda: number }) => p.encomenda)).toEqual([
      primeira,
      segunda,
    ])
    await cancelar(primeira)
    expect((await estado(sessao)).por_imprimir).toEqual([
      expect.objectContaining({ encomenda: segunda, codigo: String(segunda), estado: 'desistido' }),
    ])
    expect((await reimprimir(sessao, primeira, 'x6')).statusCode).toBe(409)
    expect(await trabalhos()).toHaveLength(4)

    // A reprint queued, then the order cancelled before it went: not printed either.
    await impressora.ligar()
    expect((await reimprimir(sessao, segunda, 'x7')).statusCode).toBe(200)
    await cancelar(segunda)
    expect(await despachar()).toBe(0)
    expect(impressora.ligacoes).toBe(1)
    expect((await trabalhos()).at(-1)).toMatchObject({ motivo: 'reimpressao', estado: 'desistido' })
  })

  it("refuses a printer whose name resolves to this machine, giving its ticket up at once: the back-office's to correct", async () => {
    // As production runs: loopback is never a store's printer. The tickets are sent by an app built as production's
    // sender is, refusing loopback, on the scene's database (which the scene closes, not this app). 'localhost', set
    // past the back-office's check.
    const producao = await createTestAppOn(
      { ...t.database, close: async () => {} },
      { LOG_LEVEL: 'error' },
      { clock, impressoraLoopback: false },
    )
    try {
      const despacharSemLoopback = () => producao.app.despacharImpressoes()
      await t.database.db
        .updateTable('lojas')
        .set({ impressora_endereco: 'localhost' })
        .where('id_loja', '=', 862)
        .execute()
      const sessao = await painel()
      const id = await pagar('l1')
      expect(await despacharSemLoopback()).toBe(0)
      expect(impressora.ligacoes).toBe(0)
      const [job] = await trabalhos()
      expect(job).toMatchObject({
        estado: 'desistido',
        tentativas: 1,
        proxima_em: NUNCA,
        falhou_em: expect.any(String),
      })
      expect(job?.erro).toMatch(/^endereço da impressora não permitido: .+ \(localhost\)$/)
      // Not tried again: the address will not change by itself.
      clock.advance(IMPRESSAO_DESISTIR_MS)
      expect(await despacharSemLoopback()).toBe(0)
      expect(impressora.ligacoes).toBe(0)
      // The board says the printer does not answer, and which order did not print.
      expect(await estado(sessao)).toMatchObject({
        sem_ligacao_desde: job?.falhou_em,
        por_imprimir: [{ encomenda: id, estado: 'desistido' }],
      })
    } finally {
      await producao.close()
    }
  })

  it("renews a store's lease ticket by ticket: a slow printer does not let another process take its later tickets", async () => {
    const ids = [await pagar('p1'), await pagar('p2'), await pagar('p3'), await pagar('p4')]
    // A printer that takes 50 s a ticket (on the test's clock): the four outlast one lease. While each prints, another
    // process's round looks for what is due.
    const rondas: Promise<number>[] = []
    impressora.aoReceber = () => {
      clock.advance(50_000)
      rondas.push(despachar())
    }
    expect(await despachar()).toBe(4)
    // The other rounds found nothing of this store's due: each of its tickets stayed this process's.
    expect(await Promise.all(rondas)).toEqual([0, 0, 0, 0])
    expect(impressora.ligacoes).toBe(4)
    const codigos = impressora.recebidos.map((b) => lerTalao(b).linhas.map((l) => l.trim())[0])
    expect(codigos).toEqual(ids.map((id) => `PEDIDO ${id}`))
    expect((await trabalhos()).map((j) => j.estado)).toEqual(['impresso', 'impresso', 'impresso', 'impresso'])
  })
})
