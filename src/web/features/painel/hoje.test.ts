import { describe, expect, it } from 'vitest'
import type { EncomendaHoje } from '../../../shared/pedido.ts'
import { procurar } from './HojePage.tsx'

const encomenda = (id: number, nome: string) => ({ id, codigo: String(id), nome }) as EncomendaHoje

describe("the board's 'Hoje' search", () => {
  const lista = [encomenda(120, 'João Gonçalves'), encomenda(12, 'Ana Silva'), encomenda(7, 'Mário Joaquim')]
  const ids = (procura: string) => procurar(lista, procura).map((o) => o.id)

  it('finds by the number, as typed from its start (with or without n.º or #)', () => {
    expect(ids('12')).toEqual([120, 12])
    expect(ids('120')).toEqual([120])
    expect(ids('n.º 7')).toEqual([7])
    expect(ids('#7')).toEqual([7])
    expect(ids('8')).toEqual([])
  })

  it('finds by any part of the name, without accents or case; nothing typed lists everything', () => {
    expect(ids('joao')).toEqual([120])
    expect(ids('  SILVA ')).toEqual([12])
    expect(ids('jo')).toEqual([120, 7])
    expect(ids('')).toEqual([120, 12, 7])
  })
})
