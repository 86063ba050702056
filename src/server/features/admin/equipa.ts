import type { z } from 'zod'
import type { ConvidarSchema, Papel } from '../../../shared/admin.ts'
import { isoIn, isoNow } from '../../platform/clock.ts'
import { hashSecret, randomToken, sha256 } from '../../platform/crypto.ts'
import { isUniqueViolation } from '../../platform/db.ts'
import { comporEmail, enfileirarEmail } from '../../platform/email.ts'
import { HttpError } from '../../platform/errors.ts'
import {
  ADMIN_LIMITES,
  type AdminDeps,
  type Ator,
  adminMensagens,
  atorDe,
  auditar,
  type Staff,
  vistaStaff,
} from './context.ts'
import { adminRepo, type FiltroAuditoria } from './repository.ts'

const emailExistente = () =>
  new HttpError(409, adminMensagens.emailExistente, 'Email em uso', { email: adminMensagens.emailExistente })

/** The staff accounts: made from the command line or invited by an admin, disabled by an admin; the audit log. */
export function createAdminEquipa(deps: AdminDeps) {
  const { db, clock, appUrl } = deps
  const repo = adminRepo(db)

  return {
    /**
     * `npm run admin:create`: an admin with a random one-time password, to be changed at the first sign-in (the
     * password is returned once and only its hash is kept).
     */
    async criarAdmin(endereco: string): Promise<{ id: number; password: string }> {
      const email = endereco.trim().toLowerCase()
      if (await repo.findByEmail(email)) throw emailExistente()
      const password = randomToken(12)
      const hash = await hashSecret(password)
      const now = isoNow(clock)
      try {
        const id = await db.transaction().execute(async (trx) => {
          const novo = await adminRepo(trx).insertUtilizador({
            email,
            password_hash: hash,
            papel: 'admin',
            mudar_password: 1,
            criado_em: now,
            atualizado_em: now,
          })
          const user = await adminRepo(trx).findById(novo)
          const ator: Ator = { id: null, email: null, ip: null }
          await auditar(trx, clock, ator, {
            acao: 'utilizador.criar',
            entidade: 'utilizador',
            entidadeId: novo,
            depois: user && vistaStaff(user),
          })
          return novo
        })
        return { id, password }
      } catch (error) {
        if (isUniqueViolation(error)) throw emailExistente()
        throw error
      }
    },

    async listar() {
      return (await repo.listUtilizadores()).map(vistaStaff)
    },

    /** An invited account (no password yet) and its single-use link, e-mailed through the outbox, together. */
    async convidar(staff: Staff, input: z.output<typeof ConvidarSchema>, ip: string) {
      if (await repo.findByEmail(input.email)) throw emailExistente()
      const papel: Papel = input.papel
      const token = randomToken()
      const now = isoNow(clock)
      try {
        return await db.transaction().execute(async (trx) => {
          const r = adminRepo(trx)
          const id = await r.insertUtilizador({
            email: input.email,
            password_hash: null,
            papel,
            restaurantes: papel === 'gestor' ? JSON.stringify(input.restaurantes ?? []) : null,
            id_loja: papel === 'loja' ? (input.id_loja ?? null) : null,
            criado_em: now,
            atualizado_em: now,
          })
          await r.insertConvite(id, sha256(token), now, isoIn(clock, ADMIN_LIMITES.conviteMs))
          const url = `${appUrl.replace(/\/$/, '')}/admin/convite/${token}`
          await enfileirarEmail(
            trx,
            comporEmail(input.email, 'Convite para o back-office do Balcão', [
              `Foi convidado por ${staff.email} para o back-office do Balcão.`,
              { texto: 'Definir a palavra-passe', url },
              'O link é válido durante 7 dias e só pode ser usado uma vez.',
            ]),
            clock,
          )
          const user = await r.findById(id)
          const vista = user ? vistaStaff(user) : null
          await auditar(trx, clock, atorDe(staff, ip), {
            acao: 'utilizador.convidar',
            entidade: 'utilizador',
            entidadeId: id,
            depois: vista,
          })
          return vista
        })
      } catch (error) {
        if (isUniqueViolation(error)) throw emailExistente()
        throw error
      }
    },

    /** The invited person sets a password through the link (once); then signs in as anyone else. */
    async aceitarConvite(token: string, nova: string, ip: string) {
      const convite = await repo.findConvite(sha256(token), isoNow(clock))
      const user = convite && (await repo.findById(convite.utilizador_id))
      if (!convite || !user || user.desativado_em !== null) {
        throw new HttpError(400, adminMensagens.convite, 'Convite inválido')
      }
      const hash = await hashSecret(nova)
      await db.transaction().execute(async (trx) => {
        const r = adminRepo(trx)
        const now = isoNow(clock)
        if (!(await r.spendConvite(convite.id, now)))
          throw new HttpError(400, adminMensagens.convite, 'Convite inválido')
        await r.updateUtilizador(user.id, { password_hash: hash, mudar_password: 0, atualizado_em: now })
        await auditar(trx, clock, atorDe(user, ip), {
          acao: 'convite.aceitar',
          entidade: 'utilizador',
          entidadeId: user.id,
          antes: { convite_pendente: true },
          depois: { convite_pendente: false },
        })
      })
    },

    /** A disabled account signs in no more, and its sessions end now. */
    async desativar(staff: Staff, id: number, ip: string) {
      if (id === staff.id) throw new HttpError(400, adminMensagens.proprio, 'Operação não permitida')
      return db.transaction().execute(async (trx) => {
        const r = adminRepo(trx)
        const user = await r.findById(id)
        if (!user) throw new HttpError(404, 'Utilizador não encontrado.', 'Não encontrado')
        if (user.desativado_em !== null) return vistaStaff(user)
        const now = isoNow(clock)
        await r.updateUtilizador(id, { desativado_em: now, atualizado_em: now })
        await r.revokeSessoesDe(id, now)
        const depois = await r.findById(id)
        await auditar(trx, clock, atorDe(staff, ip), {
          acao: 'utilizador.desativar',
          entidade: 'utilizador',
          entidadeId: id,
          antes: vistaStaff(user),
          depois: depois && vistaStaff(depois),
        })
        return depois ? vistaStaff(depois) : vistaStaff(user)
      })
    },

    async auditoria(filtro: FiltroAuditoria) {
      const { itens, total } = await repo.listAuditoria(filtro)
      return {
        total,
        pagina: filtro.pagina,
        por_pagina: filtro.porPagina,
        itens: itens.map((i) => ({
          id: i.id,
          utilizador_id: i.utilizador_id,
          email: i.email,
          acao: i.acao,
          entidade: i.entidade,
          entidade_id: i.entidade_id,
          antes: i.antes,
          depois: i.depois,
          ip: i.ip,
          criado_em: i.criado_em,
        })),
      }
    },
  }
}

export type AdminEquipa = ReturnType<typeof createAdminEquipa>
