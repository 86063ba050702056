import type { Kysely } from 'kysely'

/**
 * The customer's security code, encrypted with the server's data key (AES-256-GCM, bound to the row's id;
 * platform/crypto.ts `sealText`), so the app can show it on every device the customer signs in on. A migration has no
 * key, and the codes behind the existing scrypt hashes cannot be recovered: the conta service's start-up step
 * (`upgradeLegacySecurityKeys`) gives each of those keys a new code and QR token, and empties its hash
 * (docs/decisions/0004, "Security key").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('utilizadores').addColumn('codigo_seguranca_cifrado', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('utilizadores').dropColumn('codigo_seguranca_cifrado').execute()
}
