import {
  type AceitarTermos,
  type TextoPorAceitar,
  type TipoTextoAceite,
  termosMensagens,
} from '../../../shared/termos.ts'
import { isoNow } from '../../platform/clock.ts'
import type { Database } from '../../platform/db.ts'
import { HttpError } from '../../platform/errors.ts'
import type { Sessao } from '../../platform/sessions.ts'
import type { ContaContext, Utilizador } from './context.ts'
import { registarConsentimento } from './direitos.ts'

/**
 * Terms and privacy accepted again (docs/decisions/0033). A relevant change of a text (the content feature's) asks every
 * customer whose registration is complete to accept it; an acceptance recorded after the change was published answers
 * it (the consent history keeps the version read and the moment). A customer who completes the registration after the
 * change accepts it there, and is not asked twice.
 */

/**
 * Which of the texts' relevant changes (`alteracoes`, the content feature's, read before any transaction: a query on
 * the pool inside one would wait on SQLite's one connection) this customer has not accepted, read with `ex`.
 */
async function porAceitar(
  ex: Database,
  user: Pick<Utilizador, 'id' | 'registo_completo_em'>,
  alteracoes: TextoPorAceitar[],
): Promise<TextoPorAceitar[]> {
  // A registration not complete has accepted nothing yet: it accepts the texts as they are when it completes.
  if (user.registo_completo_em === null || alteracoes.length === 0) return []
  const aceites = await ex
    .selectFrom('consentimentos')
    .select(['tipo', 'registado_em'])
    .where('utilizador_id', '=', user.id)
    .where(
      'tipo',
      'in',
      alteracoes.map((a) => a.tipo),
    )
    .where('valor', '=', 1)
    .execute()
  return alteracoes.filter((a) => !aceites.some((c) => c.tipo === a.tipo && c.registado_em >= a.publicado_em))
}

export function createTermosConta(ctx: ContaContext) {
  const { db, clock, unitOfWork, requireUser, alteracoesLegais } = ctx
  const pendentesDe = async (user: Pick<Utilizador, 'id' | 'registo_completo_em'>) =>
    user.registo_completo_em === null ? [] : porAceitar(db, user, await alteracoesLegais())

  return {
    /** What the customer's private data says they must accept before going on ([] when nothing). */
    termosPorAceitar: pendentesDe,

    /** Refuses (409) what waits for the acceptance: ordering (the checkout). */
    async exigirTermosAceites(user: Pick<Utilizador, 'id' | 'registo_completo_em'>): Promise<void> {
      const pendentes = await pendentesDe(user)
      if (pendentes.length > 0) {
        throw new HttpError(409, termosMensagens.porAceitar(pendentes.map((p) => p.tipo)), 'Novos termos')
      }
    },

    /**
     * `POST /api/aceita-termos`: records the acceptance of each version read, once. Idempotent: a text already accepted
     * (a second tap, a second device) records nothing more. A version other than the one now published (changed while
     * the dialog was open) is refused (409): the customer reads the new one.
     */
    async aceitarTermos(sessao: Sessao, input: AceitarTermos): Promise<void> {
      const user = await requireUser(sessao)
      if (user.registo_completo_em === null) throw new HttpError(409, termosMensagens.registoIncompleto, 'Novos termos')
      const alteracoes = await alteracoesLegais()
      await unitOfWork(async ({ conta, trx }) => {
        const agora = isoNow(clock)
        // The account's row lock first: two acceptances at once (two devices) record one, on both databases.
        await conta.updateUtilizador(user.id, { atualizado_em: agora })
        const pendentes = new Map<TipoTextoAceite, TextoPorAceitar>(
          (await porAceitar(trx, user, alteracoes)).map((p) => [p.tipo, p]),
        )
        for (const { tipo, versao } of input.textos) {
          const pendente = pendentes.get(tipo)
          if (!pendente) continue
          if (pendente.versao !== versao) throw new HttpError(409, termosMensagens.versaoMudou, 'Novos termos')
          await registarConsentimento(trx, user.id, tipo, versao, true, agora, 'termos')
        }
      })
    },
  }
}
