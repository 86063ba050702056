import { describe, expect, it } from 'vitest'
import { LinhaCarrinhoSchema } from '../../../shared/encomenda.ts'
import { textoPermitido } from '../../../shared/validacao.ts'
import {
  type EstadoEncomendaLocal,
  type LinhaLocal,
  lerGuardado,
  notaDe,
  quantidadeDe,
  subtotalDe,
  transicoes,
} from './carrinho.ts'
import { chaveDaLinha, paraApi } from './carrinho-api.ts'
import { limparNota } from './nota.ts'

const galao = (over: Partial<LinhaLocal> = {}): LinhaLocal => ({
  id: '1002',
  qtd: 1,
  complementares: ['C1'],
  opcoes: ['A2'],
  nome: 'Galão',
  unitario: 200,
  ...over,
})
const vazio: EstadoEncomendaLocal = { id_loja: 862, id_tipo_entrega: 0, usar_premio: 0, linhas: [], mesa: null }

describe('the cart kept on the device (spec §4)', () => {
  it('adds up the same choice (in any order of ids) and keeps different choices apart', () => {
    let s = transicoes.adicionar(vazio, galao({ complementares: ['C1', 'C2'] }))
    s = transicoes.adicionar(s, galao({ qtd: 2, complementares: ['C2', 'C1'] }))
    s = transicoes.adicionar(s, galao({ complementares: ['C1', 'C2'], opcoes: ['A1'] }))
    s = transicoes.adicionar(s, galao({ id: '1003', complementares: ['C1', 'C2'] }))
    expect(s.linhas.map((l) => [l.id, l.qtd])).toEqual([
      ['1002', 3],
      ['1002', 1],
      ['1003', 1],
    ])
    expect(quantidadeDe(s.linhas)).toBe(5)
  })

  it('caps a line at 99 units, on adding and on plus', () => {
    let s = transicoes.adicionar(vazio, galao({ qtd: 98 }))
    s = transicoes.adicionar(s, galao({ qtd: 5 }))
    expect(s.linhas[0]?.qtd).toBe(99)
    s = transicoes.incrementar(s, 0)
    expect(s.linhas[0]?.qtd).toBe(99)
    expect(transicoes.adicionar(vazio, galao({ qtd: 150 })).linhas[0]?.qtd).toBe(99)
    expect(transicoes.adicionar(vazio, galao({ qtd: 0 })).linhas).toEqual([])
  })

  it('removes a line when minus takes it to zero, and on Remover', () => {
    let s = transicoes.adicionar(vazio, galao())
    s = transicoes.adicionar(s, galao({ id: '2001', nome: 'Croissant', unitario: 150 }))
    s = transicoes.incrementar(s, 0)
    expect(s.linhas[0]?.qtd).toBe(2)
    s = transicoes.decrementar(transicoes.decrementar(s, 0), 0)
    expect(s.linhas.map((l) => l.nome)).toEqual(['Croissant'])
    expect(transicoes.remover(s, 0).linhas).toEqual([])
    expect(transicoes.remover(s, 5)).toBe(s)
    expect(transicoes.decrementar(s, 5)).toBe(s)
  })

  it('empties the cart when the store is chosen again, or the delivery type changes', () => {
    const s = transicoes.adicionar({ ...vazio, usar_premio: 1 }, galao())
    expect(transicoes.escolherLoja(s, 848, 1)).toEqual({
      id_loja: 848,
      id_tipo_entrega: 1,
      usar_premio: 1,
      linhas: [],
      mesa: null,
    })
    expect(transicoes.escolherLoja(s, 862, 0).linhas).toEqual([])
    expect(transicoes.definirTipoEntrega(s, 0)).toBe(s)
    expect(transicoes.definirTipoEntrega(s, 1)).toEqual({ ...s, id_tipo_entrega: 1, linhas: [] })
  })

  it("shows each line's price for the delivery type, the checkout's change of type included; re-adding refreshes it", () => {
    // A nata: 1,30 € take-away, 1,50 € eating in (the store's price tiers).
    const nata = (over: Partial<LinhaLocal> = {}) =>
      galao({ id: '2001', complementares: [], opcoes: [], unitario: 130, unitarioNaLoja: 150, ...over })
    let s = transicoes.adicionar(vazio, nata({ qtd: 2 }))
    expect(subtotalDe(s.linhas, 0)).toBe(260)
    s = transicoes.tipoEncomendado(s, 1)
    expect(subtotalDe(s.linhas, s.id_tipo_entrega)).toBe(300)
    // The store's manager changed the tiers: the product page's new prices replace the line's as it adds up.
    s = transicoes.adicionar(s, nata({ unitario: 140, unitarioNaLoja: 160 }))
    expect(s.linhas).toHaveLength(1)
    expect(subtotalDe(s.linhas, 1)).toBe(3 * 160)
    expect(subtotalDe(s.linhas, 0)).toBe(3 * 140)
    // A line stored before the tiers has one price for both.
    expect(subtotalDe([galao({ unitario: 200 })], 1)).toBe(200)
    expect(
      lerGuardado(JSON.stringify({ ...s, linhas: [{ ...s.linhas[0], unitarioNaLoja: 'x' }] })).linhas[0],
    ).not.toHaveProperty('unitarioNaLoja')
    expect(lerGuardado(JSON.stringify(s)).linhas[0]).toMatchObject({ unitario: 140, unitarioNaLoja: 160 })
  })

  it('records the delivery type an order was sent with, keeping the cart that became it', () => {
    const s = transicoes.adicionar(vazio, galao())
    expect(transicoes.tipoEncomendado(s, 1)).toEqual({ ...s, id_tipo_entrega: 1 })
    expect(transicoes.tipoEncomendado(s, 0)).toBe(s)
  })

  it('clears the lines and keeps the store and type; totals and the API shape', () => {
    let s = transicoes.adicionar({ ...vazio, id_tipo_entrega: 1, usar_premio: 1 }, galao({ qtd: 2 }))
    s = transicoes.adicionar(s, galao({ id: '2001', complementares: [], opcoes: [], unitario: 150, detalhes: ['x'] }))
    expect(subtotalDe(s.linhas, 1)).toBe(2 * 200 + 150)
    expect(paraApi(s.linhas)).toEqual([
      { id: '1002', qtd: 2, complementares: ['C1'], opcoes: ['A2'], porcao: 'dose' },
      { id: '2001', qtd: 1, complementares: [], opcoes: [], porcao: 'dose' },
    ])
    expect(transicoes.limpar(s)).toEqual({ id_loja: 862, id_tipo_entrega: 1, usar_premio: 0, linhas: [], mesa: null })
  })

  it('reads back what was stored, forgiving anything unreadable', () => {
    const s = transicoes.adicionar(vazio, galao({ detalhes: ['Leite de aveia'] }))
    expect(lerGuardado(JSON.stringify(s))).toEqual(s)
    expect(lerGuardado(null)).toEqual({ id_loja: null, id_tipo_entrega: 0, usar_premio: 0, linhas: [], mesa: null })
    expect(lerGuardado('{not json')).toEqual(lerGuardado(null))
    expect(lerGuardado('"862"')).toEqual(lerGuardado(null))
    const estragado = { id_loja: '862', id_tipo_entrega: 7, linhas: [galao(), { id: 3 }, galao({ qtd: -1 }), null] }
    expect(lerGuardado(JSON.stringify(estragado))).toEqual({
      id_loja: null,
      id_tipo_entrega: 0,
      usar_premio: 0,
      linhas: [galao()],
      mesa: null,
    })
  })

  it('keeps a half portion and a different note apart from the full dose: each its own line, key and API line', () => {
    let s = transicoes.adicionar(vazio, galao())
    s = transicoes.adicionar(s, galao({ porcao: 'meia', rotuloPorcao: 'Meia dose' }))
    s = transicoes.adicionar(s, galao({ porcao: 'meia', observacoes: 'Sem cebola' }))
    s = transicoes.adicionar(s, galao({ porcao: 'meia', observacoes: limparNota('  Sem   cebola ') }))
    s = transicoes.adicionar(s, galao({ porcao: 'dose', observacoes: '' }))
    expect(s.linhas.map((l) => [l.porcao ?? 'dose', l.observacoes ?? '', l.qtd])).toEqual([
      ['dose', '', 2],
      ['meia', '', 1],
      ['meia', 'Sem cebola', 2],
    ])
    expect(new Set(s.linhas.map(chaveDaLinha)).size).toBe(3)
    expect(paraApi(s.linhas)).toEqual([
      { id: '1002', qtd: 2, complementares: ['C1'], opcoes: ['A2'], porcao: 'dose' },
      { id: '1002', qtd: 1, complementares: ['C1'], opcoes: ['A2'], porcao: 'meia' },
      { id: '1002', qtd: 2, complementares: ['C1'], opcoes: ['A2'], porcao: 'meia', observacoes: 'Sem cebola' },
    ])
    expect(lerGuardado(JSON.stringify(s))).toEqual(s)
  })

  it('sends a note as one line of at most 140 characters, without control characters', () => {
    const s = transicoes.adicionar(vazio, galao({ observacoes: limparNota(`Sem\ncebola\u0000${'x'.repeat(200)}`) }))
    const nota = paraApi(s.linhas)[0]?.observacoes ?? ''
    expect(nota).toMatch(/^Sem cebola x+$/)
    expect(nota).toHaveLength(140)
  })

  it('cleans a note by the server’s own rule: a pasted invisible character never makes the checkout fail', () => {
    const invisiveis = '\u200B\u200E\u200F\u061C\u202A\u202E\u2066\u2069\uFEFF\u0085\uD800'
    const s = transicoes.adicionar(
      vazio,
      galao({ observacoes: limparNota(`Sem${invisiveis} cebola\u2028bem passado`) }),
    )
    const nota = notaDe(s.linhas[0] ?? {})
    expect(nota).toBe('Sem cebola bem passado')
    expect(textoPermitido(nota)).toBe(true)
    expect(LinhaCarrinhoSchema.safeParse({ id: '1', qtd: 1, observacoes: nota }).success).toBe(true)
    // Only invisible characters: no note at all.
    expect(limparNota('\u200B\uFEFF ')).toBe('')
  })

  it('cuts a long note at 140 UTF-16 units without splitting an emoji in two', () => {
    const nota = limparNota(`${'x'.repeat(139)}😀 mais`)
    expect(nota).toBe('x'.repeat(139))
    expect(textoPermitido(nota)).toBe(true)
    const emojis = limparNota('😀'.repeat(100))
    expect(emojis).toBe('😀'.repeat(70))
    expect(LinhaCarrinhoSchema.safeParse({ id: '1', qtd: 1, observacoes: emojis }).success).toBe(true)
  })
})

describe("a table's code on the device (decision 0045)", () => {
  const mesa = { id_loja: 862, numero: 4, codigo: '862-4-abcdefghijklmnop', ate: 2_000_000 }

  it('seats the cart at the table: its store, eating in; the cart kept only when it already was that', () => {
    const comLinha = transicoes.adicionar(vazio, galao())
    // Take-away at the same store: another kind of sale, so the cart empties, as any change of store or type.
    expect(transicoes.sentarMesa(comLinha, mesa)).toEqual({ ...vazio, id_tipo_entrega: 1, mesa })
    const aComer = transicoes.adicionar({ ...vazio, id_tipo_entrega: 1 }, galao())
    expect(transicoes.sentarMesa(aComer, mesa)).toEqual({ ...aComer, mesa })
    // Another store or take-away leaves the table.
    const sentado = transicoes.sentarMesa(aComer, mesa)
    expect(transicoes.escolherLoja(sentado, 848, 1).mesa).toBeNull()
    expect(transicoes.definirTipoEntrega(sentado, 0).mesa).toBeNull()
  })

  it('keeps the table across a reload while it holds, and only for its store eating in', () => {
    const sentado = transicoes.sentarMesa({ ...vazio, id_tipo_entrega: 1 }, mesa)
    const texto = JSON.stringify(sentado)
    expect(lerGuardado(texto, 1_000_000).mesa).toEqual(mesa)
    expect(lerGuardado(texto, 2_000_001).mesa).toBeNull()
    expect(lerGuardado(JSON.stringify({ ...sentado, id_loja: 848 }), 1_000_000).mesa).toBeNull()
    expect(lerGuardado(JSON.stringify({ ...sentado, mesa: { ...mesa, numero: 'x' } }), 1_000_000).mesa).toBeNull()
  })
})
