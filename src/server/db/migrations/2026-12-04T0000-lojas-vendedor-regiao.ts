import type { Kysely } from 'kysely'

/**
 * Who sells at a store and where it is, as the law asks the checkout to say (decision 0036): the operating company's
 * name (`empresa`) and NIPC, since franchised stores are other companies than the group; and the store's fiscal
 * region (`continente`, `madeira`, `acores`), which sets its VAT rates and, in the Azores, its clock. Stores before
 * this column are on the mainland; their seller is unknown until the back-office names it.
 *
 * And what an order owes the law beside its lines: the single-use packaging contribution charged (`embalagens`, JSON
 * `[{produto, qtd, valor}]`, cents with VAT, `[]` before this column), whether the customer brings their own container
 * (`recipiente_proprio`) and whether a line is sold to adults only (`verificar_idade`: staff check at pick-up).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lojas').addColumn('empresa', 'text').execute()
  await db.schema.alterTable('lojas').addColumn('nipc', 'text').execute()
  await db.schema
    .alterTable('lojas')
    .addColumn('regiao', 'text', (c) => c.notNull().defaultTo('continente'))
    .execute()
  await db.schema
    .alterTable('encomendas')
    .addColumn('embalagens', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute()
  await db.schema
    .alterTable('encomendas')
    .addColumn('recipiente_proprio', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .alterTable('encomendas')
    .addColumn('verificar_idade', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('encomendas').dropColumn('verificar_idade').execute()
  await db.schema.alterTable('encomendas').dropColumn('recipiente_proprio').execute()
  await db.schema.alterTable('encomendas').dropColumn('embalagens').execute()
  await db.schema.alterTable('lojas').dropColumn('regiao').execute()
  await db.schema.alterTable('lojas').dropColumn('nipc').execute()
  await db.schema.alterTable('lojas').dropColumn('empresa').execute()
}
