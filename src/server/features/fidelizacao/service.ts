import { createFidelizacaoContext, type FidelizacaoDeps } from './context.ts'

export type { RegistoAniversario } from './aniversarios.ts'
export type { RegistoCartaoCarimbos } from './carimbos.ts'
export type { PromocaoEmVigor } from './ganhos-promocoes.ts'
export type { RegistoPremio } from './premios.ts'
export type { RegistoPromocao } from './promocoes.ts'
export type { RegistoRegras } from './regras.ts'

import { createAniversarios } from './aniversarios.ts'
import { createDireitosFidelizacao } from './direitos.ts'
import { createDocumentosCompras } from './documentos.ts'
import { createExpiracao } from './expiracao.ts'
import { createGestaoFidelizacao } from './gestao.ts'
import { createMovimentos, createMovimentosEncomendas } from './movimentos.ts'
import { createOpinioes } from './opinioes.ts'
import { createPremios } from './premios.ts'
import { createPromocoes } from './promocoes.ts'
import { createRegras } from './regras.ts'
import { createRelatorioFidelizacao } from './relatorio.ts'
import { createBalcao } from './till.ts'

export {
  type AtorLoja,
  type FidelizacaoDeps,
  fidelizacaoMensagens,
  IDENTIFICACAO_VALIDADE_MS,
  LOJA_LIMITES,
} from './context.ts'
export { gestaoMensagens, type RegistoAjuste } from './gestao.ts'
export type { Movimento } from './repository.ts'

/**
 * The loyalty feature's one service, composed of its sub-domains: the till (identification, purchases, refunds,
 * provisional accounts), the customer's ledger as the app reads it, opinions, and ordering's movements.
 */
export function createFidelizacaoService(deps: FidelizacaoDeps) {
  const ctx = createFidelizacaoContext(deps)
  return {
    ...createMovimentos(ctx),
    ...createBalcao(ctx),
    ...createOpinioes(ctx),
    ...createDocumentosCompras(ctx),
    encomendas: createMovimentosEncomendas(ctx),
    direitos: createDireitosFidelizacao(ctx),
    relatorio: createRelatorioFidelizacao(deps.db),
    /** The back-office's view and changes (features/admin): movements, adjustments, opinions. */
    gestao: createGestaoFidelizacao(ctx),
    /** The rules (credit, points, threshold) as the back-office reads and changes them. */
    regras: createRegras(ctx),
    /** What a reward is, as the back-office reads and defines it. */
    premios: createPremios(ctx),
    /** The promotions that apply themselves, as the back-office sets them (decision 0052). */
    promocoes: createPromocoes(ctx),
    /** The birthday reward: its definition, and the day's job that gives it (decision 0053). */
    aniversarios: createAniversarios(ctx),
    /** The stamp cards, as the back-office sets them (decision 0057). */
    carimbos: ctx.carimbos,
    /** Credit and points that expire, and the notices before (decision 0058). */
    expiracao: createExpiracao(ctx),
  }
}

export type FidelizacaoService = ReturnType<typeof createFidelizacaoService>
