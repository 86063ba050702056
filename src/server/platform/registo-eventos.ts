import { sql } from 'kysely'
import type { Database } from './db.ts'
import type { Evento } from './eventos.ts'

/**
 * The event log (decision 0056): the bus writes each event it publishes here first, and sends it under the row's id;
 * a stream that reconnects with `Last-Event-ID` is sent the events of its channels written since, rather than told to
 * read everything again. The log is short: an hour at least (purged every hour by the housekeeping job), always by
 * the oldest ids first, so that "the row a stream last saw is still here" means "nothing after it was purged".
 */

/** What the log keeps: an hour at least. A phone away for longer reads what it shows again (`reler`). */
export const EVENTOS_RETENCAO_MS = 60 * 60 * 1000

/** Past this many events to replay, reading what is shown again is cheaper than each event: the stream says `reler`. */
export const REPLAY_MAX = 200

/** An event as the log holds it: its id (what the stream sends), whom it concerns, and the event. */
export interface EventoRegistado {
  id: string
  canal: string
  evento: Evento
}

export interface RegistoEventos {
  /**
   * The events of these channels written after the one whose id is `id`, oldest first. Null when that one is no longer
   * in the log (older than the log, or not an id of this log), or when they are more than REPLAY_MAX: the stream is
   * then told to read again.
   */
  depoisDe(canais: readonly string[], id: string): Promise<EventoRegistado[] | null>
  /**
   * Where a stream of this process stands: the newest id this process has delivered, or, before it has delivered any,
   * the log's newest (the log is never empty: the purge keeps its last row). What a new stream starts from, and what
   * its heartbeats say, so that a quiet stream's place stays in the log however long it is open.
   */
  posicao(): Promise<string>
  /** The newest id this process has delivered, if any yet. */
  entregue(): string | undefined
}

/** An id this log may have written: digits, within what a JavaScript number holds exactly (the OpenAPI document's too). */
export const ID_EVENTO_PADRAO = '^[1-9][0-9]{0,14}$'
const ID = new RegExp(ID_EVENTO_PADRAO)

export function registoEventos(db: Database, entregue: () => string | undefined = () => undefined): RegistoEventos {
  return {
    async depoisDe(canais, id) {
      if (!ID.test(id) || canais.length === 0) return null
      const desde = Number(id)
      // One statement, so one snapshot: the row last seen and what follows it, which a purge in between could not
      // split (the row seen gone, the rows after it read as if nothing were missing). Each half on its own index (the
      // key; channel and id), so a reconnect reads its customer's rows, never the whole hour of the group's.
      const { rows: linhas } = await sql<{ id: number | string; canal: string; evento: string }>`
        SELECT id, canal, evento FROM eventos WHERE id = ${desde}
        UNION ALL
        SELECT id, canal, evento FROM (
          SELECT id, canal, evento FROM eventos
          WHERE canal IN (${sql.join([...canais])}) AND id > ${desde}
          ORDER BY id LIMIT ${REPLAY_MAX + 1}
        ) AS seguintes
        ORDER BY id`.execute(db)
      if (Number(linhas[0]?.id) !== desde || linhas.length > REPLAY_MAX + 1) return null
      const eventos: EventoRegistado[] = []
      for (const l of linhas.slice(1)) {
        try {
          eventos.push({ id: String(l.id), canal: l.canal, evento: JSON.parse(l.evento) as Evento })
        } catch {
          // A row this code did not write as JSON: what it said cannot be replayed, so everything is read again.
          return null
        }
      }
      return eventos
    },
    async posicao() {
      const jaEntregue = entregue()
      if (jaEntregue !== undefined) return jaEntregue
      const linha = await db
        .selectFrom('eventos')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
      return String(linha?.id ?? 0)
    },
    entregue,
  }
}

/**
 * Purges the events written before `antesDe` (ISO), by the oldest ids first and never the newest row: the rows left are
 * always every row from some id on. Answers how many went.
 */
export async function purgarEventos(db: Database, antesDe: string): Promise<number> {
  const result = await sql`DELETE FROM eventos WHERE id < coalesce(
      (SELECT min(id) FROM eventos WHERE criado_em >= ${antesDe}),
      (SELECT max(id) FROM eventos)
    )`.execute(db)
  return Number(result.numAffectedRows ?? 0)
}
