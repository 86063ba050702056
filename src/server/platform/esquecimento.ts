import { sql } from 'kysely'
import type { DatabaseTransaction } from './db.ts'

/**
 * The platform's part of a customer's erasure (GDPR Art. 17), in the erasure's transaction: what the platform's tables
 * hold under the person's phone number or e-mail address rather than under the account's id. The SMS and e-mail
 * outboxes (sent, pending or given up), the rate-limit counters keyed on the number, and the payments sandbox's MB WAY
 * requests (what the customer's phone would hold, outside production only).
 */
export async function esquecerNaPlataforma(
  trx: DatabaseTransaction,
  pessoa: { telemovelE164: string | null; telemovel: string; pais: string; email: string | null },
): Promise<void> {
  const { telemovelE164, telemovel, pais, email } = pessoa
  if (telemovelE164) {
    await trx.deleteFrom('sms_outbox').where('para', '=', telemovelE164).execute()
    // Keys end with the number (`tel:sms:+351…`, `ip:…:+351…`); an E.164 number has no LIKE wildcard in it.
    await trx.deleteFrom('limites').where('chave', 'like', `%${telemovelE164}`).execute()
  }
  if (telemovel) {
    await trx.deleteFrom('pagamentos_sandbox').where('telemovel', '=', telemovel).where('pais', '=', pais).execute()
  }
  if (email) {
    await trx.deleteFrom('email_outbox').where(sql`lower(para)`, '=', email.trim().toLowerCase()).execute()
  }
}
