import { afterEach, describe, expect, it, vi } from 'vitest'
import { enumerar } from '../../../shared/enumerar.ts'
import { ApiError } from '../../lib/api.ts'
import { encerrarEncomendaFeita, lembrarEncomendaFeita } from './encomenda-feita.ts'
import {
  emFaltaParaFinalizar,
  erroComLinhas,
  mensagemSaldo,
  podeFinalizar,
  type Tentativa,
  tentativaPara,
} from './use-finalizar.ts'

describe('mensagemSaldo', () => {
  it('offers the whole balance when the order takes it all', () => {
    expect(mensagemSaldo({ customer_outstanding: 235, total_outstanding_removed: 235 })).toBe(
      'Tem 2,35\u00a0€ de saldo. Quer usá-lo nesta encomenda?',
    )
  })

  it('says how much of a larger balance the order can take', () => {
    expect(mensagemSaldo({ customer_outstanding: 1000, total_outstanding_removed: 450 })).toBe(
      'Tem 10,00\u00a0€ de saldo. Quer usar 4,50\u00a0€ nesta encomenda?',
    )
  })
})

describe('podeFinalizar (spec §5)', () => {
  const pronto = { aceitou: true, id_tipo_entrega: 0, telemovel: '912345678' }

  it('needs the terms, a delivery type and, when there is something to pay, a phone', () => {
    expect(podeFinalizar(pronto, 450)).toBe(true)
    expect(podeFinalizar({ ...pronto, aceitou: false }, 450)).toBe(false)
    expect(podeFinalizar({ ...pronto, id_tipo_entrega: null }, 450)).toBe(false)
    expect(podeFinalizar({ ...pronto, id_tipo_entrega: '1' }, 450)).toBe(true)
    expect(podeFinalizar({ ...pronto, telemovel: '  ' }, 450)).toBe(false)
  })

  it('needs no phone when the balance pays it all', () => {
    expect(podeFinalizar({ ...pronto, telemovel: '' }, 0)).toBe(true)
    expect(podeFinalizar({ ...pronto, telemovel: '' }, -5)).toBe(true)
  })

  it('says what is missing', () => {
    expect(emFaltaParaFinalizar({ aceitou: false, id_tipo_entrega: undefined, telemovel: '' }, 100)).toEqual([
      'escolha o tipo de entrega',
      'indique o telemóvel MB WAY',
      'aceite as condições',
    ])
    expect(enumerar(['a'])).toBe('a')
    expect(enumerar(['a', 'b', 'c'])).toBe('a, b e c')
  })
})

describe('erroComLinhas', () => {
  const nomes = ['Galão', 'Pastel de nata', 'Tosta mista']

  it("names the cart's bad lines in the dialog's message", () => {
    const error = new ApiError(422, 'Erro', 'O carrinho tem produtos indisponíveis.', {
      'cart.2': 'Produto indisponível.',
      'cart.0.complementares': 'Complemento indisponível.',
    })
    const e = erroComLinhas(error, nomes) as ApiError
    expect(e).toBeInstanceOf(ApiError)
    expect(e.status).toBe(422)
    expect(e.fields).toBeUndefined()
    expect(e.message).toBe(
      'O carrinho tem produtos indisponíveis.\nTosta mista: Produto indisponível.\nGalão: Complemento indisponível.',
    )
  })

  it('keeps other failures as they are', () => {
    const fechada = new ApiError(422, 'Loja fechada', 'A loja está fechada.')
    expect(erroComLinhas(fechada, nomes)).toBe(fechada)
    const campos = new ApiError(422, 'Erro', 'Falha', { telemovel: 'Telemóvel inválido' })
    expect(erroComLinhas(campos, nomes)).toBe(campos)
    const outro = new Error('x')
    expect(erroComLinhas(outro, nomes)).toBe(outro)
  })

  it('keeps the message of a line it cannot name', () => {
    const e = erroComLinhas(new ApiError(422, 'Erro', 'Carrinho inválido.', { 'cart.9': 'Não existe.' }), nomes)
    expect((e as ApiError).message).toBe('Carrinho inválido.\nNão existe.')
  })
})

describe('tentativaPara (Idempotency-Key)', () => {
  let n = 0
  const novaChave = () => `chave-${++n}`

  it('gives each new submission a new key', () => {
    const a = tentativaPara(null, '{"a":1}', novaChave)
    expect(a).toEqual({ corpo: '{"a":1}', chave: 'chave-1', semResposta: true })
    const b = tentativaPara(a, '{"a":2}', novaChave)
    expect(b.chave).toBe('chave-2')
  })

  it('sends the same key again when the same body got no answer', () => {
    const a = tentativaPara(null, '{"a":1}', novaChave)
    expect(tentativaPara(a, '{"a":1}', novaChave)).toBe(a)
  })

  it('makes a new key once the server answered, even for the same body', () => {
    const respondida: Tentativa = { corpo: '{"a":1}', chave: 'velha', semResposta: false }
    expect(tentativaPara(respondida, '{"a":1}', novaChave).chave).not.toBe('velha')
  })
})

describe('encerrarEncomendaFeita', () => {
  afterEach(() => vi.unstubAllGlobals())

  const memoria = () => {
    const m = new Map<string, string>()
    return {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => void m.set(k, v),
      removeItem: (k: string) => void m.delete(k),
    }
  }

  it('clears only the cart that became the order, once', () => {
    vi.stubGlobal('window', { localStorage: memoria() })
    lembrarEncomendaFeita({ orderId: 7, carrinho: '[1]' })
    expect(encerrarEncomendaFeita(8, '[1]')).toBe(false)
    expect(encerrarEncomendaFeita(7, '[1]')).toBe(true)
    expect(encerrarEncomendaFeita(7, '[1]')).toBe(false)
  })

  it('leaves a cart built since', () => {
    vi.stubGlobal('window', { localStorage: memoria() })
    lembrarEncomendaFeita({ orderId: 7, carrinho: '[1]' })
    expect(encerrarEncomendaFeita(7, '[2]')).toBe(false)
  })
})
