import type { Database } from '../../platform/db.ts'

/**
 * Sign-ups for the back-office's reports: accounts whose registration was completed in the window. An
 * account is the group's, not a store's, so the figure is the group's whatever stores a report covers.
 */
export function createRelatorioConta(db: Database) {
  return {
    async novosRegistos(desde: string, ate: string): Promise<number> {
      const row = await db
        .selectFrom('utilizadores')
        .where('registo_completo_em', '>=', desde)
        .where('registo_completo_em', '<', ate)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst()
      return Number(row?.n ?? 0)
    },
  }
}
