import type { Kysely } from 'kysely'
import { withId } from './helpers.ts'

/**
 * The birthday reward (decision 0053).
 *
 * - `premios.finalidade` `aniversario`: the birthday reward's definitions, as the points reward's (never changed, a
 *   newer one replaces it); `validade_dias`, the days after the birthday it can still be used; `ativo` 0: the programme
 *   gives none from then (a definition that switches it off).
 * - `premios_aniversario`: one row per customer and year (`ano`, unique with the customer: two processes, or a run
 *   twice, give one), the definition it gives (`premio_id`), the days it can be used (`valido_de` … `valido_ate`,
 *   Lisbon days, inclusive) and the purchase that used it (`transacao_id`, null while unused; a full refund of that
 *   purchase gives it back).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('premios')
    .addColumn('validade_dias', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .alterTable('premios')
    .addColumn('ativo', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()
  await withId(db, db.schema.createTable('premios_aniversario'))
    .addColumn('utilizador_id', 'integer', (c) => c.notNull())
    .addColumn('ano', 'integer', (c) => c.notNull())
    .addColumn('premio_id', 'integer', (c) => c.notNull())
    .addColumn('valido_de', 'text', (c) => c.notNull())
    .addColumn('valido_ate', 'text', (c) => c.notNull())
    .addColumn('transacao_id', 'integer')
    .addColumn('usado_em', 'text')
    .addColumn('criado_em', 'text', (c) => c.notNull())
    .addUniqueConstraint('premios_aniversario_ano', ['utilizador_id', 'ano'])
    .execute()
  await db.schema
    .createIndex('premios_aniversario_transacao')
    .on('premios_aniversario')
    .columns(['transacao_id'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('premios_aniversario').execute()
  await db.schema.alterTable('premios').dropColumn('ativo').execute()
  await db.schema.alterTable('premios').dropColumn('validade_dias').execute()
}
