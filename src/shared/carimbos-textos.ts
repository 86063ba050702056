import type { CarimbosCliente } from './carimbos.ts'

/**
 * A stamp card's words (decision 0057), free of zod so that the loyalty card (in every screen's first load) and the
 * till can say them: shared/carimbos.ts holds the schemas.
 */

/** 'Cafés: 4 de 9 carimbos. O 10.º é oferta.' */
export function descricaoCarimbos(c: Pick<CarimbosCliente, 'nome' | 'carimbos' | 'por_oferta'>): string {
  const precisos = Math.max(c.por_oferta - 1, 1)
  return `${c.nome}: ${c.carimbos} de ${precisos} ${precisos === 1 ? 'carimbo' : 'carimbos'}. O ${c.por_oferta}.º é oferta.`
}

/** 'Tem 1 oferta para usar na loja.' */
export const descricaoOfertas = (ofertas: number) =>
  `Tem ${ofertas} ${ofertas === 1 ? 'oferta' : 'ofertas'} para usar na loja.`
