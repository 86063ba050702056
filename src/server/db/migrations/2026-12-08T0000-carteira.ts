import type { Kysely } from 'kysely'
import { flag, withId } from './helpers.ts'

/**
 * The loyalty card in Apple Wallet and Google Wallet (features/carteira, decision 0047).
 *
 * - `carteira_passes`: one per customer who asked for the card in a wallet. `serie` is the pass's serial number (Apple)
 *   and the end of the loyalty object's id (Google): random, never the customer's id. `token_cifrado` is the pass's
 *   authentication token (Apple's web service), sealed with the data key: the pass, made again at each update, carries
 *   it. `atualizado_em` moves at every change of what the pass shows (its update tag); `google`: the customer took the
 *   Google save link, so the object is patched.
 * - `carteira_dispositivos`: the devices Apple Wallet registered for a pass, with their push token.
 * - `carteira_envios`: the outbox of updates (an APNs push to one device, a patch of one Google object), claimed under
 *   a lease (platform/outbox-lease.ts) and retried with backoff. `ativo` 0: the customer's data was erased and the
 *   Google object is to be deactivated.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('carteira_passes')
    .addColumn('utilizador_id', 'integer', (c) => c.primaryKey())
    .addColumn('serie', 'text', (c) => c.notNull().unique())
    .addColumn('token_cifrado', 'text', (c) => c.notNull())
    .addColumn('google', 'integer', flag)
    .addColumn('atualizado_em', 'text', (c) => c.notNull())
    .addColumn('criado_em', 'text', (c) => c.notNull())
    .execute()
  await withId(db, db.schema.createTable('carteira_dispositivos'))
    .addColumn('dispositivo', 'text', (c) => c.notNull())
    .addColumn('serie', 'text', (c) => c.notNull())
    .addColumn('push_token', 'text', (c) => c.notNull())
    .addColumn('criado_em', 'text', (c) => c.notNull())
    .addUniqueConstraint('carteira_dispositivos_dispositivo_serie', ['dispositivo', 'serie'])
    .execute()
  await db.schema.createIndex('carteira_dispositivos_serie').on('carteira_dispositivos').column('serie').execute()
  await withId(db, db.schema.createTable('carteira_envios'))
    .addColumn('tipo', 'text', (c) => c.notNull())
    .addColumn('serie', 'text', (c) => c.notNull())
    .addColumn('push_token', 'text')
    .addColumn('ativo', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('tentativas', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('proxima_em', 'text', (c) => c.notNull())
    .addColumn('criado_em', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('carteira_envios_devidos').on('carteira_envios').column('proxima_em').execute()
  await db.schema.createIndex('carteira_envios_serie').on('carteira_envios').column('serie').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('carteira_envios').execute()
  await db.schema.dropTable('carteira_dispositivos').execute()
  await db.schema.dropTable('carteira_passes').execute()
}
