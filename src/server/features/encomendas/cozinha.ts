import { LOJA_NAO_EXISTE } from '../../../shared/catalogo-ecra.ts'
import {
  type DefinirCozinha,
  type Cozinha as EstadoCozinha,
  FILA_JANELA_MIN,
  MINUTOS_POR_ENCOMENDA_NA_FILA,
  minutosDaFila,
  OCUPADA_ATE_HORA,
  type OcupadaMinutos,
} from '../../../shared/cozinha.ts'
import { proximaHoraNoFuso } from '../../../shared/fusos.ts'
import { isoNow, MINUTE } from '../../platform/clock.ts'
import { notFound } from '../../platform/errors.ts'
import type { LojaEncomendas } from '../restaurantes/service.ts'
import type { Contexto } from './contexto.ts'
import { encomendasRepo } from './encomendas-repository.ts'
import { emPausa } from './horario.ts'

/** An order for later joins the kitchen's queue this long before its pick-up time (before, it is not in the way). */
const FILA_ANTES_DO_LEVANTAMENTO_MIN = 60

/** A board marks its store there at most this often (its stream checks its access every 30 s). */
export const PAINEL_VISTO_INTERVALO_MS = MINUTE

/**
 * The kitchen as the board sets it (decision 0041): 'Ocupada' (+10, +20 or +30 minutes on every promise until staff
 * set it back, or the store's working day ends at 05:00 on its clock), the pause of online orders, and the queue every new promise counts. A board
 * that is there says so (`painelVisto`): without one for a while, a store's orders pause themselves (catalogo.ts).
 */
export function createCozinha({ db, clock, lojas, log, filaMinutosPorEncomenda }: Contexto) {
  const porEncomenda = filaMinutosPorEncomenda ?? MINUTOS_POR_ENCOMENDA_NA_FILA
  /** When this process last marked each store's board (the database keeps the rule across processes). */
  const marcadoEm = new Map<number, number>()
  async function lojaOuErro(idLoja: number) {
    const loja = (await lojas.lojasEncomendas([idLoja]))[0]
    if (!loja) throw notFound(LOJA_NAO_EXISTE)
    return loja
  }

  const ocupadaAgora = (ocupada: { minutos: number; ate: string | null }, agora: Date): OcupadaMinutos =>
    ocupada.ate !== null && agora.getTime() < Date.parse(ocupada.ate) ? (ocupada.minutos as OcupadaMinutos) : 0

  /** The kitchen of a store already read (its busy minutes and pause are on it). */
  async function estadoDe(loja: LojaEncomendas): Promise<EstadoCozinha> {
    const { id_loja: idLoja } = loja
    const agora = clock.now()
    const ocupada = ocupadaAgora(loja.ocupada, agora)
    const fila = await encomendasRepo(db).contarNaCozinha(
      idLoja,
      new Date(agora.getTime() - FILA_JANELA_MIN * MINUTE).toISOString(),
      new Date(agora.getTime() + FILA_ANTES_DO_LEVANTAMENTO_MIN * MINUTE).toISOString(),
    )
    const pausada = emPausa(loja.pausa, agora)
    return {
      ocupada_minutos: ocupada,
      ocupada_ate: ocupada > 0 ? loja.ocupada.ate : null,
      em_pausa: pausada,
      pausa_ate: pausada ? loja.pausa.ate : null,
      fila,
      acrescimo: minutosDaFila(fila, porEncomenda) + ocupada,
    }
  }

  const estado = async (idLoja: number) => estadoDe(await lojaOuErro(idLoja))

  return {
    estado,

    /** The minutes a new order of the store promises on top of its products' preparation time. */
    acrescimo: async (loja: LojaEncomendas): Promise<number> => (await estadoDe(loja)).acrescimo,

    /**
     * Sets what the board asks: busy minutes (until the store's next 05:00; 0, normal), the pause (until resumed)
     * or its end. Each is a value, not a step: a tap sent twice sets the same.
     */
    async definir(idLoja: number, pedido: DefinirCozinha): Promise<EstadoCozinha> {
      const loja = await lojaOuErro(idLoja)
      const agora = clock.now()
      if (pedido.ocupada_minutos !== undefined) {
        const minutos = pedido.ocupada_minutos
        await lojas.definirOcupada(idLoja, {
          minutos,
          ate: minutos > 0 ? proximaHoraNoFuso(agora, OCUPADA_ATE_HORA, loja.fuso).toISOString() : null,
        })
      }
      if (pedido.em_pausa !== undefined && pedido.em_pausa !== emPausa(loja.pausa, agora)) {
        const pausa = pedido.em_pausa ? { em: isoNow(clock), ate: null } : { em: null, ate: null }
        await db.transaction().execute((trx) => lojas.definirPausa(trx, idLoja, pausa))
      }
      return estado(idLoja)
    },

    /**
     * A board of the store is there now (its stream, its kitchen bar, or the POS's list). Bookkeeping: a failure is
     * logged, never the reader's (the board still gets its orders).
     */
    async painelVisto(idLoja: number): Promise<void> {
      // The stream asks before every event it sends: this process writes (or asks to) once per interval, not per event.
      const agora = clock.now()
      const marcado = marcadoEm.get(idLoja)
      if (marcado !== undefined && agora.getTime() - marcado < PAINEL_VISTO_INTERVALO_MS) return
      marcadoEm.set(idLoja, agora.getTime())
      try {
        await lojas.marcarPainel(idLoja, agora, PAINEL_VISTO_INTERVALO_MS)
      } catch (err) {
        marcadoEm.delete(idLoja)
        log.warn({ err, idLoja }, 'could not mark the store board seen')
      }
    },
  }
}

export type Cozinha = ReturnType<typeof createCozinha>
