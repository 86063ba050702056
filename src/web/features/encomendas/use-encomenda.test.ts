import { describe, expect, it } from 'vitest'
import { anuncioTempo, idDaEncomenda, intervaloEncomenda, mmss, segundosAte } from './use-encomenda.ts'

describe('intervaloEncomenda', () => {
  it("polls every 5 s while MB WAY waits, a guest's order every 10 s, else every 30 s", () => {
    expect(intervaloEncomenda(-3)).toBe(5000)
    expect(intervaloEncomenda(-1)).toBe(30000)
    expect(intervaloEncomenda(undefined)).toBe(30000)
    // A guest's order in the kitchen, followed without the event stream.
    expect(intervaloEncomenda(-1, true)).toBe(10000)
    expect(intervaloEncomenda(2, true)).toBe(10000)
    expect(intervaloEncomenda(-3, true)).toBe(5000)
  })
})

describe('idDaEncomenda', () => {
  it('reads a positive integer id', () => {
    expect(idDaEncomenda('12')).toBe(12)
    expect(idDaEncomenda('0')).toBeNull()
    expect(idDaEncomenda('-1')).toBeNull()
    expect(idDaEncomenda('1e3')).toBeNull()
    expect(idDaEncomenda(null)).toBeNull()
  })
})

describe('countdown', () => {
  const fim = '2026-11-24T10:04:00.000Z'
  const t = (iso: string) => Date.parse(iso)

  it('counts whole seconds up to the end, never below 0', () => {
    expect(segundosAte(fim, t('2026-11-24T10:00:00.000Z'))).toBe(240)
    expect(segundosAte(fim, t('2026-11-24T10:03:59.100Z'))).toBe(1)
    expect(segundosAte(fim, t('2026-11-24T10:04:00.000Z'))).toBe(0)
    expect(segundosAte(fim, t('2026-11-24T10:09:00.000Z'))).toBe(0)
    expect(segundosAte('not a date', 0)).toBe(0)
  })

  it('shows mm:ss', () => {
    expect(mmss(272)).toBe('04:32')
    expect(mmss(59)).toBe('00:59')
    expect(mmss(0)).toBe('00:00')
    expect(mmss(3600)).toBe('60:00')
  })

  it('announces once a minute, not every second', () => {
    expect(anuncioTempo(240)).toBe('Faltam 4 minutos.')
    expect(anuncioTempo(239)).toBe('Faltam 3 minutos.')
    expect(anuncioTempo(180)).toBe('Faltam 3 minutos.')
    expect(anuncioTempo(119)).toBe('Falta 1 minuto.')
    expect(anuncioTempo(59)).toBe('Falta menos de 1 minuto.')
    expect(anuncioTempo(0)).toBe('O pedido de pagamento expirou.')
    const distintos = new Set(Array.from({ length: 241 }, (_, s) => anuncioTempo(s)))
    expect(distintos.size).toBe(6)
  })
})
