import type { PrivateData } from '../../../shared/conta.ts'
import type { FidelizacaoDados, Transacao } from '../../../shared/fidelizacao.ts'
import type { EncomendaCliente } from '../../../shared/pedido.ts'
import type { Sessao } from '../../platform/sessions.ts'
import type { ContaService } from '../conta/service.ts'

export interface DadosPrivadosDeps {
  conta: Pick<ContaService, 'parteDaSessao'>
  /** The loyalty part (balances and ledger belong to loyalty, not to the account row). */
  fidelizacao: {
    partOf(utilizador: { id: number; registoCompleto: boolean }): Promise<{
      dados: FidelizacaoDados
      transacoes: Transacao[]
    }>
  }
  /** The customer's current orders (spec §3 "Current order"), as ordering answers them. */
  encomendasDe(utilizadorId: number): Promise<EncomendaCliente[]>
}

/**
 * The customer's private data (spec §7: `user`, `transacoes`, `ordering`), which three features answer together: the
 * account, loyalty and ordering each give their part, and none of them depends on the others for it.
 */
export function createDadosPrivadosService({ conta, fidelizacao, encomendasDe }: DadosPrivadosDeps) {
  return {
    async de(sessao: Sessao): Promise<PrivateData> {
      const parte = await conta.parteDaSessao(sessao)
      const [loyalty, ordering] = parte.cliente
        ? await Promise.all([fidelizacao.partOf(parte.cliente), encomendasDe(parte.cliente.id)])
        : [undefined, []]
      return {
        user: {
          loggedIn: parte.cliente !== null,
          sawOnboarding: parte.sawOnboarding,
          data: parte.cliente && loyalty ? parte.userData(loyalty.dados) : null,
        },
        transacoes: loyalty?.transacoes ?? [],
        ordering,
      }
    },
  }
}

export type DadosPrivadosService = ReturnType<typeof createDadosPrivadosService>
