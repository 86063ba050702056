import type { CarimbosMovimento } from '../../../shared/carimbos.ts'

/**
 * What a purchase did to the customer's stamp cards (decision 0057), in the till's words, one line each: the stamps and
 * offers it earned, then the offers it gave, which the staff hand over.
 */

const carimbos = (n: number) => (n === 1 ? '1 carimbo' : `${n} carimbos`)
const ofertas = (n: number) => (n === 1 ? '1 oferta' : `${n} ofertas`)

/** '1 × oferta Cafés': an offer to hand over, as the form and the result say it. */
export const ofertaAEntregar = (quantidade: number, nome: string) => `${quantidade} × oferta ${nome}`

/** What a purchase did to one card: '+2 carimbos (Cafés)', '+1 oferta (Cafés)'; and 'Entregue ao cliente: 1 × oferta Cafés'. */
export function textosDoMovimento(m: CarimbosMovimento): { ganhos: string[]; entregue: string | null } {
  const sinal = (n: number) => (n > 0 ? '+' : '')
  const ganhos: string[] = []
  if (m.carimbos_ganhos !== 0) ganhos.push(`${sinal(m.carimbos_ganhos)}${carimbos(m.carimbos_ganhos)} (${m.nome})`)
  if (m.ofertas_ganhas !== 0) ganhos.push(`${sinal(m.ofertas_ganhas)}${ofertas(m.ofertas_ganhas)} (${m.nome})`)
  const entregue = m.ofertas_usadas > 0 ? `Entregue ao cliente: ${ofertaAEntregar(m.ofertas_usadas, m.nome)}` : null
  return { ganhos, entregue }
}
