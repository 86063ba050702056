import type { Kysely } from 'kysely'

/**
 * `ementas_produtos_marcas` (features/encomendas): what the back-office says of a product of a store's menu that its
 * POS may not (decision 0037): `alcoolico` (1: sold to adults only, as the POS's `restricted`) and `embalagem`, its
 * take-away packaging (`plastico`, `aluminio`, `multimaterial`, `papel`, `nenhuma`; null: not said), which the POS's
 * own `embalagem` overrides. One row per product of a store, by its POS code; kept when the menu changes, so a product
 * that comes back keeps its marks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ementas_produtos_marcas')
    .addColumn('id_loja', 'integer', (c) => c.notNull())
    .addColumn('cod_produto', 'text', (c) => c.notNull())
    .addColumn('alcoolico', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('embalagem', 'text')
    .addColumn('atualizado_em', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ementas_produtos_marcas_pk', ['id_loja', 'cod_produto'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ementas_produtos_marcas').execute()
}
