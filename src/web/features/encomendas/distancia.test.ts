import { describe, expect, it } from 'vitest'
import { distanciaKm, formatDistancia, ordenarPorDistancia } from './distancia.ts'

const chiado = { latitude: 38.7107, longitude: -9.1424 }
const porto = { latitude: 41.1496, longitude: -8.6109 }
const belem = { latitude: 38.6916, longitude: -9.216 }

describe('store distances (spec §9: haversine on 6371 km, one decimal)', () => {
  it('measures on the sphere', () => {
    expect(distanciaKm(chiado, chiado)).toBe(0)
    expect(distanciaKm(chiado, porto)).toBeCloseTo(274.95, 1)
    expect(distanciaKm(chiado, porto)).toBeCloseTo(distanciaKm(porto, chiado), 9)
    // One degree of latitude on a 6371 km sphere: 6371 × π / 180.
    expect(distanciaKm({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(111.195, 3)
  })

  it('shows one decimal with a comma', () => {
    expect(formatDistancia(1.234)).toBe('1,2 km')
    expect(formatDistancia(0.05)).toBe('0,1 km')
    expect(formatDistancia(274.952)).toBe('275,0 km')
  })

  it('sorts nearest first when the position is known, by name otherwise', () => {
    const lojas = [
      { nome: 'Porto', ...porto },
      { nome: 'Chiado', ...chiado },
      { nome: 'Belém', ...belem },
    ]
    expect(ordenarPorDistancia(lojas, porto).map((l) => l.nome)).toEqual(['Porto', 'Chiado', 'Belém'])
    expect(ordenarPorDistancia(lojas, belem).map((l) => l.nome)).toEqual(['Belém', 'Chiado', 'Porto'])
    expect(ordenarPorDistancia(lojas, null).map((l) => [l.nome, l.distancia])).toEqual([
      ['Belém', null],
      ['Chiado', null],
      ['Porto', null],
    ])
    expect(lojas.map((l) => l.nome)).toEqual(['Porto', 'Chiado', 'Belém'])
  })
})
