import type { Kysely } from 'kysely'

/**
 * What the consumer is told about disputes and accessibility becomes the back-office's to set (decision 0039):
 * `informacao_consumidor`, one row (`id` 1) once an admin has named the consumer-arbitration entity the group adheres
 * to (Lei 144/2015, art. 18.º: name and website) and the accessibility contact; without it, the defaults of
 * shared/informacao-consumidor.ts are shown.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('informacao_consumidor')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('ral_nome', 'text', (c) => c.notNull())
    .addColumn('ral_sitio', 'text', (c) => c.notNull())
    .addColumn('email_acessibilidade', 'text', (c) => c.notNull())
    .addColumn('alterado_em', 'text', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('informacao_consumidor').execute()
}
