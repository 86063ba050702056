import type { Calculo } from '../../../shared/encomenda.ts'
import { ApiError } from '../../lib/api.ts'

/**
 * Which reward the order uses: the points' ('Usar prémio', decision 0051), the birthday's ('Usar o prémio de
 * aniversário', decision 0053), or none. One at most: the server refuses both.
 */
export type EscolhaPremio = 'pontos' | 'aniversario' | null

/** The choice as the calculation and the checkout send it. */
export const camposDoPremio = (escolha: EscolhaPremio) => ({
  resgatar_premio: escolha === 'pontos' ? (1 as const) : (0 as const),
  usar_premio_aniversario: escolha === 'aniversario' ? (1 as const) : (0 as const),
})

/**
 * The choice sent with the order: only while the calculation still offers that reward and it takes something off
 * (one used meanwhile at the till, or a product taken out of the cart, is not asked for).
 */
export function escolhaAEnviar(escolha: EscolhaPremio, dados: Pick<Calculo, 'premio' | 'aniversario'> | undefined) {
  const oferecido = escolha === 'pontos' ? dados?.premio : escolha === 'aniversario' ? dados?.aniversario : null
  return (oferecido?.desconto ?? 0) > 0 ? escolha : null
}

/** The checkout refused the reward asked for (used meanwhile, or taking nothing off): the order goes on without it. */
export const recusaDoPremio = (error: unknown) =>
  error instanceof ApiError && Boolean(error.fields?.resgatar_premio || error.fields?.usar_premio_aniversario)
