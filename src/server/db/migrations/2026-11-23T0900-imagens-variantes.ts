import { type Kysely, sql } from 'kysely'
import { isPostgres } from './helpers.ts'

/**
 * Images grow variants (AVIF and WebP at several widths, src/server/platform/images.ts), each a row of `imagens` like
 * its source: one table, one lookup by name. A row holds text (SVG, `conteudo`) or bytes (`dados`); `largura` and
 * `altura` are its pixels; `origem` names the source a variant was made from, and deleting the source deletes them.
 *
 * `conteudo` loses its NOT NULL: PostgreSQL alters the column; SQLite cannot, so the table is rebuilt there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await db.schema
      .alterTable('imagens')
      .alterColumn('conteudo', (c) => c.dropNotNull())
      .execute()
    await db.schema
      .alterTable('imagens')
      .addColumn('dados', 'bytea')
      .addColumn('largura', 'integer')
      .addColumn('altura', 'integer')
      .addColumn('origem', 'text', (c) => c.references('imagens.nome').onDelete('cascade'))
      .execute()
  } else {
    await db.schema.alterTable('imagens').renameTo('imagens_antigas').execute()
    await db.schema
      .createTable('imagens')
      .addColumn('nome', 'text', (c) => c.primaryKey())
      .addColumn('tipo', 'text', (c) => c.notNull())
      .addColumn('conteudo', 'text')
      .addColumn('dados', 'blob')
      .addColumn('largura', 'integer')
      .addColumn('altura', 'integer')
      .addColumn('origem', 'text', (c) => c.references('imagens.nome').onDelete('cascade'))
      .addColumn('atualizado_em', 'text', (c) => c.notNull())
      .execute()
    await sql`insert into imagens (nome, tipo, conteudo, atualizado_em)
      select nome, tipo, conteudo, atualizado_em from imagens_antigas`.execute(db)
    await db.schema.dropTable('imagens_antigas').execute()
  }
  await db.schema.createIndex('imagens_origem').on('imagens').column('origem').execute()
}
