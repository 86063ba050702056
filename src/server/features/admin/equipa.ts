import type { z } from 'zod'
import { alcanceMensagens, type ConvidarSchema, type EditarStaffSchema, type Papel } from '../../../shared/admin.ts'
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

const naoExiste = () => new HttpError(404, adminMensagens.naoExiste, 'Não encontrado')

/** A role's reach as the account row keeps it: a gestor's restaurants, a store account's store, an admin's none. */
function colunasDoAlcance(input: z.output<typeof EditarStaffSchema>) {
  return {
    papel: input.papel,
    restaurantes: input.papel === 'gestor' ? JSON.stringify([...new Set(input.restaurantes ?? [])]) : null,
    id_loja: input.papel === 'loja' ? (input.id_loja ?? null) : null,
  }
}

/**
 * The staff accounts: made from the command line or invited by an admin, their role and reach changed, disabled and
 * reactivated by an admin (an address that was disabled can be invited again); the audit log.
 */
export function createAdminEquipa(deps: AdminDeps) {
  const { db, clock, appUrl } = deps
  const repo = adminRepo(db)

  /** 400 with the field's message when the store or a restaurant of a reach does not exist. */
  async function exigirAlcanceExistente(input: z.output<typeof EditarStaffSchema>) {
    if (input.papel === 'loja' && input.id_loja !== undefined) {
      const lojas = await deps.lojas.lojasGestao({ idsLoja: [input.id_loja] })
      if (lojas.length === 0) {
        throw new HttpError(400, alcanceMensagens.lojaNaoExiste, 'Dados inválidos', {
          id_loja: alcanceMensagens.lojaNaoExiste,
        })
      }
    }
    if (input.papel === 'gestor') {
      const existem = new Set((await deps.lojas.listRestaurantes()).map((r) => r.id))
      if ((input.restaurantes ?? []).some((id) => !existem.has(id))) {
        throw new HttpError(400, alcanceMensagens.restauranteNaoExiste, 'Dados inválidos', {
          restaurantes: alcanceMensagens.restauranteNaoExiste,
        })
      }
    }
  }

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

    /**
     * An invited account (no password yet) and its single-use link, e-mailed through the outbox, together. An address
     * whose account was disabled is invited again on the same account (its history stays one person's): a new role
     * and reach, no password, no second factor, no older link that still works.
     */
    async convidar(staff: Staff, input: z.output<typeof ConvidarSchema>, ip: string) {
      await exigirAlcanceExistente(input)
      const existente = await repo.findByEmail(input.email)
      if (existente && existente.desativado_em === null) throw emailExistente()
      const papel: Papel = input.papel
      const token = randomToken()
      const now = isoNow(clock)
      try {
        return await db.transaction().execute(async (trx) => {
          const r = adminRepo(trx)
          let id: number
          let antes: ReturnType<typeof vistaStaff> | null = null
          if (existente) {
            // Read again in the transaction: a reactivation or another invitation may have come first.
            const atual = await r.findById(existente.id)
            if (!atual || atual.desativado_em === null) throw emailExistente()
            antes = vistaStaff(atual)
            id = atual.id
            await r.updateUtilizador(id, {
              ...colunasDoAlcance(input),
              password_hash: null,
              mudar_password: 0,
              totp_segredo: null,
              totp_ativo: 0,
              totp_ultimo_passo: null,
              desativado_em: null,
              atualizado_em: now,
            })
            await r.deleteRecoveryCodes(id)
            await r.deleteEncontradosDe(id)
            await r.spendConvitesDe(id, now)
            await r.revokeSessoesDe(id, now)
          } else {
            id = await r.insertUtilizador({
              email: input.email,
              password_hash: null,
              ...colunasDoAlcance(input),
              papel,
              criado_em: now,
              atualizado_em: now,
            })
          }
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
            acao: existente ? 'utilizador.reconvidar' : 'utilizador.convidar',
            entidade: 'utilizador',
            entidadeId: id,
            ...(antes ? { antes } : {}),
            depois: vista,
          })
          return vista
        })
      } catch (error) {
        if (isUniqueViolation(error)) throw emailExistente()
        throw error
      }
    },

    /**
     * An admin changes a staff member's role and reach. A new role ends the account's sessions (it signs in again,
     * enrolling a second factor if the new role needs one); a new reach applies from its next request.
     */
    async editar(staff: Staff, id: number, input: z.output<typeof EditarStaffSchema>, ip: string) {
      if (id === staff.id) throw new HttpError(400, adminMensagens.proprioPapel, 'Operação não permitida')
      await exigirAlcanceExistente(input)
      return db.transaction().execute(async (trx) => {
        const r = adminRepo(trx)
        const user = await r.findById(id)
        if (!user) throw naoExiste()
        const now = isoNow(clock)
        const alcance = colunasDoAlcance(input)
        await r.updateUtilizador(id, { ...alcance, atualizado_em: now })
        if (user.papel !== input.papel) await r.revokeSessoesDe(id, now)
        // Customers found by number were found for one store: another role or store does not inherit them.
        if (user.papel !== alcance.papel || user.id_loja !== alcance.id_loja) await r.deleteEncontradosDe(id)
        const depois = await r.findById(id)
        if (!depois) throw naoExiste()
        await auditar(trx, clock, atorDe(staff, ip), {
          acao: 'utilizador.editar',
          entidade: 'utilizador',
          entidadeId: id,
          antes: vistaStaff(user),
          depois: vistaStaff(depois),
        })
        return vistaStaff(depois)
      })
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
        if (!user) throw naoExiste()
        if (user.desativado_em !== null) return vistaStaff(user)
        const now = isoNow(clock)
        await r.updateUtilizador(id, { desativado_em: now, atualizado_em: now })
        await r.revokeSessoesDe(id, now)
        await r.spendConvitesDe(id, now)
        await r.deleteEncontradosDe(id)
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

    /**
     * A disabled account signs in again with the password and second factor it had (an invitation it never accepted
     * stays spent: invite the address again for a new link).
     */
    async reativar(staff: Staff, id: number, ip: string) {
      return db.transaction().execute(async (trx) => {
        const r = adminRepo(trx)
        const user = await r.findById(id)
        if (!user) throw naoExiste()
        if (user.desativado_em === null) return vistaStaff(user)
        const now = isoNow(clock)
        await r.updateUtilizador(id, { desativado_em: null, atualizado_em: now })
        const depois = await r.findById(id)
        if (!depois) throw naoExiste()
        await auditar(trx, clock, atorDe(staff, ip), {
          acao: 'utilizador.reativar',
          entidade: 'utilizador',
          entidadeId: id,
          antes: vistaStaff(user),
          depois: vistaStaff(depois),
        })
        return vistaStaff(depois)
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
