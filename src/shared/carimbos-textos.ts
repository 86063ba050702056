import type { CarimbosCliente } from './carimbos.ts'

/**
 * A stamp card's words (decision 0057), free of zod so that the loyalty card (in every screen's first load) and the
 * till can say them: shared/carimbos.ts holds the schemas.
 */

/** Stamps that make one offer: every Nth is offered, so N − 1 bought (at least 1). */
export const carimbosPorOferta = (porOferta: number) => Math.max(porOferta - 1, 1)

/** The most offers of one card a purchase gives (each entry of `ofertas_carimbos`). */
export const OFERTAS_POR_COMPRA_MAX = 100

/** 'Cafés: 4 de 9 carimbos. O 10.º é oferta.' */
export function descricaoCarimbos(c: Pick<CarimbosCliente, 'nome' | 'carimbos' | 'por_oferta'>): string {
  const precisos = carimbosPorOferta(c.por_oferta)
  return `${c.nome}: ${c.carimbos} de ${precisos} ${precisos === 1 ? 'carimbo' : 'carimbos'}. O ${c.por_oferta}.º é oferta.`
}

/** 'Tem 1 oferta para usar na loja.' */
export const descricaoOfertas = (ofertas: number) =>
  `Tem ${ofertas} ${ofertas === 1 ? 'oferta' : 'ofertas'} para usar na loja.`
