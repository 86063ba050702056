import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from './platform/db.ts'
import {
  verificarCaixa,
  verificarEncomendas,
  verificarEsquecimentos,
  verificarLedger,
} from './testing/chaos-invariantes.ts'
import { insertContas, movimentoInicial } from './testing/fixtures.ts'
import { createTestDatabase } from './testing/harness.ts'

/**
 * The chaos suite's invariants see what they are meant to see: each one, given a database broken the way a crash
 * could break it, names the break (a suite whose checks cannot fail would prove nothing).
 */
describe('the chaos invariants', () => {
  let database: DatabaseHandle
  let cliente: number
  beforeEach(async () => {
    database = await createTestDatabase('sqlite')
    ;[cliente = 0] = await insertContas(database.db, ['910000001'], '135790')
  })
  afterEach(() => database.close())

  const movimento = (sequencia: number, saldoAnterior: number, adicionado: number, extra = {}) => ({
    ...movimentoInicial(cliente, { saldo: adicionado }),
    sequencia,
    saldo_anterior: saldoAnterior,
    saldo_actual: saldoAnterior + adicionado,
    ...extra,
  })

  it('a sound ledger passes; a broken chain, a gap and a wrong sum are named', async () => {
    const db = database.db
    await db
      .insertInto('transacoes')
      .values([movimento(1, 0, 50), movimento(2, 50, 20)])
      .execute()
    expect((await verificarLedger(db)).violacoes).toEqual([])
    // The third movement starts from a balance the second did not leave.
    await db
      .insertInto('transacoes')
      .values(movimento(3, 60, 10))
      .execute()
    expect((await verificarLedger(db)).violacoes.join('\n')).toMatch(/saldo_anterior quebra a cadeia/)
    await db.deleteFrom('transacoes').where('sequencia', '=', 3).execute()
    await db
      .insertInto('transacoes')
      .values(movimento(4, 70, 10))
      .execute()
    expect((await verificarLedger(db)).violacoes.join('\n')).toMatch(/sequência esperada 3/)
  })

  it('one POS document written twice, and a refund past what was paid, are named', async () => {
    const db = database.db
    const compra = { tipo: 'compra', chave_id: 1, referencia: 'FT 1', valor_pago: 1000 }
    await db
      .insertInto('transacoes')
      .values([movimento(1, 0, 50, compra), movimento(2, 50, 50, compra)])
      .execute()
    const [primeira] = await db.selectFrom('transacoes').select('id').orderBy('id').execute()
    await db
      .insertInto('transacoes')
      .values(
        movimento(3, 100, 0, {
          tipo: 'devolucao',
          compra_id: primeira?.id,
          valor_devolvido: 1200,
          valor_pago: -1200,
          chave_id: 1,
        }),
      )
      .execute()
    const { violacoes } = await verificarCaixa(db)
    expect(violacoes).toEqual([
      expect.stringMatching(/FT 1 registada 2 vezes/),
      expect.stringMatching(/devolvido 1200 > pago 1000/),
    ])
  })

  it('an order paid without its purchase, and a paid MB WAY request no order records, are named', async () => {
    const db = database.db
    const agora = new Date().toISOString()
    await db
      .insertInto('encomendas')
      .values({
        utilizador_id: cliente,
        id_loja: 862,
        estado: -1,
        id_tipo_entrega: 0,
        nome: 'Ana',
        email: 'ana@example.pt',
        telemovel: '910000001',
        pais: '351',
        linhas: '[]',
        total: 790,
        desconto: 0,
        valor_pago: 790,
        pagamento_provider: 'sandbox',
        pagamento_id: 'p1',
        pagamento_estado: 'pago',
        chave_idempotencia: 'k',
        pedido_hash: 'h',
        criada_em: agora,
        atualizada_em: agora,
      })
      .execute()
    const pedido = {
      referencia: 'E99',
      telemovel: '910000001',
      pais: '351',
      valor: 100,
      criado_em: agora,
      expira_em: agora,
    }
    await db
      .insertInto('pagamentos_sandbox')
      .values({ id: 'p2', estado: 'pago', ...pedido })
      .execute()
    const { violacoes } = await verificarEncomendas(db, true, new Set(['p2']))
    expect(violacoes).toEqual([
      expect.stringMatching(/paga sem o seu movimento de compra/),
      expect.stringMatching(/E99 .*pago, chamado, e nenhuma encomenda o regista/),
    ])
  })

  it('an erasure half applied is named, either way', async () => {
    const db = database.db
    const [outro = 0] = await insertContas(db, ['910000002'], '135790')
    await db.updateTable('utilizadores').set({ email: 'a@example.pt' }).execute()
    // One marked erased that still has its phone; one not marked that lost its e-mail.
    await db
      .updateTable('utilizadores')
      .set({ anonimizado_em: new Date().toISOString() })
      .where('id', '=', cliente)
      .execute()
    await db.updateTable('utilizadores').set({ email: null }).where('id', '=', outro).execute()
    const { violacoes } = await verificarEsquecimentos(db, [
      { id: cliente, telemovel: '910000001', email: 'a@example.pt' },
      { id: outro, telemovel: '910000002', email: 'a@example.pt' },
    ])
    expect(violacoes).toEqual([
      expect.stringMatching(/esquecida mas ainda com dados pessoais/),
      expect.stringMatching(/não esquecida mas com dados apagados/),
    ])
  })
})
