import { formatKm } from '../../../shared/format.ts'

/** Spec §9: distances on a sphere of radius 6371 km (haversine), shown with one decimal. */
export const RAIO_TERRA_KM = 6371

export interface Ponto {
  latitude: number
  longitude: number
}

const rad = (graus: number) => (graus * Math.PI) / 180

/** Great-circle distance in km (haversine). */
export function distanciaKm(a: Ponto, b: Ponto): number {
  const dLat = rad(b.latitude - a.latitude)
  const dLon = rad(b.longitude - a.longitude)
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2
  return 2 * RAIO_TERRA_KM * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** `1,2 km`: one decimal, pt-PT comma. */
export const formatDistancia = formatKm

/** A new list, nearest first when the position is known; by name (pt-PT collation) otherwise. */
export function ordenarPorDistancia<T extends Ponto & { nome: string }>(
  lojas: readonly T[],
  aqui: Ponto | null,
): (T & { distancia: number | null })[] {
  const porNome = (a: T, b: T) => a.nome.localeCompare(b.nome, 'pt')
  return lojas
    .map((l) => ({ ...l, distancia: aqui ? distanciaKm(aqui, l) : null }))
    .sort((a, b) =>
      a.distancia !== null && b.distancia !== null ? a.distancia - b.distancia || porNome(a, b) : porNome(a, b),
    )
}
