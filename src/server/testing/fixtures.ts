import type { Insertable } from 'kysely'
import type { DB } from '../db/schema.ts'
import { hashSecret } from '../platform/crypto.ts'
import type { Database } from '../platform/db.ts'

/** Small builders for test rows: every required column has a plain default, the test names what it cares about. */

const ISO = '2026-11-20T10:00:00.000Z'

export async function insertNovidade(db: Database, row: Partial<Insertable<DB['novidades']>> & { tag: string }) {
  return db
    .insertInto('novidades')
    .values({ title: row.tag, title_detail: `${row.tag} (detalhe)`, text: 'Texto', publicado_em: ISO, ...row })
    .returning('id')
    .executeTakeFirstOrThrow()
}

export async function insertCampanha(db: Database, row: Partial<Insertable<DB['campanhas']>> & { tag: string }) {
  return db
    .insertInto('campanhas')
    .values({ title: row.tag, title_detail: `${row.tag} (detalhe)`, text: 'Texto', publicado_em: ISO, ...row })
    .returning('id')
    .executeTakeFirstOrThrow()
}

export async function insertRestaurante(db: Database, row: Partial<Insertable<DB['restaurantes']>> & { tag: string }) {
  return db
    .insertInto('restaurantes')
    .values({ name: row.tag, title: row.tag, ...row })
    .returning('id')
    .executeTakeFirstOrThrow()
}

export async function insertLoja(
  db: Database,
  row: Partial<Insertable<DB['lojas']>> & { tag: string; restaurante_id: number; id_loja: number },
) {
  return db
    .insertInto('lojas')
    .values({
      name: row.tag,
      name_detail: `${row.tag} (detalhe)`,
      opening_hours: 'Segunda a Domingo: 10h00 – 21h30',
      address: 'Rua Augusta 1',
      postal_code: '1100-048',
      city: 'Lisboa',
      latitude: 38.71,
      longitude: -9.137,
      // Who sells there: without one a store takes no orders (decision 0037); a test of that passes null.
      empresa: 'Nata & Grão Restauração, Lda.',
      nipc: '514725834',
      ...row,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
}

/**
 * A customer's first movement, as a purchase that earned this balance (the ledger is the only place balances live):
 * the row, for tests and the benchmark to insert as they need.
 */
export function movimentoInicial(
  utilizadorId: number,
  { saldo, pontos = 0, itens = 0, idLoja = 862, criadoEm = ISO }: SaldoInicial,
): Insertable<DB['transacoes']> {
  return {
    utilizador_id: utilizadorId,
    sequencia: 1,
    tipo: 'compra',
    id_loja: idLoja,
    subtotal: saldo * 20,
    valor_pago: saldo * 20,
    saldo_anterior: 0,
    saldo_adicionado: saldo,
    saldo_removido: 0,
    saldo_actual: saldo,
    pontos_anterior: 0,
    pontos_ganhos: pontos,
    pontos_convertidos: 0,
    pontos_actual: pontos,
    itens_anterior: 0,
    itens_adicionados: itens,
    itens_redimidos: 0,
    itens_actual: itens,
    criado_em: criadoEm,
  }
}

interface SaldoInicial {
  saldo: number
  pontos?: number
  itens?: number
  idLoja?: number
  criadoEm?: string
}

/** A balance for a customer, as one purchase movement that earned it. */
export async function insertSaldo(db: Database, utilizadorId: number, saldo: number, pontos = 0, itens = 0) {
  return db
    .insertInto('transacoes')
    .values(movimentoInicial(utilizadorId, { saldo, pontos, itens }))
    .returning('id')
    .executeTakeFirstOrThrow()
}

/**
 * Complete accounts (Portuguese mobiles) sharing one password, written straight to the table: no SMS, one hash.
 * Written 500 at a time (SQLite's limit on a statement's parameters); answers their ids, in order.
 */
export async function insertContas(db: Database, telemoveis: string[], password: string): Promise<number[]> {
  const passwordHash = await hashSecret(password)
  const ids: number[] = []
  for (let i = 0; i < telemoveis.length; i += 500) {
    const rows = await db
      .insertInto('utilizadores')
      .values(
        telemoveis.slice(i, i + 500).map((telemovel) => ({
          telemovel,
          pais: '351',
          telemovel_e164: `+351${telemovel}`,
          password_hash: passwordHash,
          temporario: 0,
          qr_code: `qr-${telemovel}`,
          registo_completo_em: ISO,
          criado_em: ISO,
          atualizado_em: ISO,
        })),
      )
      .returning('id')
      .execute()
    ids.push(...rows.map((r) => r.id))
  }
  return ids
}
