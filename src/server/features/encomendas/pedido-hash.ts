import type { z } from 'zod'
import type { FinalizaEncomendaSchema } from '../../../shared/encomenda.ts'
import { sha256 } from '../../platform/crypto.ts'
import { canonical } from '../../platform/idempotency.ts'

/**
 * The checkout's body as its Idempotency-Key's record keeps it: a retry with the same key and another body is refused.
 * A field added since keeps its default out of it, so that a retry sent across that change still finds its order: the
 * customer's own container, pick-up times and tables, payment methods (an MB WAY order's body hashes as before them),
 * a reward used.
 */
export function hashDoPedido(input: z.output<typeof FinalizaEncomendaSchema>): string {
  const { recipiente_proprio, levantar_em, mesa, metodo, resgatar_premio, usar_premio_aniversario, ...base } = input
  return sha256(
    canonical({
      ...base,
      ...(metodo !== 'mbway' ? { metodo } : {}),
      ...(recipiente_proprio === 1 ? { recipiente_proprio } : {}),
      ...(levantar_em !== null ? { levantar_em } : {}),
      ...(mesa !== null ? { mesa } : {}),
      ...(resgatar_premio === 1 ? { resgatar_premio } : {}),
      ...(usar_premio_aniversario === 1 ? { usar_premio_aniversario } : {}),
    }),
  )
}
