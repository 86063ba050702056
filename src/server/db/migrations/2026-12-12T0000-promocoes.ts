import type { Kysely } from 'kysely'
import { flag, withId } from './helpers.ts'

/**
 * Promotions that apply themselves (decision 0052).
 *
 * - `promocoes`: a window (`inicio` … `fim`, days `YYYY-MM-DD` inclusive; `dias_semana`, ISO weekdays as digits,
 *   `1` Monday … `7` Sunday; `hora_inicio` … `hora_fim`, `HH:MM`, the end excluded, both null for all day), read in the
 *   store's own time zone; a scope (`ambito` `todas`, `restaurante` with `id_restaurante`, `loja` with `id_loja`, the
 *   POS id); and an effect (`efeito`): `multiplicar_pontos` (`multiplicador`), `pontos_produto` (`pontos` per unit of
 *   `cod_produto`), `pontos_gasto_minimo` (`pontos` once `gasto_minimo` cents are paid) or `credito_percent`
 *   (`credito_percent`, hundredths of a percent, as `fidelizacao_regras.taxa_credito`). `ativa` 0: ended by hand.
 * - `transacoes_promocoes`: the promotions a purchase earned under, with the extra points and credit each gave and its
 *   name as it was then; a refund undoes them with the rest of the purchase, from the purchase's own figures.
 * - `campanhas.promocao_id`: the promotion a campaign announces (the app shows when it runs).
 * - `encomendas.promocoes`: the promotions in force when the order was placed, as they were (JSON): its purchase,
 *   written when it is paid, earns under them, whatever a promotion becomes in between.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('promocoes'))
    .addColumn('nome', 'text', (c) => c.notNull())
    .addColumn('efeito', 'text', (c) => c.notNull())
    .addColumn('multiplicador', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('pontos', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cod_produto', 'text')
    .addColumn('gasto_minimo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('credito_percent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('inicio', 'text', (c) => c.notNull())
    .addColumn('fim', 'text', (c) => c.notNull())
    .addColumn('dias_semana', 'text', (c) => c.notNull())
    .addColumn('hora_inicio', 'text')
    .addColumn('hora_fim', 'text')
    .addColumn('ambito', 'text', (c) => c.notNull())
    .addColumn('id_restaurante', 'integer')
    .addColumn('id_loja', 'integer')
    .addColumn('ativa', 'integer', flag)
    .addColumn('criado_em', 'text', (c) => c.notNull())
    .addColumn('alterado_em', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('promocoes_fim').on('promocoes').columns(['ativa', 'fim']).execute()
  await db.schema
    .createTable('transacoes_promocoes')
    .addColumn('transacao_id', 'integer', (c) => c.notNull())
    .addColumn('promocao_id', 'integer', (c) => c.notNull())
    .addColumn('nome', 'text', (c) => c.notNull())
    .addColumn('pontos', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('credito', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('transacoes_promocoes_pk', ['transacao_id', 'promocao_id'])
    .execute()
  await db.schema
    .createIndex('transacoes_promocoes_promocao')
    .on('transacoes_promocoes')
    .columns(['promocao_id'])
    .execute()
  await db.schema.alterTable('campanhas').addColumn('promocao_id', 'integer').execute()
  await db.schema.alterTable('encomendas').addColumn('promocoes', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('encomendas').dropColumn('promocoes').execute()
  await db.schema.alterTable('campanhas').dropColumn('promocao_id').execute()
  await db.schema.dropTable('transacoes_promocoes').execute()
  await db.schema.dropTable('promocoes').execute()
}
