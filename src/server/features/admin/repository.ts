import type { Insertable, Selectable } from 'kysely'
import type { Ordenacao } from '../../../shared/admin-tabelas.ts'
import type { AdminAuditoriaTable, AdminUtilizadoresTable } from '../../db/schema.ts'
import type { Database } from '../../platform/db.ts'

export type StaffRow = Selectable<AdminUtilizadoresTable>

/** The back-office's SQL: functions of an executor (the pool or a transaction), as every repository here. */
export function adminRepo(db: Database) {
  return {
    findByEmail(email: string) {
      return db.selectFrom('admin_utilizadores').selectAll().where('email', '=', email).executeTakeFirst()
    },

    findById(id: number) {
      return db.selectFrom('admin_utilizadores').selectAll().where('id', '=', id).executeTakeFirst()
    },

    listUtilizadores() {
      return db.selectFrom('admin_utilizadores').selectAll().orderBy('email').execute()
    },

    async insertUtilizador(values: Insertable<AdminUtilizadoresTable>): Promise<number> {
      const row = await db.insertInto('admin_utilizadores').values(values).returning('id').executeTakeFirstOrThrow()
      return row.id
    },

    async updateUtilizador(id: number, values: Partial<Omit<StaffRow, 'id'>>) {
      await db.updateTable('admin_utilizadores').set(values).where('id', '=', id).execute()
    },

    /**
     * Writes an account still enrolling its TOTP only; false when it has enrolled meanwhile (a start or a second
     * confirmation racing the first must not replace its secret or the recovery codes it was shown).
     */
    async updateAntesDoTotp(id: number, values: Partial<Omit<StaffRow, 'id'>>): Promise<boolean> {
      const result = await db
        .updateTable('admin_utilizadores')
        .set(values)
        .where('id', '=', id)
        .where('totp_ativo', '=', 0)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    /** Takes a TOTP time step as used: false when that step (or a later one) was used already (a replay, or a race). */
    async takeTotpStep(id: number, step: number, now: string): Promise<boolean> {
      const result = await db
        .updateTable('admin_utilizadores')
        .set({ totp_ultimo_passo: step, atualizado_em: now })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('totp_ultimo_passo', 'is', null), eb('totp_ultimo_passo', '<', step)]))
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    // Recovery codes.
    async replaceRecoveryCodes(utilizadorId: number, hashes: string[]) {
      await db.deleteFrom('admin_codigos_recuperacao').where('utilizador_id', '=', utilizadorId).execute()
      await db
        .insertInto('admin_codigos_recuperacao')
        .values(hashes.map((codigo_hash) => ({ utilizador_id: utilizadorId, codigo_hash })))
        .execute()
    },

    unusedRecoveryCodes(utilizadorId: number) {
      return db
        .selectFrom('admin_codigos_recuperacao')
        .select(['id', 'codigo_hash'])
        .where('utilizador_id', '=', utilizadorId)
        .where('usado_em', 'is', null)
        .execute()
    },

    async spendRecoveryCode(id: number, now: string): Promise<boolean> {
      const result = await db
        .updateTable('admin_codigos_recuperacao')
        .set({ usado_em: now })
        .where('id', '=', id)
        .where('usado_em', 'is', null)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    // Sessions.
    async insertSessao(utilizadorId: number, tokenHash: string, segundoFator: boolean, now: string, expira: string) {
      const row = await db
        .insertInto('admin_sessoes')
        .values({
          token_hash: tokenHash,
          utilizador_id: utilizadorId,
          segundo_fator: segundoFator ? 1 : 0,
          criado_em: now,
          ultimo_uso_em: now,
          expira_em: expira,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      return row.id
    },

    /** A live session (not revoked, not past its end, used since `idleSince`) of an account not disabled. */
    findSessao(tokenHash: string, now: string, idleSince: string) {
      return db
        .selectFrom('admin_sessoes')
        .innerJoin('admin_utilizadores', 'admin_utilizadores.id', 'admin_sessoes.utilizador_id')
        .selectAll('admin_utilizadores')
        .select(['admin_sessoes.id as sessao_id', 'admin_sessoes.segundo_fator', 'admin_sessoes.ultimo_uso_em'])
        .where('admin_sessoes.token_hash', '=', tokenHash)
        .where('admin_sessoes.revogada_em', 'is', null)
        .where('admin_sessoes.expira_em', '>', now)
        .where('admin_sessoes.ultimo_uso_em', '>', idleSince)
        .where('admin_utilizadores.desativado_em', 'is', null)
        .executeTakeFirst()
    },

    async touchSessao(id: number, now: string) {
      await db.updateTable('admin_sessoes').set({ ultimo_uso_em: now }).where('id', '=', id).execute()
    },

    async setSegundoFator(id: number) {
      await db.updateTable('admin_sessoes').set({ segundo_fator: 1 }).where('id', '=', id).execute()
    },

    async revokeSessao(id: number, now: string) {
      await db.updateTable('admin_sessoes').set({ revogada_em: now }).where('id', '=', id).execute()
    },

    async revokeSessoesDe(utilizadorId: number, now: string) {
      await db
        .updateTable('admin_sessoes')
        .set({ revogada_em: now })
        .where('utilizador_id', '=', utilizadorId)
        .where('revogada_em', 'is', null)
        .execute()
    },

    /** Housekeeping: sessions that ended (revoked, past their end, or idle) before `endedBefore`. */
    async deleteSessoesEnded(endedBefore: string) {
      await db
        .deleteFrom('admin_sessoes')
        .where((eb) =>
          eb.or([
            eb('revogada_em', '<', endedBefore),
            eb('expira_em', '<', endedBefore),
            eb('ultimo_uso_em', '<', endedBefore),
          ]),
        )
        .execute()
    },

    /** Housekeeping: failures last seen before `quietSince`, with no lock running at `now`. */
    async deleteTentativasBefore(quietSince: string, now: string) {
      await db
        .deleteFrom('admin_tentativas_login')
        .where('atualizado_em', '<', quietSince)
        .where((eb) => eb.or([eb('bloqueado_ate', 'is', null), eb('bloqueado_ate', '<=', now)]))
        .execute()
    },

    // Sign-in failures per e-mail.
    findTentativa(chave: string) {
      return db
        .selectFrom('admin_tentativas_login')
        .select(['falhas', 'bloqueado_ate'])
        .where('chave', '=', chave)
        .executeTakeFirst()
    },

    /** Optimistic, as the customers' (features/conta): false when another attempt counted first or a lock runs. */
    async takeTentativa(chave: string, seen: number | null, lockUntil: string | null, now: string) {
      if (seen === null) {
        const inserted = await db
          .insertInto('admin_tentativas_login')
          .values({ chave, falhas: 1, bloqueado_ate: lockUntil, atualizado_em: now })
          .onConflict((oc) => oc.column('chave').doNothing())
          .executeTakeFirst()
        return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1
      }
      const result = await db
        .updateTable('admin_tentativas_login')
        .set({ falhas: seen + 1, atualizado_em: now, ...(lockUntil ? { bloqueado_ate: lockUntil } : {}) })
        .where('chave', '=', chave)
        .where('falhas', '=', seen)
        .where((eb) => eb.or([eb('bloqueado_ate', 'is', null), eb('bloqueado_ate', '<=', now)]))
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    async clearTentativas(chave: string) {
      await db.deleteFrom('admin_tentativas_login').where('chave', '=', chave).execute()
    },

    // Invitations.
    async insertConvite(utilizadorId: number, tokenHash: string, now: string, expira: string) {
      await db
        .insertInto('admin_convites')
        .values({ utilizador_id: utilizadorId, token_hash: tokenHash, criado_em: now, expira_em: expira })
        .execute()
    },

    findConvite(tokenHash: string, now: string) {
      return db
        .selectFrom('admin_convites')
        .select(['id', 'utilizador_id'])
        .where('token_hash', '=', tokenHash)
        .where('usado_em', 'is', null)
        .where('expira_em', '>', now)
        .executeTakeFirst()
    },

    async spendConvite(id: number, now: string): Promise<boolean> {
      const result = await db
        .updateTable('admin_convites')
        .set({ usado_em: now })
        .where('id', '=', id)
        .where('usado_em', 'is', null)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    /** Ends every invitation of an account still open (disabled, invited again: only the newest link works). */
    async spendConvitesDe(utilizadorId: number, now: string) {
      await db
        .updateTable('admin_convites')
        .set({ usado_em: now })
        .where('utilizador_id', '=', utilizadorId)
        .where('usado_em', 'is', null)
        .execute()
    },

    /** Forgets the customers a store's account found by number (its reach ends with its role, store or access). */
    async deleteEncontradosDe(utilizadorId: number) {
      await db.deleteFrom('admin_clientes_encontrados').where('utilizador_id', '=', utilizadorId).execute()
    },

    async deleteRecoveryCodes(utilizadorId: number) {
      await db.deleteFrom('admin_codigos_recuperacao').where('utilizador_id', '=', utilizadorId).execute()
    },

    // Audit log.
    async insertAuditoria(values: Insertable<AdminAuditoriaTable>) {
      await db.insertInto('admin_auditoria').values(values).execute()
    },

    async listAuditoria(filtro: FiltroAuditoria) {
      let query = db.selectFrom('admin_auditoria')
      if (filtro.utilizadorId !== undefined) query = query.where('utilizador_id', '=', filtro.utilizadorId)
      if (filtro.acao !== undefined) query = query.where('acao', '=', filtro.acao)
      const total = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()
      const itens = await query
        .selectAll()
        .orderBy(filtro.ordenar, filtro.direcao)
        .orderBy('id', filtro.direcao)
        .limit(filtro.porPagina)
        .offset((filtro.pagina - 1) * filtro.porPagina)
        .execute()
      return { itens, total: Number(total.n) }
    },
  }
}

/** The audit log's filters, page and order (the sortable columns of its route). */
export interface FiltroAuditoria extends Ordenacao<'criado_em' | 'acao' | 'email'> {
  utilizadorId?: number
  acao?: string
  pagina: number
  porPagina: number
}

export type AdminRepo = ReturnType<typeof adminRepo>
