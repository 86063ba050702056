import type { EncomendaCliente } from '../../../shared/pedido.ts'
import { notFound } from '../../platform/errors.ts'
import { paraCliente } from './apresentacao.ts'
import { type Contexto, encomendasMensagens } from './contexto.ts'

/** Finished orders stay in the customer's current orders this long (the catalogue's status bar, the confirmation). */
const ATUAIS_DURANTE_MS = 60 * 60 * 1000

/** The customer's own orders, as the app shows them. */
export function createEncomendasCliente({ repo, clock, fidelizacao, ledger, nomeDaLoja }: Contexto) {
  return {
    /** One of the customer's own orders; another's is 404 like an unknown one. */
    async doCliente(utilizadorId: number, id: number): Promise<EncomendaCliente> {
      const p = await repo.find(id)
      if (p?.utilizador_id !== utilizadorId) throw notFound(encomendasMensagens.naoEncontrada)
      return paraCliente(p, await nomeDaLoja(p.id_loja))
    },

    /** Spec §3 "Current order": the orders the app still shows, newest first. */
    async atuais(utilizadorId: number): Promise<EncomendaCliente[]> {
      const desde = new Date(clock.now().getTime() - ATUAIS_DURANTE_MS).toISOString()
      const rows = await repo.listAtuais(utilizadorId, desde, 5)
      if (rows.length === 0) return []
      const nomes = new Map(
        (await fidelizacao.listLojas([...new Set(rows.map((r) => r.id_loja))])).map((l) => [l.id_loja, l.nome]),
      )
      return rows.map((p) => paraCliente(p, nomes.get(p.id_loja) ?? `Loja ${p.id_loja}`))
    },

    /** What the customer's points are now and the threshold (the confirmation's points/threshold). */
    pontos: (utilizadorId: number) => ledger.pontos(utilizadorId),
  }
}
