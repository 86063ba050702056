import type { Selectable } from 'kysely'
import type {
  DefinicoesInformacaoConsumidor,
  InformacaoConsumidorEdicaoDados,
} from '../../../shared/admin-definicoes.ts'
import { INFORMACAO_CONSUMIDOR_PREDEFINIDA, type InformacaoConsumidor } from '../../../shared/informacao-consumidor.ts'
import type { InformacaoConsumidorTable } from '../../db/schema.ts'
import { type Clock, isoNow } from '../../platform/clock.ts'
import type { Database, DatabaseTransaction } from '../../platform/db.ts'
import { CONTEUDOS_CACHE_TAGS } from './routes.ts'

/** Told inside the change's transaction (the back-office's audit entry), with the values before and after. */
export type RegistoInformacaoConsumidor = (
  trx: DatabaseTransaction,
  antes: InformacaoConsumidorEdicaoDados,
  depois: InformacaoConsumidorEdicaoDados,
) => Promise<void>

export interface InformacaoConsumidorDeps {
  db: Database
  clock: Clock
  /** Called after each commit with the cache tag of what changed. */
  invalidar: (tag: string) => void
}

const PREDEFINIDA: InformacaoConsumidorEdicaoDados = {
  ral_nome: INFORMACAO_CONSUMIDOR_PREDEFINIDA.ral.nome,
  ral_sitio: INFORMACAO_CONSUMIDOR_PREDEFINIDA.ral.sitio,
  ral_aderiu: INFORMACAO_CONSUMIDOR_PREDEFINIDA.ral.aderiu,
  email_acessibilidade: INFORMACAO_CONSUMIDOR_PREDEFINIDA.acessibilidade.email,
}

const dados = (row: Selectable<InformacaoConsumidorTable> | undefined): InformacaoConsumidorEdicaoDados =>
  row
    ? {
        ral_nome: row.ral_nome,
        ral_sitio: row.ral_sitio,
        ral_aderiu: Number(row.ral_aderiu) === 1,
        email_acessibilidade: row.email_acessibilidade,
      }
    : PREDEFINIDA

/** The columns as stored (`ral_aderiu` 0/1, as the other flags of both databases). */
const colunas = (d: InformacaoConsumidorEdicaoDados) => ({ ...d, ral_aderiu: d.ral_aderiu ? 1 : 0 })

/**
 * What the consumer is told about disputes and accessibility (decision 0039): one row of `informacao_consumidor`,
 * the defaults until an admin sets it. The legal information and the accessibility statement read it through the
 * public read cache, which forgets it after each change's commit.
 */
export function createInformacaoConsumidor({ db, clock, invalidar }: InformacaoConsumidorDeps) {
  const linha = (ex: Database) =>
    ex.selectFrom('informacao_consumidor').selectAll().where('id', '=', 1).executeTakeFirst()

  return {
    /** As customers read it (`GET /api/informacao-consumidor`). */
    async publica(): Promise<InformacaoConsumidor> {
      const d = dados(await linha(db))
      return {
        ral: { nome: d.ral_nome, sitio: d.ral_sitio, aderiu: d.ral_aderiu },
        acessibilidade: { email: d.email_acessibilidade },
      }
    },

    /** As 'Definições' shows it. */
    async ler(): Promise<DefinicoesInformacaoConsumidor> {
      const row = await linha(db)
      return { atuais: dados(row), predefinidas: PREDEFINIDA, alterado_em: row?.alterado_em ?? null }
    },

    /** Sets it; `registar` writes the audit entry in the same transaction, with what it replaced. */
    async definir(
      novos: InformacaoConsumidorEdicaoDados,
      registar: RegistoInformacaoConsumidor,
    ): Promise<DefinicoesInformacaoConsumidor> {
      const alteradoEm = isoNow(clock)
      const resultado = await db.transaction().execute(async (trx) => {
        // The row made first (as the defaults) and locked by an update before it is read: two changes at once each
        // record, as their 'before', what the other left.
        await trx
          .insertInto('informacao_consumidor')
          .values({ id: 1, ...colunas(PREDEFINIDA), alterado_em: alteradoEm })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute()
        await trx.updateTable('informacao_consumidor').set({ id: 1 }).where('id', '=', 1).execute()
        const antes = dados(await linha(trx))
        await trx
          .updateTable('informacao_consumidor')
          .set({ ...colunas(novos), alterado_em: alteradoEm })
          .where('id', '=', 1)
          .execute()
        await registar(trx, antes, novos)
        return { atuais: novos, predefinidas: PREDEFINIDA, alterado_em: alteradoEm }
      })
      invalidar(CONTEUDOS_CACHE_TAGS.informacaoConsumidor)
      return resultado
    },
  }
}

export type InformacaoConsumidorGestao = ReturnType<typeof createInformacaoConsumidor>
