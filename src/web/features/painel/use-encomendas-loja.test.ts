import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { EncomendaLoja } from '../../../shared/pedido.ts'
import { devolucao } from './CancelarEncomendaDialog.tsx'
import { painelKeys } from './keys.ts'
import {
  atrasoReligar,
  detetarNovas,
  esperaTexto,
  horaNaLoja,
  juntar,
  minutosDesde,
  RELIGAR_MAX_MS,
  receberEncomenda,
} from './use-encomendas-loja.ts'

const encomenda = (id: number, estado: EncomendaLoja['estado'], criada_em: string): EncomendaLoja => ({
  id,
  codigo: String(id),
  estado,
  criada_em,
  id_tipo_entrega: 0,
  nome: 'Rita Fonseca',
  telemovel: '912345678',
  nif: null,
  linhas: [
    {
      produto: 'Bifana',
      qtd: 2,
      complementos: ['Queijo'],
      opcoes: ['Bem passada'],
      porcao: 'dose',
      observacoes: null,
      total: 700,
    },
  ],
  total: 700,
  desconto: 0,
  desconto_premio: 0,
  valor_pago: 700,
  levantar_em: null,
  preparar_em: null,
  mesa: null,
  documentos: [],
  verificar_idade: false,
  embalagens: [],
  recipiente_proprio: false,
})

describe('juntar (an order from the stream or an answer into the board)', () => {
  const a = encomenda(1, -1, '2026-11-24T10:00:00.000Z')
  const b = encomenda(2, -1, '2026-11-24T10:05:00.000Z')

  it('adds a new one in its place, oldest first', () => {
    expect(juntar([b], a).map((o) => o.id)).toEqual([1, 2])
    expect(juntar([a], b).map((o) => o.id)).toEqual([1, 2])
  })

  it('changes one in place and never duplicates it', () => {
    const lista = juntar([a, b], { ...a, estado: 1 })
    expect(lista.map((o) => [o.id, o.estado])).toEqual([
      [1, 1],
      [2, -1],
    ])
  })

  it('keeps ready ones until collected, and takes collected and cancelled ones off the board', () => {
    expect(juntar([a, b], { ...a, estado: 2 })).toEqual([{ ...a, estado: 2 }, b])
    expect(juntar([{ ...a, estado: 2 }, b], { ...a, estado: 3 }).map((o) => o.id)).toEqual([2])
    expect(juntar([a, b], { ...b, estado: -9 }).map((o) => o.id)).toEqual([1])
    // A closed order the board never had stays off it.
    expect(juntar([a], { ...b, estado: 3 })).toEqual([a])
  })

  it('breaks a tie in time by id', () => {
    const c = encomenda(3, -1, a.criada_em)
    expect(juntar([c], a).map((o) => o.id)).toEqual([1, 3])
  })
})

describe('detetarNovas (which orders chime)', () => {
  const a = encomenda(1, -1, '2026-11-24T10:00:00.000Z')
  const b = encomenda(2, 1, '2026-11-24T10:01:00.000Z')
  const c = encomenda(3, -1, '2026-11-24T10:02:00.000Z')

  it('finds nothing new in the first list: it was there when the board opened', () => {
    const { conhecidas, novas } = detetarNovas(null, [a, b])
    expect(novas).toEqual([])
    expect([...conhecidas]).toEqual([1, 2])
  })

  it('finds received orders never seen, once', () => {
    const primeira = detetarNovas(null, [a])
    const segunda = detetarNovas(primeira.conhecidas, [a, c])
    expect(segunda.novas.map((o) => o.id)).toEqual([3])
    expect(detetarNovas(segunda.conhecidas, [a, c]).novas).toEqual([])
  })

  it('does not call an order new that first shows up already in preparation (another tablet started it)', () => {
    const { novas, conhecidas } = detetarNovas(new Set([1]), [a, b])
    expect(novas).toEqual([])
    expect(conhecidas.has(2)).toBe(true)
  })

  it('does not change the set it was given', () => {
    const dadas = new Set([1])
    detetarNovas(dadas, [a, c])
    expect([...dadas]).toEqual([1])
  })
})

describe('time on a card', () => {
  it("shows HH:mm in the store's time: Lisbon, or the Azores an hour behind, summer and winter", () => {
    expect(horaNaLoja('2026-11-24T09:05:00.000Z')).toBe('09:05')
    expect(horaNaLoja('2026-07-01T09:05:00.000Z')).toBe('10:05')
    expect(horaNaLoja('2026-11-24T23:30:00.000Z')).toBe('23:30')
    // A store in the Azores: an hour behind, summer and winter.
    expect(horaNaLoja('2026-11-24T09:05:00.000Z', 'Atlantic/Azores')).toBe('08:05')
    expect(horaNaLoja('2026-07-01T09:05:00.000Z', 'Atlantic/Azores')).toBe('09:05')
  })

  it('counts whole minutes waited, never below zero', () => {
    const t = Date.parse('2026-11-24T10:00:00.000Z')
    expect(minutosDesde('2026-11-24T10:00:00.000Z', t + 59_999)).toBe(0)
    expect(minutosDesde('2026-11-24T10:00:00.000Z', t + 60_000)).toBe(1)
    expect(minutosDesde('2026-11-24T10:00:00.000Z', t + 17 * 60_000 + 5_000)).toBe(17)
    expect(minutosDesde('2026-11-24T10:00:30.000Z', t)).toBe(0)
  })

  it('says the wait briefly in pt-PT', () => {
    expect(esperaTexto(0)).toBe('agora')
    expect(esperaTexto(1)).toBe('há 1 min')
    expect(esperaTexto(59)).toBe('há 59 min')
    expect(esperaTexto(60)).toBe('há 1 h 00 min')
    expect(esperaTexto(125)).toBe('há 2 h 05 min')
  })
})

describe('atrasoReligar (the stream reconnection delay)', () => {
  it('doubles from one second and stops at the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 20].map((n) => atrasoReligar(n, 0))).toEqual([
      1000, 2000, 4000, 8000, 15000, 15000, 15000,
    ])
  })

  it('spreads tablets apart by up to a fifth, never more', () => {
    expect(atrasoReligar(0, 0.5)).toBe(1100)
    expect(atrasoReligar(50, 0.999)).toBeLessThanOrEqual(RELIGAR_MAX_MS * 1.2)
  })
})

describe('devolucao (what the cancel dialog says the customer gets back)', () => {
  const o = { nome: 'Rita Fonseca', valor_pago: 1250, desconto: 0, desconto_premio: 0 }

  it('names the MB WAY amount and the balance used', () => {
    expect(devolucao(o)).toBe('A encomenda não vai ser feita: são devolvidos a Rita Fonseca 12,50\u00a0€ por MB WAY.')
    expect(devolucao({ ...o, desconto: 200 })).toBe(
      'A encomenda não vai ser feita: são devolvidos a Rita Fonseca 12,50\u00a0€ por MB WAY e 2,00\u00a0€ de saldo.',
    )
    expect(devolucao({ ...o, valor_pago: 0, desconto: 450 })).toBe(
      'A encomenda não vai ser feita: são devolvidos a Rita Fonseca 4,50\u00a0€ de saldo.',
    )
    // A reward used on it goes back too, the last of the list after 'e'.
    expect(devolucao({ ...o, desconto: 200, desconto_premio: 90 })).toBe(
      'A encomenda não vai ser feita: são devolvidos a Rita Fonseca 12,50\u00a0€ por MB WAY, 2,00\u00a0€ de saldo e o prémio usado.',
    )
  })

  it('has words for an order without a name or anything paid', () => {
    expect(devolucao({ nome: ' ', valor_pago: 0, desconto: 0, desconto_premio: 0 })).toBe(
      'A encomenda não vai ser feita e o cliente recebe o aviso.',
    )
  })
})

describe('receberEncomenda (an order from the stream while the list may be on its way)', () => {
  /** A board whose list comes from `servidor` (what the server holds when the read begins), each read released by hand. */
  function quadro() {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } })
    let servidor: EncomendaLoja[] = []
    const leituras: Array<() => void> = []
    // An observer, as the board's useQuery is: invalidating refetches only queries someone watches.
    const observer = new QueryObserver(queryClient, {
      queryKey: painelKeys.encomendas(),
      queryFn: () => {
        const lida = servidor
        return new Promise<EncomendaLoja[]>((resolve) => leituras.push(() => resolve(lida)))
      },
    })
    return {
      queryClient,
      set: (lista: EncomendaLoja[]) => {
        servidor = lista
      },
      /** The first read when the board opens (subscribing), a later one (the periodic read) after. */
      ler: () => {
        if (observer.hasListeners()) void observer.refetch()
        else observer.subscribe(() => {})
      },
      /** Lets every read under way answer, then waits for the cache to settle. */
      async soltar() {
        for (let i = 0; i < 5; i++) {
          for (const l of leituras.splice(0)) l()
          await new Promise((r) => setTimeout(r, 0))
        }
      },
      lista: () => queryClient.getQueryData<EncomendaLoja[]>(painelKeys.encomendas())?.map((o) => o.id),
    }
  }
  const paga = encomenda(3, -1, '2026-11-24T10:00:00Z')

  it('an order paid while the first list is on its way is on the board once the list lands', async () => {
    const q = quadro()
    q.ler() // the board's first read: the order is not paid yet
    q.set([paga]) // it is paid now, and the stream says so before that read answers
    receberEncomenda(q.queryClient, paga)
    await q.soltar()
    expect(q.lista()).toEqual([3])
  })

  it('an order paid while a later read is on its way is not taken off the board by that read', async () => {
    const q = quadro()
    q.ler()
    await q.soltar()
    expect(q.lista()).toEqual([])
    q.ler() // the periodic read begins
    q.set([paga])
    receberEncomenda(q.queryClient, paga)
    expect(q.lista()).toEqual([3]) // shown at once
    await q.soltar()
    expect(q.lista()).toEqual([3]) // and still there once the older read has landed
  })

  it('with no read under way the order joins the list without reading it again', async () => {
    const q = quadro()
    q.ler()
    await q.soltar()
    receberEncomenda(q.queryClient, paga)
    expect(q.queryClient.isFetching()).toBe(0)
    expect(q.lista()).toEqual([3])
  })
})
