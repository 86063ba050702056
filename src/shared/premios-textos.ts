import { formatDia, formatMoney } from './format.ts'

/** A reward's words, free of zod so that the card and the till's first screens can say them (shared/premios.ts). */

export type TipoPremio = 'produto' | 'valor'

interface PremioNomeado {
  nome: string
  tipo: TipoPremio
  valor: number
}

/** `Café oferta`, `2,00 € de desconto`: what a reward gives, in the till's and the card's words. */
export const descricaoPremio = (p: PremioNomeado) =>
  p.tipo === 'valor' ? `${p.nome} (${formatMoney(p.valor)} de desconto)` : p.nome

/**
 * Whether a reward can be used in an app order as well as at the till: an amount off, or a product the menus name by its
 * POS code (one with none is given only at the counter).
 */
export const usavelAoEncomendar = (p: { tipo: TipoPremio; cod_produto?: string | null }) =>
  p.tipo === 'valor' || Boolean(p.cod_produto)

/** `Tem 1 prémio: Café oferta.` — what the card says of the rewards held. */
export function temPremios(itens: number, premio: Pick<PremioNomeado, 'nome'> | null): string {
  const quantos = `${itens} ${itens === 1 ? 'prémio' : 'prémios'}`
  return premio ? `Tem ${quantos}: ${premio.nome}.` : `Tem ${quantos} para usar na loja.`
}

/** `Prémio de aniversário: Bolo oferta, até 12/12/2026.` — the card's and the till's words for it. */
export const fraseAniversario = (p: PremioNomeado & { valido_ate: string }) =>
  `Prémio de aniversário: ${aniversarioAte(p)}.`

/** `Bolo oferta, até 12/12/2026`: what the birthday reward gives and its last day. */
export const aniversarioAte = (p: PremioNomeado & { valido_ate: string }) =>
  `${descricaoPremio(p)}, até ${formatDia(p.valido_ate)}`
