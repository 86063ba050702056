import type { FastifyBaseLogger } from 'fastify'
import {
  type EstadoImpressora,
  impressoraTextos,
  POR_IMPRIMIR_MAX,
  type Reimpressao,
  type TalaoPorImprimir,
} from '../../../shared/impressora.ts'
import { type Clock, DAY, HOUR, isoNow, MINUTE } from '../../platform/clock.ts'
import type { Database, DatabaseTransaction } from '../../platform/db.ts'
import { HttpError, TooManyRequests } from '../../platform/errors.ts'
import { type Answer, idempotent } from '../../platform/idempotency.ts'
import { createMemoryRateLimiter, type Limit } from '../../platform/rate-limit.ts'
import type { EncomendasService } from '../encomendas/service.ts'
import type { RestaurantesService } from '../restaurantes/service.ts'
import { createDespachoImpressoes } from './despacho.ts'
import { impressoesRepo } from './repository.ts'

export {
  esperaApos,
  IMPRESSAO_DESISTIR_MS,
  IMPRESSAO_ESPERA_MS,
  IMPRESSAO_RECLAMACAO_MS,
} from './despacho.ts'

/** Reprints one tablet may ask for: a few a minute is a busy counter; more is a stuck finger or a script. */
export const REIMPRESSOES: Limit = { max: 10, windowMs: MINUTE }
/** A reprint of a cancelled order: refused, as the kitchen must not make it. */
export const REIMPRESSAO_CANCELADA = 'Este pedido foi cancelado: o talão não pode ser reimpresso.'
/** How far back the board looks for tickets that did not print: the store's working day. */
const JANELA_MS = 12 * HOUR
/** Settled tickets are kept this long (the board's day, an operator's question), then purged. */
export const IMPRESSOES_RETENCAO_MS = 7 * DAY

/**
 * The port ordering holds (features/encomendas, EncomendasDeps `impressao`): whether a store prints, read before the
 * order's transaction, and its ticket queued in it.
 */
export interface FilaImpressao {
  temImpressora(idLoja: number): Promise<boolean>
  /** Queues the order's own ticket, once per order however often it is asked (a payment confirmed twice). */
  enfileirar(trx: DatabaseTransaction, pedido: { encomendaId: number; idLoja: number }): Promise<void>
}

/**
 * The queue's side, built before ordering (which holds it): what it needs is the stores' printers
 * (features/restaurantes) and its own table.
 */
export function createFilaImpressao({
  clock,
  lojas,
}: {
  clock: Clock
  lojas: Pick<RestaurantesService, 'impressoras'>
}): FilaImpressao {
  return {
    temImpressora: async (idLoja) => (await lojas.impressoras([idLoja])).length > 0,
    async enfileirar(trx, { encomendaId, idLoja }) {
      const agora = isoNow(clock)
      await impressoesRepo(trx).inserir({
        encomenda_id: encomendaId,
        id_loja: idLoja,
        motivo: 'encomenda',
        proxima_em: agora,
        criado_em: agora,
      })
    },
  }
}

export interface ImpressorasDeps {
  db: Database
  clock: Clock
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>
  lojas: Pick<RestaurantesService, 'impressoras'>
  /**
   * Orders as the printer reads them (features/encomendas talao-cozinha.ts): a ticket (its lines, their allergens, its
   * pick-up time or table), whether a store may reprint one, the codes of those its board lists.
   */
  encomendas: Pick<EncomendasService, 'talao'>
  /**
   * Whether the sender takes loopback as a printer's address (envio-tcp.ts `OpcoesEnvio`): false unless given. Only the
   * tests' apps give it, their fake printer listening on 127.0.0.1; in production loopback is this machine's services.
   */
  permitirLoopback?: boolean
}

/** The tablet that asks (its store key) and so its store. */
export interface AtorImpressao {
  chaveId: number
  idLoja: number
}

type LinhaEstado = Awaited<ReturnType<ReturnType<typeof impressoesRepo>['daLoja']>>[number]

/** An order whose latest ticket did not print, or may not have: its code is ordering's, asked for apart. */
type PorImprimir = Omit<TalaoPorImprimir, 'codigo'>

/**
 * The board's reading of its printer from its recent tickets: not answering since the first failure of a ticket still
 * waiting, or of one given up after the last that printed; each order whose latest ticket was given up or is in doubt.
 */
function estadoDe(linhas: LinhaEstado[]): Omit<EstadoImpressora, 'configurada' | 'por_imprimir'> & {
  porImprimir: PorImprimir[]
} {
  // ISO instants sort as text: the latest is the last.
  const ultimoImpresso =
    linhas
      .filter((l) => l.estado === 'impresso')
      .map((l) => l.concluido_em ?? '')
      .sort()
      .at(-1) ?? ''
  const falhas = linhas
    .filter(
      (l) =>
        l.falhou_em !== null &&
        (l.estado === 'pendente' || (l.estado === 'desistido' && (l.concluido_em ?? '') > ultimoImpresso)),
    )
    .map((l) => l.falhou_em as string)
    .sort()
  const ultimaDe = new Map<number, LinhaEstado>()
  for (const l of linhas) ultimaDe.set(l.encomenda_id, l)
  const porImprimir: PorImprimir[] = [...ultimaDe.values()]
    .filter((l) => l.estado === 'desistido' || l.estado === 'incerto')
    .map((l) => ({
      encomenda: l.encomenda_id,
      estado: l.estado as 'desistido' | 'incerto',
      desde: l.concluido_em ?? l.criado_em,
    }))
  return {
    sem_ligacao_desde: falhas[0] ?? null,
    em_espera: linhas.filter((l) => l.estado === 'pendente' || l.estado === 'a-enviar').length,
    porImprimir,
  }
}

/**
 * The kitchen printers (decision 0043): each paid order of a store with a printer prints a ticket, sent by the jobs
 * (despacho.ts) at most once; the board reads the printer's state and asks for reprints.
 */
export function createImpressorasService(deps: ImpressorasDeps) {
  const { db, clock, lojas, encomendas } = deps
  const repo = impressoesRepo(db)
  const despacho = createDespachoImpressoes(deps)
  // Counted in this process's memory, as the board's other writes are (features/encomendas quadro.ts).
  const throttle = createMemoryRateLimiter(clock)

  return {
    despachar: despacho.despachar,

    /** The printer of the tablet's store as its board shows it; `configurada` false: the store has none. */
    async estado(idLoja: number): Promise<EstadoImpressora> {
      if ((await lojas.impressoras([idLoja])).length === 0) {
        return { configurada: false, sem_ligacao_desde: null, em_espera: 0, por_imprimir: [] }
      }
      const desde = new Date(clock.now().getTime() - JANELA_MS).toISOString()
      const { porImprimir, ...estado } = estadoDe(await repo.daLoja(idLoja, desde))
      // A cancelled order is not to be made: nothing to reprint. The rest by their codes, as the board names them.
      const codigos = await encomendas.talao.codigosPorImprimir(
        idLoja,
        porImprimir.map((t) => t.encomenda),
      )
      const por_imprimir = porImprimir.flatMap((t) => {
        const codigo = codigos.get(t.encomenda)
        return codigo === undefined ? [] : [{ ...t, codigo }]
      })
      return { configurada: true, ...estado, por_imprimir: por_imprimir.slice(-POR_IMPRIMIR_MAX) }
    },

    /**
     * Prints the order's ticket again, marked as a reprint: only an order on the tablet's store's board (unknown, 404;
     * another store's, 403), not cancelled (409), only where the store has a printer (409). Once per Idempotency-Key
     * (a lost answer tapped again prints once, and is answered before anything else, so it counts against no limit);
     * the key's store is who asked, kept on the ticket.
     */
    async reimprimir(ator: AtorImpressao, chave: string, id: number): Promise<Answer> {
      // Not a replay: limited, then checked, before the transaction (on SQLite it holds the one connection).
      const verificar = async () => {
        const { allowed, retryAfterMs } = await throttle.hit(`loja:reimpressoes:${ator.chaveId}`, REIMPRESSOES)
        if (!allowed) throw new TooManyRequests(retryAfterMs)
        const { cancelada } = await encomendas.talao.paraReimprimir(id, ator.idLoja)
        if (cancelada) throw new HttpError(409, REIMPRESSAO_CANCELADA, 'Encomenda cancelada')
        if ((await lojas.impressoras([ator.idLoja])).length === 0) {
          throw new HttpError(409, impressoraTextos.semImpressora, 'Sem impressora')
        }
      }
      return idempotent(
        db,
        clock,
        { chaveId: ator.chaveId, chave, pedido: { reimprimir: id } },
        async (trx) => {
          const agora = isoNow(clock)
          await impressoesRepo(trx).inserir({
            encomenda_id: id,
            id_loja: ator.idLoja,
            motivo: 'reimpressao',
            chave_id: ator.chaveId,
            proxima_em: agora,
            criado_em: agora,
          })
          const data: Reimpressao = { encomenda: id, em_espera: true }
          return { status: 200, body: { data } }
        },
        verificar,
      )
    },

    /** Housekeeping: settled tickets older than IMPRESSOES_RETENCAO_MS. */
    async purgar(): Promise<void> {
      await repo.purgar(new Date(clock.now().getTime() - IMPRESSOES_RETENCAO_MS).toISOString())
    },
  }
}

export type ImpressorasService = ReturnType<typeof createImpressorasService>
