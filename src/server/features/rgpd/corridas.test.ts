import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { device } from '../../testing/harness.ts'
import { PESSOA, setupRgpd } from './testing.ts'

/**
 * Writes of an account that were on their way when its erasure committed (docs/decisions/0017). Only PostgreSQL runs
 * them side by side (SQLite serialises every write transaction); the interleaving is forced by holding a lock the
 * erasure needs, so that the other write reads the account before the erasure ends and writes after it.
 */
const espera = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe.skipIf(!process.env.TEST_DATABASE_URL)('writes racing an erasure on postgres', () => {
  const dialect = 'postgres' as const
  const cena = setupRgpd(dialect)

  it('a personal data save that read the account before the erasure writes nothing after it', async () => {
    const { t } = cena
    const { d, id } = await cena.registar()
    const outro = device(t, '198.51.100.7')
    const login = await outro.call('POST', '/login', {
      telemovel: PESSOA.telemovel,
      pais: '351',
      password: PESSOA.password,
    })
    expect(login.statusCode).toBe(200)
    const db = t.database.db
    let cancelar: ReturnType<typeof d.call> | undefined
    let guardar: ReturnType<typeof d.call> | undefined
    await db.transaction().execute(async (trx) => {
      // The erasure runs up to its write of the account and waits; the save reads the account, still whole.
      await sql`select id from utilizadores where id = ${id} for update`.execute(trx)
      cancelar = d.call('POST', '/api/conta/cancelar', { confirmar: true })
      await espera(400)
      guardar = outro.call('POST', '/alterar-dados-pessoais', {
        nome: 'Outro Nome Reescrito',
        email: 'reescrito@correio.example',
        dataNascimento: '1984-02-29',
        nif1: PESSOA.nif1,
        comunicacoes: true,
      })
      await espera(400)
    })
    expect((await cancelar)?.statusCode).toBe(200)
    expect((await guardar)?.statusCode).toBe(401)
    const row = await db.selectFrom('utilizadores').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ nome: null, email: null, nif1: null, eliminado: 1 })
    expect(await db.selectFrom('consentimentos').selectAll().where('utilizador_id', '=', id).execute()).toEqual([])
  })

  it('a till purchase that waited on the erasure finds no customer and writes nothing', async () => {
    const { t, loja } = cena
    const { id } = await cena.registar()
    const db = t.database.db
    let compra: ReturnType<typeof loja> | undefined
    await db.transaction().execute(async (trx) => {
      // What an erasure does under the customer's ledger lock (fidelizacao/repository.ts LEDGER_LOCK).
      await sql`select pg_advisory_xact_lock(4201, ${id})`.execute(trx)
      await trx
        .updateTable('utilizadores')
        .set({ eliminado: 1, nome: null, anonimizado_em: '2026-11-22T10:00:00.000Z' })
        .where('id', '=', id)
        .execute()
      compra = loja('POST', '/compras', { cliente_id: id, total: 4000, saldo_a_usar: 0, referencia: 'FT corrida' })
      await espera(500)
    })
    expect((await compra)?.statusCode).toBe(404)
    expect(await db.selectFrom('transacoes').select('id').where('utilizador_id', '=', id).execute()).toEqual([])
    expect(await db.selectFrom('notificacoes').select('id').where('utilizador_id', '=', id).execute()).toEqual([])
  })
})
