import type { DefinicoesFidelizacao, RegrasFidelizacaoDados } from '../../../shared/admin-definicoes.ts'
import { isoNow } from '../../platform/clock.ts'
import type { DatabaseTransaction } from '../../platform/db.ts'
import type { FidelizacaoContext } from './context.ts'
import type { Regras } from './ledger.ts'

/** Told inside the change's transaction (the back-office's audit entry), with the rules before and after. */
export type RegistoRegras = (
  trx: DatabaseTransaction,
  antes: RegrasFidelizacaoDados,
  depois: RegrasFidelizacaoDados,
) => Promise<void>

const dados = (r: Regras, validadeMeses = 0): RegrasFidelizacaoDados => ({
  credito_percent: r.creditoPercent,
  pontos_por_euro: r.pontosPorEuro,
  patamar: r.patamar,
  validade_meses: validadeMeses,
})

/**
 * The loyalty rules as the back-office changes them: one row of `fidelizacao_regras`, the environment's
 * values until an admin sets it. Purchases read it in their own transaction (context.ts `regrasAtuais`), so a change
 * applies to the next purchase in every process, and each movement keeps the rules it used.
 */
export function createRegras(ctx: FidelizacaoContext) {
  const { db, clock, regras: predefinidas, regrasAtuais } = ctx

  return {
    async ler(): Promise<DefinicoesFidelizacao> {
      const [atuais, row] = await Promise.all([
        regrasAtuais(),
        db
          .selectFrom('fidelizacao_regras')
          .select(['alterado_em', 'validade_meses'])
          .where('id', '=', 1)
          .executeTakeFirst(),
      ])
      return {
        atuais: dados(atuais, row?.validade_meses),
        predefinidas: dados(predefinidas),
        alterado_em: row?.alterado_em ?? null,
      }
    },

    /** Sets the rules from the next purchase on; `registar` writes the audit entry in the same transaction. */
    async definir(novas: RegrasFidelizacaoDados, registar: RegistoRegras): Promise<DefinicoesFidelizacao> {
      const alteradoEm = isoNow(clock)
      const valores = {
        taxa_credito: Math.round(novas.credito_percent * 100),
        pontos_por_euro: novas.pontos_por_euro,
        patamar: novas.patamar,
        alterado_em: alteradoEm,
      }
      return db.transaction().execute(async (trx) => {
        // The row made first (as the defaults), so that two changes at once wait on one another's row lock.
        const atuais = await regrasAtuais(trx)
        const validadeAntes =
          (await trx.selectFrom('fidelizacao_regras').select('validade_meses').where('id', '=', 1).executeTakeFirst())
            ?.validade_meses ?? 0
        // Unsaid, the expiry stays as it is (a form of the rules alone does not switch it off).
        const validade = novas.validade_meses ?? validadeAntes
        await trx
          .insertInto('fidelizacao_regras')
          .values({
            id: 1,
            taxa_credito: Math.round(atuais.creditoPercent * 100),
            pontos_por_euro: atuais.pontosPorEuro,
            patamar: atuais.patamar,
            alterado_em: alteradoEm,
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute()
        await trx
          .updateTable('fidelizacao_regras')
          .set({
            ...valores,
            // Only when it is named: a change of the other rules never writes back a months value read before it.
            ...(novas.validade_meses === undefined ? {} : { validade_meses: validade }),
            // Switched on or shortened: nothing expires before the customers could be told (decision 0058).
            ...(validade > 0 && (validadeAntes === 0 || validade < validadeAntes)
              ? { validade_desde: alteradoEm }
              : {}),
          })
          .where('id', '=', 1)
          .execute()
        const depois: RegrasFidelizacaoDados = {
          credito_percent: valores.taxa_credito / 100,
          pontos_por_euro: valores.pontos_por_euro,
          patamar: valores.patamar,
          validade_meses: validade,
        }
        await registar(trx, dados(atuais, validadeAntes), depois)
        return { atuais: depois, predefinidas: dados(predefinidas), alterado_em: alteradoEm }
      })
    },
  }
}
