import { describe, expect, it } from 'vitest'
import { dadosDoEvento, type EventoCliente, lerEvento, NOMES_EVENTOS } from './eventos.ts'

describe('lerEvento', () => {
  it('reads the order id and status of an order event', () => {
    expect(lerEvento('encomenda', '{"orderId":12,"status":1}')).toEqual({ nome: 'encomenda', orderId: 12, status: 1 })
  })

  it('ignores an order event that is not one, and names it does not know', () => {
    expect(lerEvento('encomenda', '{"orderId":"12","status":1}')).toBeNull()
    expect(lerEvento('encomenda', 'not json')).toBeNull()
    expect(lerEvento('encomenda', 'null')).toBeNull()
    expect(lerEvento('encomenda', undefined)).toBeNull()
    expect(lerEvento('message', '{}')).toBeNull()
  })

  it('reads back every event as the server writes it', () => {
    const eventos: EventoCliente[] = [
      { nome: 'encomenda', orderId: 3, status: -9 },
      { nome: 'utilizador' },
      { nome: 'notificacoes' },
      { nome: 'sessao-terminada' },
      { nome: 'reler' },
      { nome: 'ping' },
    ]
    expect(eventos.map((e) => e.nome)).toEqual(NOMES_EVENTOS)
    for (const evento of eventos) {
      expect(lerEvento(evento.nome, JSON.stringify(dadosDoEvento(evento)))).toEqual(evento)
    }
  })
})
