import { describe, expect, it } from 'vitest'
import { ESTADO, estadoTexto, MINUTOS_PROMETIDOS_MIN, minutosPrometidos } from './estado-pedido.ts'

describe('the promised minutes', () => {
  it("are the longest preparation time, never under the spec's 15, in one rule for every reader", () => {
    expect(MINUTOS_PROMETIDOS_MIN).toBe(15)
    expect(minutosPrometidos()).toBe(15)
    expect(minutosPrometidos(0, 5, 14)).toBe(15)
    expect(minutosPrometidos(5, 25, 20)).toBe(25)
    expect(estadoTexto(ESTADO.recebido, true, 8)).toBe('Recebemos o seu pedido - 15 minutos')
    expect(estadoTexto(ESTADO.recebido, true, 30)).toBe('Recebemos o seu pedido - 30 minutos')
    expect(estadoTexto(ESTADO.recebido, true)).toBe('Recebemos o seu pedido - 15 minutos')
  })
})
