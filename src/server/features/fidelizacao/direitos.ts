import type { DatabaseTransaction } from '../../platform/db.ts'
import { apagarRespostas } from '../../platform/idempotency.ts'
import { type FidelizacaoContext, saldosDe } from './context.ts'
import { fidelizacaoRepo } from './repository.ts'

/** Every movement a portability file carries: all of them (a customer's ledger is a few hundred rows at most). */
const EXPORTAR_MAX = 100_000

/**
 * Loyalty's part of the customer's GDPR rights. The ledger stays on erasure: its amounts, dates and stores are the
 * group's accounts (and the balances after each movement chain one to the next); it names only the account's id,
 * whose row is anonymised. What is the person's own words goes: an opinion keeps its ratings without its comment.
 */
export function createDireitosFidelizacao(ctx: FidelizacaoContext) {
  const { db, repository, nomesDasLojas, toTransacao, documentosDosMovimentos, carimbos } = ctx

  return {
    /** The customer's balances, every movement and every opinion, for the portability file. */
    async exportarCliente(utilizadorId: number) {
      const [movimentos, opinioes] = await Promise.all([
        repository.listMovimentos(utilizadorId, EXPORTAR_MAX),
        db
          .selectFrom('opinioes')
          .select(['id', 'transacao_id', 'id_loja', 'rating1', 'rating2', 'rating3', 'comentario', 'criado_em'])
          .where('utilizador_id', '=', utilizadorId)
          .orderBy('id')
          .execute(),
      ])
      const nomes = await nomesDasLojas([...movimentos.map((m) => m.id_loja), ...opinioes.map((o) => o.id_loja)])
      const [documentos, promocoes, cartoes] = await Promise.all([
        documentosDosMovimentos(movimentos),
        repository.promocoesDe(movimentos.map((m) => m.id)),
        carimbos.doCliente(utilizadorId),
      ])
      const saldos = saldosDe(movimentos[0])
      return {
        // The stamp cards too: what the customer holds on each (decision 0057).
        fidelizacao: { saldo: saldos.saldo, pontos: saldos.pontos, itens: saldos.itens, carimbos: cartoes },
        transacoes: movimentos.map((m) => ({
          ...toTransacao(m, nomes, m.id_opiniao, documentos(m), promocoes.get(m.id)),
          movimento: m.tipo,
          registadaEm: m.criado_em,
          nif: m.nif === null ? null : { numero: m.nif, nome: m.nif_nome },
        })),
        opinioes: opinioes.map((o) => ({
          id: o.id,
          transacao: o.transacao_id,
          loja: nomes.get(o.id_loja)?.nome ?? `Loja ${o.id_loja}`,
          atendimento: o.rating1,
          simpatia: o.rating2,
          qualidade: o.rating3,
          comentario: o.comentario,
          em: o.criado_em,
        })),
      }
    },

    /** The balance and points an erasure loses (shown before 'Confirmar'), in cents and points. */
    async resumo(utilizadorId: number): Promise<{ saldo: number; pontos: number }> {
      const saldos = saldosDe(await repository.ultimoMovimento(utilizadorId))
      return { saldo: saldos.saldo, pontos: saldos.pontos }
    },

    /** The ledger's lock, first in an erasure: a purchase or checkout of the account waits, then finds it gone. */
    bloquear: (trx: DatabaseTransaction, utilizadorId: number) => fidelizacaoRepo(trx).lockCliente(utilizadorId),

    /**
     * The erasure's loyalty part, in its transaction: the comments removed, the pending identification proofs, the
     * unused birthday rewards and the till's record of the account's creation deleted.
     */
    async esquecerCliente(trx: DatabaseTransaction, utilizadorId: number): Promise<void> {
      await trx.updateTable('opinioes').set({ comentario: '' }).where('utilizador_id', '=', utilizadorId).execute()
      await trx.deleteFrom('identificacoes').where('utilizador_id', '=', utilizadorId).execute()
      // An adjustment's reason is words about the person (the amounts stay, as every movement's).
      await trx
        .updateTable('transacoes')
        .set({ motivo: null })
        .where('utilizador_id', '=', utilizadorId)
        .where('tipo', '=', 'ajuste')
        .execute()
      // The NIF a purchase was made with is the person's tax number (the invoice, the POS's, keeps its own copy).
      await trx
        .updateTable('transacoes')
        .set({ nif: null, nif_nome: null })
        .where('utilizador_id', '=', utilizadorId)
        .where('nif', 'is not', null)
        .execute()
      // A birthday reward's days say the birthday (when it was given and used too): an unused one goes; a used one
      // keeps only which purchase used it (the reports count it), its days and instants moved to its year's first.
      await trx
        .deleteFrom('premios_aniversario')
        .where('utilizador_id', '=', utilizadorId)
        .where('transacao_id', 'is', null)
        .execute()
      const usados = await trx
        .selectFrom('premios_aniversario')
        .select(['id', 'ano'])
        .where('utilizador_id', '=', utilizadorId)
        .execute()
      for (const { id, ano } of usados) {
        const [dia, instante] = [`${ano}-01-01`, `${ano}-01-01T00:00:00.000Z`]
        await trx
          .updateTable('premios_aniversario')
          .set({ valido_de: dia, valido_ate: dia, criado_em: instante, usado_em: instante })
          .where('id', '=', id)
          .execute()
      }
      // The till's recorded creation of a provisional account: its request's hash is of the phone number.
      await apagarRespostas(trx, [`"cliente":{"id":${utilizadorId},`])
    },
  }
}
