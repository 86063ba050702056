import { aadCodigoSeguranca, type ValorSelado } from '../../platform/chave-dados.ts'
import type { Database } from '../../platform/db.ts'

/** The first customer security code as sealed, or null: what the start opens to check the data key (platform/chave-dados). */
export async function umCodigoSelado(db: Database): Promise<ValorSelado | null> {
  const cliente = await db
    .selectFrom('utilizadores')
    .select(['id', 'codigo_seguranca_cifrado'])
    .where('codigo_seguranca_cifrado', 'is not', null)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()
  return cliente?.codigo_seguranca_cifrado
    ? { valor: cliente.codigo_seguranca_cifrado, aad: aadCodigoSeguranca(cliente.id) }
    : null
}
