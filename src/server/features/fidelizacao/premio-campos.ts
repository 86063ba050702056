import type { Premio, PremioResumo } from '../../../shared/premios.ts'
import type { Movimento } from './repository.ts'

/** What a reward is, as a purchase, the app and the till name it (decision 0051). */

export const resumoDe = (p: PremioResumo): PremioResumo => ({ id: p.id, nome: p.nome, tipo: p.tipo, valor: p.valor })

/** A definition as the app and the back-office read it: without when it was made. */
export const premioDe = ({ criado_em: _, ...p }: Premio & { criado_em: string }): Premio => p

/** What a purchase records of the reward it redeemed (`premio`: its definition), and what it took off the bill. */
export const camposDoPremio = (premio: PremioResumo | null | undefined, descontoPremio: number) =>
  premio
    ? {
        premio_id: premio.id,
        premio_nome: premio.nome,
        premio_tipo: premio.tipo,
        premio_valor: premio.valor,
        desconto_premio: descontoPremio,
      }
    : {}

/** The rewards a purchase redeemed, one entry each, as they were defined when it was written (STORE-API.md). */
export function premiosDoMovimento(m: Movimento): PremioResumo[] {
  if (m.tipo !== 'compra' || m.premio_id === null || m.premio_nome === null) return []
  const premio = { id: m.premio_id, nome: m.premio_nome, tipo: m.premio_tipo ?? 'produto', valor: m.premio_valor }
  // A reward named with none counted is the birthday's (decision 0053): one, on its own.
  return Array.from({ length: Math.max(m.itens_redimidos, 1) }, () => premio)
}
