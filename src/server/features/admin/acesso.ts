import { type Pendente, RECOVERY_CODES } from '../../../shared/admin.ts'
import { aadTotpEquipa } from '../../platform/chave-dados.ts'
import { DAY, isoIn, isoNow, MINUTE } from '../../platform/clock.ts'
import { hashSecret, openText, randomToken, sealText, sha256, verifySecret } from '../../platform/crypto.ts'
import type { DatabaseTransaction } from '../../platform/db.ts'
import { HttpError, TooManyRequests } from '../../platform/errors.ts'
import { ipKey } from '../../platform/rate-limit.ts'
import {
  ADMIN_LIMITES,
  type AdminDeps,
  adminMensagens,
  atorDe,
  auditar,
  pendenteDe,
  type Staff,
  vistaStaff,
} from './context.ts'
import { adminRepo, type StaffRow } from './repository.ts'
import {
  normalizarCodigoRecuperacao,
  novoCodigoRecuperacao,
  novoSegredoTotp,
  passoDoCodigo,
  qrTotp,
  uriTotp,
} from './totp.ts'

const minutos = (ms: number) => Math.max(1, Math.ceil(ms / MINUTE))
/** Where a TOTP secret is sealed: a copy moved to another account does not open (the data key's check opens it too). */
const aadTotp = aadTotpEquipa

/** Signing in to the back-office: password (with its locks), then the second factor; sessions; the password change. */
export function createAdminAcesso(deps: AdminDeps) {
  const { db, clock, limiter, cifra } = deps
  const repo = adminRepo(db)

  let decoy: Promise<string> | undefined
  const hashDe = (user: StaffRow | undefined) => {
    if (user?.password_hash) return user.password_hash
    decoy ??= hashSecret(randomToken())
    return decoy
  }

  const bloqueada = (ate: string) => {
    const ms = new Date(ate).getTime() - clock.now().getTime()
    return new TooManyRequests(ms, adminMensagens.bloqueada(minutos(ms)), 'Conta bloqueada')
  }

  /** Counts the attempt on the e-mail before the password is checked (parallel guesses cannot outrun the lock). */
  async function tomarTentativa(chave: string): Promise<string | null> {
    for (let tries = 0; tries < 4; tries++) {
      const now = clock.now()
      const seen = await repo.findTentativa(chave)
      if (seen?.bloqueado_ate && seen.bloqueado_ate > now.toISOString()) throw bloqueada(seen.bloqueado_ate)
      const over = (seen?.falhas ?? 0) + 1 - ADMIN_LIMITES.falhasAntesDoBloqueio
      const lockUntil =
        over >= 0
          ? new Date(
              now.getTime() + Math.min(ADMIN_LIMITES.primeiroBloqueioMs * 2 ** over, ADMIN_LIMITES.bloqueioMaxMs),
            ).toISOString()
          : null
      if (await repo.takeTentativa(chave, seen?.falhas ?? null, lockUntil, now.toISOString())) return lockUntil
    }
    throw new TooManyRequests(MINUTE)
  }

  async function novaSessao(executor: typeof db, userId: number, segundoFator: boolean) {
    const token = randomToken()
    const sessaoId = await adminRepo(executor).insertSessao(
      userId,
      sha256(token),
      segundoFator,
      isoNow(clock),
      isoIn(clock, ADMIN_LIMITES.sessaoMaxMs),
    )
    return { token, sessaoId }
  }

  const staffDe = (user: StaffRow, sessaoId: number, segundoFator: boolean): Staff => {
    const v = vistaStaff(user)
    return {
      id: user.id,
      sessaoId,
      email: user.email,
      papel: v.papel,
      restaurantes: v.restaurantes,
      idLoja: user.id_loja,
      pendente: pendenteDe(user, segundoFator),
    }
  }

  function exigirPasso(staff: Staff, passo: Pendente | null) {
    if (staff.pendente !== passo) throw new HttpError(403, adminMensagens.passo, 'Passo em falta')
  }

  /**
   * A wrong password in the audit log (never the password): the account when the e-mail is one (else the e-mail as
   * typed), the address and its network's key (what the sign-in's limit counts), and why it failed.
   */
  async function auditarFalhaPassword(
    acao: 'sessao.password_falhada' | 'password.alterar_falhada',
    conta: { id: number | null; email: string },
    ip: string,
    motivo: 'email_desconhecido' | 'password_errada' | 'conta_desativada',
  ) {
    await db.transaction().execute((trx) =>
      auditar(
        trx,
        clock,
        { id: conta.id, email: conta.email, ip },
        {
          acao,
          entidade: 'utilizador',
          entidadeId: conta.id,
          depois: { motivo, rede: ipKey('admin-entrar-falhas', ip) },
        },
      ),
    )
  }

  /** Second-factor codes: a ceiling per account per 15 minutes, counted before the check (ADMIN_LIMITES). */
  async function contarCodigo(userId: number) {
    const hit = await limiter.hit(`admin-codigo:${userId}`, ADMIN_LIMITES.codigosPorConta)
    if (!hit.allowed) throw new TooManyRequests(hit.retryAfterMs)
  }

  return {
    async entrar(email: string, password: string, ip: string): Promise<{ token: string; staff: Staff }> {
      const ipLimit = ipKey('admin-entrar-falhas', ip)
      const falhasIp = await limiter.count(ipLimit, ADMIN_LIMITES.falhasPorIp)
      if (falhasIp.count >= ADMIN_LIMITES.falhasPorIp.max) throw new TooManyRequests(falhasIp.retryAfterMs)
      const lockUntil = await tomarTentativa(email)
      const user = await repo.findByEmail(email)
      const ok = await verifySecret(password, await hashDe(user))
      if (!user || !ok || user.desativado_em !== null) {
        await limiter.hit(ipLimit, ADMIN_LIMITES.falhasPorIp)
        const motivo = !user ? 'email_desconhecido' : !ok ? 'password_errada' : 'conta_desativada'
        await auditarFalhaPassword('sessao.password_falhada', { id: user?.id ?? null, email }, ip, motivo)
        if (lockUntil) throw bloqueada(lockUntil)
        throw new HttpError(401, adminMensagens.credenciais, 'Não foi possível entrar')
      }
      await repo.clearTentativas(email)
      const { token, sessaoId } = await db.transaction().execute(async (trx) => {
        const nova = await novaSessao(trx, user.id, false)
        await auditar(trx, clock, atorDe(user, ip), {
          acao: 'sessao.entrar',
          entidade: 'sessao',
          entidadeId: nova.sessaoId,
        })
        return nova
      })
      return { token, staff: staffDe(user, sessaoId, false) }
    },

    /** The staff member behind a session token, the session kept alive (idle expiry slides). */
    async sessao(token: string): Promise<Staff | undefined> {
      const now = clock.now()
      const row = await repo.findSessao(
        sha256(token),
        now.toISOString(),
        new Date(now.getTime() - ADMIN_LIMITES.idleMs).toISOString(),
      )
      if (!row) return undefined
      // The idle clock restarts with use, written at most once a minute (reads do not each cost a write).
      if (now.getTime() - new Date(row.ultimo_uso_em).getTime() >= MINUTE) {
        await repo.touchSessao(row.sessao_id, now.toISOString())
      }
      return staffDe(row, row.sessao_id, row.segundo_fator === 1)
    },

    /**
     * Housekeeping (jobs.ts, hourly): sessions ended a month ago (kept that long beside the audit log), failures on an
     * e-mail quiet for a day with no lock running. Deletes by age: safe to run twice, or in several processes.
     */
    async purgar() {
      const now = clock.now()
      await repo.deleteSessoesEnded(new Date(now.getTime() - 30 * DAY).toISOString())
      await repo.deleteTentativasBefore(new Date(now.getTime() - DAY).toISOString(), now.toISOString())
    },

    async sair(staff: Staff, ip: string) {
      await db.transaction().execute(async (trx) => {
        await adminRepo(trx).revokeSessao(staff.sessaoId, isoNow(clock))
        await auditar(trx, clock, atorDe(staff, ip), {
          acao: 'sessao.sair',
          entidade: 'sessao',
          entidadeId: staff.sessaoId,
        })
      })
    },

    /** Every session of the account ends (this one too); the device gets a new one, with what this one had proved. */
    async alterarPassword(staff: Staff, atual: string, nova: string, ip: string) {
      if (staff.pendente !== null && staff.pendente !== 'alterar_password') exigirPasso(staff, 'alterar_password')
      // A session left open is not a way to guess the password: wrong ones count towards the sign-in's lock.
      const lockUntil = await tomarTentativa(staff.email)
      const user = await repo.findById(staff.id)
      if (!user || !(await verifySecret(atual, user.password_hash))) {
        await auditarFalhaPassword('password.alterar_falhada', staff, ip, 'password_errada')
        if (lockUntil) throw bloqueada(lockUntil)
        throw new HttpError(400, adminMensagens.passwordAtual, 'Palavra-passe incorreta', {
          atual: adminMensagens.passwordAtual,
        })
      }
      await repo.clearTentativas(staff.email)
      const hash = await hashSecret(nova)
      const segundoFator = staff.pendente === null || staff.pendente === 'alterar_password'
      return db.transaction().execute(async (trx) => {
        const r = adminRepo(trx)
        const now = isoNow(clock)
        await r.updateUtilizador(user.id, { password_hash: hash, mudar_password: 0, atualizado_em: now })
        await r.revokeSessoesDe(user.id, now)
        const sessao = await novaSessao(trx, user.id, segundoFator && user.totp_ativo === 1)
        await auditar(trx, clock, atorDe(staff, ip), {
          acao: 'password.alterar',
          entidade: 'utilizador',
          entidadeId: user.id,
          antes: { mudar_password: user.mudar_password === 1 },
          depois: { mudar_password: false },
        })
        return sessao.token
      })
    },

    /** The enrolment's secret, sealed on the account until a code confirms it (a new start replaces it). */
    async iniciarTotp(staff: Staff, ip: string) {
      exigirPasso(staff, 'inscrever_totp')
      const segredo = novoSegredoTotp()
      await db.transaction().execute(async (trx) => {
        const feito = await adminRepo(trx).updateAntesDoTotp(staff.id, {
          totp_segredo: sealText(cifra, segredo, aadTotp(staff.id)),
          totp_ultimo_passo: null,
          atualizado_em: isoNow(clock),
        })
        if (!feito) throw new HttpError(403, adminMensagens.passo, 'Passo em falta')
        await auditar(trx, clock, atorDe(staff, ip), {
          acao: 'totp.iniciar',
          entidade: 'utilizador',
          entidadeId: staff.id,
        })
      })
      const uri = uriTotp(staff.email, segredo)
      return { segredo, uri, qr: await qrTotp(uri) }
    },

    /** A first good code enrols the account and opens this session; the recovery codes are shown this once. */
    async confirmarTotp(staff: Staff, codigo: string, ip: string): Promise<string[]> {
      exigirPasso(staff, 'inscrever_totp')
      await contarCodigo(staff.id)
      const user = await repo.findById(staff.id)
      const segredo = user?.totp_segredo ? openText(cifra, user.totp_segredo, aadTotp(staff.id)) : null
      const passo = segredo ? await passoDoCodigo(segredo, codigo, clock) : null
      if (!user || passo === null)
        throw new HttpError(400, adminMensagens.codigo, 'Código inválido', { codigo: adminMensagens.codigo })
      const codigos = Array.from({ length: RECOVERY_CODES }, novoCodigoRecuperacao)
      const hashes = await Promise.all(codigos.map((c) => hashSecret(c)))
      await db.transaction().execute(async (trx) => {
        const r = adminRepo(trx)
        if (!(await r.takeTotpStep(user.id, passo, isoNow(clock)))) {
          throw new HttpError(400, adminMensagens.codigo, 'Código inválido', { codigo: adminMensagens.codigo })
        }
        if (!(await r.updateAntesDoTotp(user.id, { totp_ativo: 1, atualizado_em: isoNow(clock) }))) {
          throw new HttpError(403, adminMensagens.passo, 'Passo em falta')
        }
        await r.replaceRecoveryCodes(user.id, hashes)
        await r.setSegundoFator(staff.sessaoId)
        await auditar(trx, clock, atorDe(staff, ip), {
          acao: 'totp.inscrever',
          entidade: 'utilizador',
          entidadeId: user.id,
          antes: { totp_ativo: false },
          depois: { totp_ativo: true, codigos_recuperacao: RECOVERY_CODES },
        })
      })
      return codigos
    },

    /**
     * The second factor of a sign-in: a TOTP code not used before, or one of the recovery codes (each once). Answers the
     * token of the full session that replaces the pending one.
     */
    async verificarTotp(staff: Staff, codigo: string, ip: string): Promise<string> {
      exigirPasso(staff, 'verificar_totp')
      await contarCodigo(staff.id)
      // Wrong codes lock the account as wrong passwords do (five, then a lock that doubles up to a day), counted
      // before the check and apart from the password's (whose success clears its own count): whoever has the password
      // cannot go on guessing six digits at the window's pace for weeks.
      const chave = `segundo-fator:${staff.email}`
      const lockUntil = await tomarTentativa(chave)
      const user = await repo.findById(staff.id)
      if (!user?.totp_segredo) throw new HttpError(400, adminMensagens.codigo, 'Código inválido')
      // Why, when it is not a wrong code: a recovery code spent meanwhile is a double click, not a guess.
      const falhou = (trx: DatabaseTransaction, motivo?: 'codigo_ja_usado') =>
        auditar(trx, clock, atorDe(staff, ip), {
          acao: 'sessao.segundo_fator_falhado',
          entidade: 'sessao',
          entidadeId: staff.sessaoId,
          ...(motivo ? { depois: { motivo } } : {}),
        })
      const recusa = () =>
        lockUntil
          ? bloqueada(lockUntil)
          : new HttpError(400, adminMensagens.codigo, 'Código inválido', { codigo: adminMensagens.codigo })
      const invalido = async () => {
        await db.transaction().execute((trx) => falhou(trx))
        return recusa()
      }
      const now = isoNow(clock)
      let meio: 'totp' | 'recuperacao'
      let recuperacao: number | undefined
      if (/^\d{6}$/.test(codigo)) {
        const passo = await passoDoCodigo(openText(cifra, user.totp_segredo, aadTotp(user.id)), codigo, clock)
        if (passo === null || !(await repo.takeTotpStep(user.id, passo, now))) throw await invalido()
        meio = 'totp'
      } else {
        const normalizado = normalizarCodigoRecuperacao(codigo)
        if (!normalizado) throw await invalido()
        // The hash is checked before the transaction (scrypt is slow); the code is spent inside it, with the session.
        let achado: number | undefined
        for (const guardado of await repo.unusedRecoveryCodes(user.id)) {
          if (await verifySecret(normalizado, guardado.codigo_hash)) {
            achado = guardado.id
            break
          }
        }
        if (achado === undefined) throw await invalido()
        recuperacao = achado
        meio = 'recuperacao'
      }
      await repo.clearTentativas(chave)
      // A new session token once the sign-in is complete (the pending one ends): a token seen before the second factor
      // never becomes a full session.
      const token = await db.transaction().execute(async (trx) => {
        const r = adminRepo(trx)
        // The same code spent meanwhile (a double click): the refusal is audited in this transaction, which commits
        // only that; the error is thrown after it.
        if (recuperacao !== undefined && !(await r.spendRecoveryCode(recuperacao, now))) {
          await falhou(trx, 'codigo_ja_usado')
          return null
        }
        await r.revokeSessao(staff.sessaoId, now)
        const nova = await novaSessao(trx, user.id, true)
        await auditar(trx, clock, atorDe(staff, ip), {
          acao: meio === 'totp' ? 'sessao.segundo_fator' : 'sessao.codigo_recuperacao',
          entidade: 'sessao',
          entidadeId: nova.sessaoId,
        })
        return nova.token
      })
      if (token === null) throw recusa()
      return token
    },
  }
}

export type AdminAcesso = ReturnType<typeof createAdminAcesso>
