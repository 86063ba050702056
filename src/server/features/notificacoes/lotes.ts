import { setImmediate as aVezDosOutros } from 'node:timers/promises'
import type { Database, DatabaseTransaction } from '../../platform/db.ts'

/** A piece of work under way over many rows, and how far it got: rows up to `ate` (ids) have had their turn. */
export interface Marca {
  ate: number
}

/**
 * Work over many rows written in short transactions from a resumable mark (the fan-out of a notification for everyone
 * to the devices, a composed message to its audience), never one transaction over all of them that would hold the
 * database's write lock (SQLite's only writer) for the whole of it.
 */
export interface TrabalhoPorLotes<M extends Marca> {
  /** Rows per transaction. */
  lote: number
  /**
   * The work still under way and its mark, read outside any transaction: a round with nothing to do takes no write
   * lock. The batch moves the mark only from where it was read here, so a stale read writes nothing twice.
   */
  proxima(): Promise<M | undefined>
  /** In the batch's transaction: the next ids after the mark, at most `lote`, in id order. */
  seguintes(trx: DatabaseTransaction, marca: M): Promise<number[]>
  /** The last id the work covers, when it has one: the batch that reaches it ends it. */
  ultima?(marca: M): number
  /**
   * Moves the mark from `marca.ate` to `para`, or, with null, ends the work; only from where it was read. Answers
   * whether it moved: when not, another process took the batch and this one writes nothing.
   */
  mover(trx: DatabaseTransaction, marca: M, para: number | null): Promise<boolean>
  /** Writes the batch, in the transaction that moved its mark; answers how many rows it wrote. */
  escrever(trx: DatabaseTransaction, marca: M, ids: number[]): Promise<number>
  /** After the batch's commit (its open screens told). */
  depois?(marca: M, ids: number[]): void
}

/**
 * Runs the work a batch per transaction until nothing is left (or `maxLotes` batches), each moving its mark in its own
 * transaction, the process's other work let in between batches: several processes, or one resuming after a stop
 * midway, write each row once. Answers how many rows were written and whether the work ran out (false: `maxLotes`
 * stopped it, the next round resumes from the mark).
 */
export async function porLotes<M extends Marca>(
  db: Database,
  trabalho: TrabalhoPorLotes<M>,
  maxLotes = Number.POSITIVE_INFINITY,
): Promise<{ escritas: number; acabou: boolean }> {
  let escritas = 0
  for (let lotes = 0; lotes < maxLotes; lotes++) {
    // The event loop's turn before each batch: on SQLite every query is synchronous underneath, so without it the
    // batches run back to back in one stretch of promise callbacks and no other request of this process (its socket's
    // data, its timers) is even read until the last one; short transactions alone free the write lock, not the loop.
    if (lotes > 0) await aVezDosOutros()
    const marca = await trabalho.proxima()
    if (!marca) return { escritas, acabou: true }
    const feito = await db.transaction().execute(async (trx) => {
      const ids = await trabalho.seguintes(trx, marca)
      const ultima = ids.at(-1)
      const acabou =
        ultima === undefined ||
        ids.length < trabalho.lote ||
        (trabalho.ultima !== undefined && ultima >= trabalho.ultima(marca))
      if (!(await trabalho.mover(trx, marca, acabou ? null : (ultima as number)))) return null
      return { ids, n: ids.length === 0 ? 0 : await trabalho.escrever(trx, marca, ids) }
    })
    if (feito === null) continue
    escritas += feito.n
    if (feito.ids.length > 0) trabalho.depois?.(marca, feito.ids)
  }
  return { escritas, acabou: false }
}
