import { isoNow } from '../../platform/clock.ts'
import { isUniqueViolation } from '../../platform/db.ts'
import { fieldError, HttpError, notFound } from '../../platform/errors.ts'
import { type FidelizacaoContext, fidelizacaoMensagens } from './context.ts'

/** Spec §2 opinions: of a shop, or of one of the customer's own purchases (once). */
export function createOpinioes(ctx: FidelizacaoContext) {
  const { clock, opinioesAtivas, repository, nomesDasLojas } = ctx

  return {
    async opinar(
      utilizador: { id: number; registoCompleto: boolean },
      input: {
        loja: number
        rating1: number | null
        rating2: number | null
        rating3: number | null
        comentario: string
      },
      transacaoId?: number,
    ): Promise<{ id: number }> {
      let idLoja = input.loja
      if (transacaoId !== undefined) {
        if (!(opinioesAtivas && utilizador.registoCompleto)) {
          throw new HttpError(403, fidelizacaoMensagens.opinioesDesligadas)
        }
        const movimento = await repository.findMovimento(transacaoId)
        // An opinion is of a purchase the customer made; a refund is no visit to give one about.
        if (movimento?.utilizador_id !== utilizador.id || movimento.tipo !== 'compra') {
          throw notFound(fidelizacaoMensagens.transacaoNaoEncontrada)
        }
        if (await repository.findOpiniaoDaTransacao(transacaoId)) {
          throw new HttpError(409, fidelizacaoMensagens.opiniaoRepetida)
        }
        idLoja = movimento.id_loja
      } else if (!(await nomesDasLojas([idLoja])).has(idLoja)) {
        throw fieldError('loja', fidelizacaoMensagens.lojaDesconhecida)
      }
      try {
        const id = await repository.insertOpiniao({
          utilizador_id: utilizador.id,
          transacao_id: transacaoId ?? null,
          id_loja: idLoja,
          rating1: input.rating1,
          rating2: input.rating2,
          rating3: input.rating3,
          comentario: input.comentario,
          criado_em: isoNow(clock),
        })
        return { id }
      } catch (error) {
        // Two submissions of one transaction's opinion at once: the unique transaction keeps one.
        if (isUniqueViolation(error)) throw new HttpError(409, fidelizacaoMensagens.opiniaoRepetida)
        throw error
      }
    },
  }
}
