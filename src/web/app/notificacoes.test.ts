import { describe, expect, it } from 'vitest'
import type { Notificacao } from '../../shared/notificacoes.ts'
import { comLeitura, naoLidas } from './notificacoes.ts'

const n = (id: number, read = false): Notificacao => ({
  id,
  timestamp: 1_764_000_000 + id,
  titulo: `N${id}`,
  texto: '<p>x</p>',
  read,
  ligacao: null,
})

describe('what is unread', () => {
  it("a guest's list is read against the newest id this device saw; a customer's is as the server says", () => {
    const lista = [n(5), n(3), n(1)]
    expect(comLeitura(lista, true, 3).map((x) => x.read)).toEqual([false, true, true])
    expect(comLeitura(lista, true, 0).map((x) => x.read)).toEqual([false, false, false])
    expect(comLeitura([n(2, true), n(1)], false, 99).map((x) => x.read)).toEqual([true, false])
  })

  it('counts the unread, and nothing before the list arrives', () => {
    expect(naoLidas([n(3), n(2, true), n(1)])).toBe(2)
    expect(naoLidas(undefined)).toBe(0)
  })
})
