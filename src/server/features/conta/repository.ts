import type { Insertable, Updateable } from 'kysely'
import type { SmsDesafiosTable, SmsFinalidade, UtilizadoresTable } from '../../db/schema.ts'
import type { Database } from '../../platform/db.ts'

/** The account rows, on the pool or inside a transaction. */
export function contaRepo(db: Database) {
  return {
    findUtilizadorById(id: number) {
      return db
        .selectFrom('utilizadores')
        .selectAll()
        .where('id', '=', id)
        .where('eliminado', '=', 0)
        .executeTakeFirst()
    },

    findUtilizadorByQr(token: string) {
      return db
        .selectFrom('utilizadores')
        .selectAll()
        .where('qr_code', '=', token)
        .where('eliminado', '=', 0)
        .executeTakeFirst()
    },

    findUtilizadorByPhone(e164: string) {
      return db
        .selectFrom('utilizadores')
        .selectAll()
        .where('telemovel_e164', '=', e164)
        .where('eliminado', '=', 0)
        .executeTakeFirst()
    },

    async insertUtilizador(values: Insertable<UtilizadoresTable>) {
      const row = await db.insertInto('utilizadores').values(values).returning('id').executeTakeFirstOrThrow()
      return row.id
    },

    /**
     * Writes the account; false when it has been erased (anonymised) meanwhile: a write that read the account before
     * an erasure committed must not put the person back on it.
     */
    async updateUtilizador(id: number, values: Updateable<UtilizadoresTable>): Promise<boolean> {
      const { numUpdatedRows } = await db
        .updateTable('utilizadores')
        .set(values)
        .where('id', '=', id)
        .where('anonimizado_em', 'is', null)
        .executeTakeFirst()
      return numUpdatedRows > 0n
    },

    /** The newest notification the customer has read (features/notificacoes keeps the notifications). */
    async notificacoesLidasAte(id: number): Promise<number> {
      const row = await db
        .selectFrom('utilizadores')
        .select('notificacoes_lidas_ate')
        .where('id', '=', id)
        .executeTakeFirst()
      return row?.notificacoes_lidas_ate ?? 0
    },

    /**
     * Moves the read mark forward only (never backwards, whatever order two screens send it in); true when it moved.
     * Not an account write for the unit of work: the mark is no part of the record the customer's screens show.
     */
    async advanceNotificacoesLidasAte(id: number, ate: number): Promise<boolean> {
      const { numUpdatedRows } = await db
        .updateTable('utilizadores')
        .set({ notificacoes_lidas_ate: ate })
        .where('id', '=', id)
        .where('notificacoes_lidas_ate', '<', ate)
        .executeTakeFirst()
      return numUpdatedRows > 0n
    },

    findTentativaLogin(chave: string) {
      return db
        .selectFrom('tentativas_login')
        .select(['falhas', 'bloqueado_ate'])
        .where('chave', '=', chave)
        .executeTakeFirst()
    },

    /**
     * Counts one login attempt on a number as seen (`seen` failures, null when it had no row) and sets the lock when
     * given. Optimistic: false when another attempt got there first or a lock is running, so parallel guesses cannot
     * check more passwords than the rule allows.
     */
    async takeLoginAttempt(chave: string, seen: number | null, lockUntil: string | null, now: string) {
      if (seen === null) {
        const inserted = await db
          .insertInto('tentativas_login')
          .values({ chave, falhas: 1, bloqueado_ate: lockUntil, atualizado_em: now })
          .onConflict((oc) => oc.column('chave').doNothing())
          .executeTakeFirst()
        return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1
      }
      const result = await db
        .updateTable('tentativas_login')
        .set({ falhas: seen + 1, atualizado_em: now, ...(lockUntil ? { bloqueado_ate: lockUntil } : {}) })
        .where('chave', '=', chave)
        .where('falhas', '=', seen)
        .where((eb) => eb.or([eb('bloqueado_ate', 'is', null), eb('bloqueado_ate', '<=', now)]))
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    async clearTentativasLogin(chave: string) {
      await db.deleteFrom('tentativas_login').where('chave', '=', chave).execute()
    },

    /** Failures last seen before `quietSince`, with no lock running at `now`. */
    async deleteTentativasLoginBefore(quietSince: string, now: string) {
      await db
        .deleteFrom('tentativas_login')
        .where('atualizado_em', '<', quietSince)
        .where((eb) => eb.or([eb('bloqueado_ate', 'is', null), eb('bloqueado_ate', '<=', now)]))
        .execute()
    },

    listLapsedProvisional(createdBefore: string) {
      return db
        .selectFrom('utilizadores')
        .select('id')
        .where('origem', '=', 'loja')
        .where('registo_completo_em', 'is', null)
        .where('eliminado', '=', 0)
        .where('criado_em', '<', createdBefore)
        .execute()
    },

    async insertDesafio(values: Insertable<SmsDesafiosTable>) {
      await db.insertInto('sms_desafios').values(values).execute()
    },

    findDesafio(hashToken: string, finalidade: SmsFinalidade) {
      return db
        .selectFrom('sms_desafios')
        .selectAll()
        .where('hash_token', '=', hashToken)
        .where('finalidade', '=', finalidade)
        .executeTakeFirst()
    },

    findDesafioByHash(hashToken: string) {
      return db.selectFrom('sms_desafios').selectAll().where('hash_token', '=', hashToken).executeTakeFirst()
    },

    /**
     * Takes one of the challenge's attempts before the code is checked; undefined when none is left. Atomic, so that
     * parallel guesses cannot check more codes than the limit.
     */
    async takeAttempt(id: number, maxAttempts: number, now: string) {
      return db
        .updateTable('sms_desafios')
        .set((eb) => ({ tentativas: eb('tentativas', '+', 1) }))
        .where('id', '=', id)
        .where('tentativas', '<', maxAttempts)
        .where('usado_em', 'is', null)
        .where('expira_em', '>', now)
        .returning('tentativas')
        .executeTakeFirst()
    },

    /** Marks the challenge used; false when another request used it first. */
    async consumeDesafio(id: number, now: string) {
      const result = await db
        .updateTable('sms_desafios')
        .set({ usado_em: now })
        .where('id', '=', id)
        .where('usado_em', 'is', null)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    async renewDesafio(id: number, values: Updateable<SmsDesafiosTable>) {
      await db.updateTable('sms_desafios').set(values).where('id', '=', id).execute()
    },

    async deleteDesafiosExpiredBefore(before: string) {
      await db.deleteFrom('sms_desafios').where('expira_em', '<', before).execute()
    },
  }
}

export type ContaRepo = ReturnType<typeof contaRepo>
