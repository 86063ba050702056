import type { Insertable } from 'kysely'
import type { CarteiraEnviosTable } from '../../db/schema.ts'
import { type Clock, isoIn, isoNow, MINUTE } from '../../platform/clock.ts'
import type { DatabaseTransaction } from '../../platform/db.ts'
import { carteiraRepo } from './repository.ts'

/**
 * A pass's next update tag: a whole second (HTTP's `Last-Modified` has no finer one), after the last, never before
 * now. Two changes within a second get two tags, so a device that read the first is never told "not modified" of the
 * second.
 */
export function proximaEtiqueta(anterior: string | null, agora: Date): string {
  const segundo = Math.ceil(agora.getTime() / 1000) * 1000
  const depois = anterior === null ? 0 : Date.parse(anterior) + 1000
  return new Date(Math.max(segundo, depois)).toISOString()
}

/** A sender's lease (envios.ts) and its wait for an answer, with room to spare. */
const DESATIVAR_APOS_MS = 2 * MINUTE

export interface CarteiraFilaDeps {
  clock: Clock
  /** Which wallets are set up: only theirs get updates. */
  apple: boolean
  google: boolean
}

/**
 * What the ledger and the account tell the wallets, inside their own transactions: the card changed (a movement, a
 * new QR, a new name), so its tag moves and its updates are queued with the change, committed or not with it
 * (decision 0047). A customer without a pass costs one read by primary key.
 */
export function createCarteiraFila({ clock, apple, google }: CarteiraFilaDeps) {
  return {
    async alterado(trx: DatabaseTransaction, utilizadorId: number): Promise<void> {
      // No wallet set up: no pass to tag, and no write on every movement of the ledger.
      if (!apple && !google) return
      const repo = carteiraRepo(trx)
      const passe = await repo.passeBloqueado(utilizadorId)
      if (!passe) return
      const agora = isoNow(clock)
      await repo.alterarPasse(utilizadorId, { atualizado_em: proximaEtiqueta(passe.atualizado_em, clock.now()) })
      const envios: Insertable<CarteiraEnviosTable>[] = []
      const base = { serie: passe.serie, proxima_em: agora, criado_em: agora }
      if (apple) {
        for (const push_token of await repo.pushTokensDe(passe.serie))
          envios.push({ ...base, tipo: 'apple', push_token })
      }
      if (google && passe.google === 1) envios.push({ ...base, tipo: 'google', push_token: null })
      const novos: Insertable<CarteiraEnviosTable>[] = []
      for (const e of envios) {
        if (
          !(await repo.juntarAEnvioPorFazer({ tipo: e.tipo, serie: e.serie, push_token: e.push_token ?? null }, agora))
        ) {
          novos.push(e)
        }
      }
      await repo.enfileirar(novos)
    },

    /**
     * The erasure's part, in its transaction: the devices, the pass and its updates go; a Google object the customer
     * saved is deactivated, with nothing personal left on it (one last update, queued under the pass's serial only).
     */
    async esquecerCliente(trx: DatabaseTransaction, utilizadorId: number): Promise<void> {
      const passe = await carteiraRepo(trx).passeDe(utilizadorId)
      if (!passe) return
      await trx.deleteFrom('carteira_dispositivos').where('serie', '=', passe.serie).execute()
      await trx.deleteFrom('carteira_envios').where('serie', '=', passe.serie).execute()
      await trx.deleteFrom('carteira_passes').where('serie', '=', passe.serie).execute()
      if (google && passe.google === 1) {
        // After any patch already on its way (a lease and its answer's wait): the last word Google gets is this one.
        await carteiraRepo(trx).enfileirar([
          {
            tipo: 'google',
            serie: passe.serie,
            push_token: null,
            ativo: 0,
            proxima_em: isoIn(clock, DESATIVAR_APOS_MS),
            criado_em: isoNow(clock),
          },
        ])
      }
    },
  }
}

export type CarteiraFila = ReturnType<typeof createCarteiraFila>
