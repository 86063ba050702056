import type { DefinicaoPremio, Premio, PremioDados } from '../../../shared/premios.ts'
import { isoNow } from '../../platform/clock.ts'
import type { DatabaseTransaction } from '../../platform/db.ts'
import { imagemExistente } from '../../platform/images.ts'
import type { FidelizacaoContext } from './context.ts'
import { premioDe } from './premio-campos.ts'

/** Told inside the change's transaction (the back-office's audit entry), with the reward before and after. */
export type RegistoPremio = (trx: DatabaseTransaction, antes: Premio | null, depois: Premio) => Promise<void>

/**
 * The programme's reward as the back-office defines it (decision 0051). A change is a new definition, never an edit of
 * the old one: a purchase names the definition it redeemed, and the rewards customers hold are the new one from then.
 */
export function createPremios(ctx: FidelizacaoContext) {
  const { db, clock, premioAtual } = ctx

  return {
    async ler(): Promise<DefinicaoPremio> {
      const atual = await premioAtual()
      return { atual: atual && premioDe(atual), definido_em: atual?.criado_em ?? null }
    },

    async definir(dados: PremioDados, registar: RegistoPremio): Promise<DefinicaoPremio> {
      if (dados.imagem !== null) await imagemExistente(db, dados.imagem)
      const criadoEm = isoNow(clock)
      return db.transaction().execute(async (trx) => {
        const antes = await premioAtual(trx)
        const novo = await trx
          .insertInto('premios')
          .values({
            finalidade: 'pontos',
            nome: dados.nome,
            tipo: dados.tipo,
            // A product given takes nothing off the bill.
            valor: dados.tipo === 'valor' ? dados.valor : 0,
            cod_produto: dados.cod_produto,
            imagem: dados.imagem,
            criado_em: criadoEm,
          })
          .returning(['id', 'nome', 'tipo', 'valor', 'cod_produto', 'imagem', 'criado_em'])
          .executeTakeFirstOrThrow()
        await registar(trx, antes && premioDe(antes), premioDe(novo))
        return { atual: premioDe(novo), definido_em: criadoEm }
      })
    },
  }
}
