import { aadTotpEquipa, type ValorSelado } from '../../platform/chave-dados.ts'
import type { Database } from '../../platform/db.ts'

/** The first staff TOTP secret as sealed, or null: what the start opens to check the data key (platform/chave-dados). */
export async function umTotpSelado(db: Database): Promise<ValorSelado | null> {
  const equipa = await db
    .selectFrom('admin_utilizadores')
    .select(['id', 'totp_segredo'])
    .where('totp_segredo', 'is not', null)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()
  return equipa?.totp_segredo ? { valor: equipa.totp_segredo, aad: aadTotpEquipa(equipa.id) } : null
}
