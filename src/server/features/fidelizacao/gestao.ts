import type { Ordenacao } from '../../../shared/admin-tabelas.ts'
import { limitesMensagens } from '../../../shared/fidelizacao.ts'
import { type DatabaseTransaction, isUniqueViolation } from '../../platform/db.ts'
import { HttpError } from '../../platform/errors.ts'
import { type FidelizacaoContext, saldosDe } from './context.ts'
import { ajuste } from './ledger.ts'
import { fidelizacaoRepo, type Movimento } from './repository.ts'

export const gestaoMensagens = {
  saldoNegativo: 'O ajuste deixaria o saldo do cliente negativo.',
  pontosNegativos: 'O ajuste deixaria os pontos do cliente negativos.',
  chaveRepetida: 'Este ajuste já foi registado com outros valores. Abra o formulário de novo.',
} as const

/** What the audit entry of an adjustment records, written in the adjustment's own transaction. */
export type RegistoAjuste = (trx: DatabaseTransaction, movimento: Movimento) => Promise<void>

export interface FiltroOpinioes extends Ordenacao<'criado_em' | 'id_loja'> {
  /** The stores within the staff member's reach (undefined: all). */
  idsLoja?: number[]
  loja?: number
  rating?: number
  /** ISO instants, from inclusive, to exclusive. */
  de?: string
  ate?: string
  pagina: number
  porPagina: number
}

/**
 * The ledger and the opinions as the back-office sees and changes them: a customer's movements and
 * opinions, a manual adjustment (a movement like any other: the customer's lock, the balance never below 0, one per
 * idempotency key), and the stores' opinions with their averages.
 */
export function createGestaoFidelizacao(ctx: FidelizacaoContext) {
  const { db, regrasAtuais, conta, onMovimento, escrever, naoEncontrado, nomesDasLojas } = ctx

  const lojaDe = (nomes: Awaited<ReturnType<typeof nomesDasLojas>>, id: number, tipo?: string) =>
    tipo === 'ajuste' ? 'Ajuste' : tipo === 'expiracao' ? 'Expiração' : (nomes.get(id)?.nome ?? `Loja ${id}`)

  return {
    /** The customer's balances now. */
    async saldos(utilizadorId: number) {
      const [ultimo, regras] = await Promise.all([fidelizacaoRepo(db).ultimoMovimento(utilizadorId), regrasAtuais()])
      return { ...saldosDe(ultimo), patamar: regras.patamar }
    },

    /** Every movement of the customer (holds and releases of orders too), paged. */
    /** A customer's movements, paged; `idsLoja`: only those at these stores (a store account sees its own). */
    async movimentos(
      utilizadorId: number,
      p: Ordenacao<'criado_em'> & { pagina: number; porPagina: number; idsLoja?: number[] | undefined },
    ) {
      let base = db.selectFrom('transacoes').where('utilizador_id', '=', utilizadorId)
      if (p.idsLoja) base = base.where('id_loja', 'in', p.idsLoja.length ? p.idsLoja : [-1])
      const [{ n }, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
        base
          .selectAll()
          .orderBy('sequencia', p.direcao)
          .limit(p.porPagina)
          .offset((p.pagina - 1) * p.porPagina)
          .execute(),
      ])
      const nomes = await nomesDasLojas(rows.map((m) => m.id_loja))
      return {
        total: Number(n),
        pagina: p.pagina,
        por_pagina: p.porPagina,
        itens: rows.map((m) => ({
          id: m.id,
          tipo: m.tipo,
          loja: lojaDe(nomes, m.id_loja, m.tipo),
          referencia: m.tipo === 'ajuste' ? null : m.referencia,
          motivo: m.motivo,
          valor_pago: m.valor_pago,
          saldo_adicionado: m.saldo_adicionado,
          saldo_removido: m.saldo_removido,
          saldo_actual: m.saldo_actual,
          pontos_ganhos: m.pontos_ganhos,
          pontos_actual: m.pontos_actual,
          itens_actual: m.itens_actual,
          criado_em: m.criado_em,
        })),
      }
    },

    /**
     * A manual adjustment of `saldo` cents and `pontos` points with its reason: one movement, written under the
     * customer's ledger lock (a till purchase or another adjustment waits), refused when a balance would go below 0,
     * and written once per `chave` (the same key again answers the movement it wrote; with other values, 409). The
     * audit entry (`registar`) is written in the same transaction.
     */
    async ajustar(
      utilizadorId: number,
      input: { saldo: number; pontos: number; motivo: string; chave: string },
      registar: RegistoAjuste,
    ): Promise<{ movimento: Movimento; repetido: boolean }> {
      const r = await db
        .transaction()
        .execute(async (trx) => {
          const ledger = fidelizacaoRepo(trx)
          await ledger.lockCliente(utilizadorId)
          const anterior = await trx
            .selectFrom('transacoes')
            .selectAll()
            .where('chave_ajuste', '=', input.chave)
            .executeTakeFirst()
          if (anterior) {
            const mesmo =
              anterior.utilizador_id === utilizadorId &&
              anterior.motivo === input.motivo &&
              anterior.saldo_adicionado - anterior.saldo_removido === input.saldo &&
              anterior.pontos_ganhos === input.pontos
            if (!mesmo) throw new HttpError(409, gestaoMensagens.chaveRepetida, 'Ajuste repetido')
            return { movimento: anterior, repetido: true }
          }
          if (!(await conta.clienteById(utilizadorId, trx))) throw naoEncontrado()
          const ultimo = await ledger.ultimoMovimento(utilizadorId)
          // The rules in force (the back-office's 'Definições'), read in this transaction, as a purchase reads them: the
          // threshold that turns points into rewards, and what the movement records it used.
          const regras = await regrasAtuais(trx)
          const a = ajuste(saldosDe(ultimo), { saldo: input.saldo, pontos: input.pontos }, regras)
          if ('recusa' in a) {
            const recusas: Record<typeof a.recusa, [campo: string, mensagem: string]> = {
              'saldo-negativo': ['saldo', gestaoMensagens.saldoNegativo],
              'pontos-negativos': ['pontos', gestaoMensagens.pontosNegativos],
              'saldo-acima-do-maximo': ['saldo', limitesMensagens.saldo],
              'pontos-acima-do-maximo': ['pontos', limitesMensagens.pontos],
            }
            const [campo, mensagem] = recusas[a.recusa]
            throw new HttpError(409, mensagem, 'Ajuste recusado', { [campo]: mensagem })
          }
          const movimento = await escrever(
            trx,
            utilizadorId,
            ultimo,
            a.efeito,
            {
              tipo: 'ajuste',
              id_loja: 0,
              motivo: input.motivo,
              chave_ajuste: input.chave,
              ganha: 0,
            },
            regras,
          )
          await registar(trx, movimento)
          return { movimento, repetido: false }
        })
        .catch((error: unknown) => {
          // The same key for another customer at once (each waited on its own customer's lock): the index keeps one.
          if (isUniqueViolation(error)) throw new HttpError(409, gestaoMensagens.chaveRepetida, 'Ajuste repetido')
          throw error
        })
      if (!r.repetido) onMovimento?.(utilizadorId)
      return r
    },

    /** The customer's opinions, newest first. */
    async opinioesDoCliente(utilizadorId: number, idsLoja?: number[]) {
      let base = db.selectFrom('opinioes').where('utilizador_id', '=', utilizadorId)
      if (idsLoja) base = base.where('id_loja', 'in', idsLoja.length ? idsLoja : [-1])
      const rows = await base.selectAll().orderBy('id', 'desc').limit(100).execute()
      const nomes = await nomesDasLojas(rows.map((o) => o.id_loja))
      return rows.map((o) => ({ ...o, loja: lojaDe(nomes, o.id_loja) }))
    },

    /** The stores' opinions, filtered and paged, with each store's averages per criterion over the same filter. */
    async opinioes(f: FiltroOpinioes) {
      let base = db.selectFrom('opinioes')
      if (f.idsLoja) base = base.where('id_loja', 'in', f.idsLoja.length ? f.idsLoja : [-1])
      if (f.loja !== undefined) base = base.where('id_loja', '=', f.loja)
      if (f.de) base = base.where('criado_em', '>=', f.de)
      if (f.ate) base = base.where('criado_em', '<', f.ate)
      if (f.rating !== undefined) {
        const r = f.rating
        base = base.where((eb) => eb.or([eb('rating1', '=', r), eb('rating2', '=', r), eb('rating3', '=', r)]))
      }
      const [{ n }, rows, medias] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
        base
          .selectAll()
          .orderBy(f.ordenar, f.direcao)
          .orderBy('id', f.direcao)
          .limit(f.porPagina)
          .offset((f.pagina - 1) * f.porPagina)
          .execute(),
        base
          .select((eb) => [
            'id_loja',
            eb.fn.countAll<number | string>().as('opinioes'),
            eb.fn.avg<number | string | null>('rating1').as('rating1'),
            eb.fn.avg<number | string | null>('rating2').as('rating2'),
            eb.fn.avg<number | string | null>('rating3').as('rating3'),
          ])
          .groupBy('id_loja')
          .orderBy('id_loja')
          .execute(),
      ])
      const nomes = await nomesDasLojas([...rows.map((o) => o.id_loja), ...medias.map((m) => m.id_loja)])
      const media = (v: number | string | null) => (v === null ? null : Math.round(Number(v) * 100) / 100)
      return {
        total: Number(n),
        pagina: f.pagina,
        por_pagina: f.porPagina,
        itens: rows.map((o) => ({ ...o, loja: lojaDe(nomes, o.id_loja) })),
        medias: medias.map((m) => ({
          id_loja: m.id_loja,
          loja: lojaDe(nomes, m.id_loja),
          opinioes: Number(m.opinioes),
          rating1: media(m.rating1),
          rating2: media(m.rating2),
          rating3: media(m.rating3),
        })),
      }
    },
  }
}
