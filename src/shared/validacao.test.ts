import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { EmentaSchema } from './ementa.ts'
import { FinalizaEncomendaSchema, IdLojaSchema } from './encomenda.ts'
import { IdParams, OpiniaoSchema } from './fidelizacao.ts'
import {
  IdSchema,
  IdTextoSchema,
  idParams,
  MULTILINHA,
  mensagens,
  obrigatorio,
  opcional,
  primeiroTextoProibido,
  texto,
  textoPermitido,
} from './validacao.ts'

/** Every C0 control, DEL, and lone surrogates of both halves, alone and inside text. */
const SEMPRE_PROIBIDOS = [
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)).filter((c) => c !== '\t' && c !== '\n'),
  '\u007f',
  '\ud800',
  '\udbff',
  '\udc00',
  '\udfff',
  '\r',
  // C1 controls (NEL among them), the line and paragraph separators, bidi embeddings, overrides, isolates and marks,
  // the zero-width space and U+FEFF.
  '\u0080',
  '\u0085',
  '\u009f',
  '\u2028',
  '\u2029',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200e',
  '\u200f',
  '\u061c',
  '\u200b',
  '\ufeff',
]

const mensagemDe = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value)
  return result.success ? null : result.error.issues.map((i) => i.message)
}

describe('the text rule', () => {
  it('refuses every C0 control, DEL and lone surrogates in single-line text, and lets ordinary text through', () => {
    for (const c of [...SEMPRE_PROIBIDOS, '\t', '\n', '\r\n']) {
      expect(textoPermitido(`a${c}b`), JSON.stringify(c)).toBe(false)
    }
    // The zero-width joiners stay: a family emoji, a Persian word.
    const oks = [
      'Ana Silva',
      'Pão de ló — 2,50 €',
      'emoji 😀 fine',
      'ç ã õ ñ',
      '\u00a0',
      '👨\u200d👩\u200d👧',
      'می\u200cخواهم',
      '',
    ]
    for (const ok of oks) {
      expect(textoPermitido(ok), ok).toBe(true)
    }
  })

  it('allows tab, LF and CRLF in multi-line text, nothing else', () => {
    for (const ok of ['linha 1\nlinha 2', 'a\tb', 'Windows\r\nline', '😀\n😀', '👨\u200d👩\u200d👧\nok'])
      expect(textoPermitido(ok, true)).toBe(true)
    for (const c of SEMPRE_PROIBIDOS) expect(textoPermitido(`a${c}b`, true), JSON.stringify(c)).toBe(false)
    // A lone CR is not a newline.
    expect(textoPermitido('a\rb', true)).toBe(false)
    expect(textoPermitido('a\r', true)).toBe(false)
  })

  it('is the message of every text helper, single-line unless MULTILINHA', () => {
    for (const schema of [obrigatorio(), opcional(), texto()]) {
      expect(mensagemDe(schema, 'a\u0000b')).toEqual([mensagens.caracteresProibidos])
      expect(mensagemDe(schema, 'a\ud800')).toEqual([mensagens.caracteresProibidos])
      expect(mensagemDe(schema, 'a\u0007')).toEqual([mensagens.caracteresProibidos])
      expect(mensagemDe(schema, 'a\nb')).toEqual([mensagens.caracteresProibidos])
      expect(mensagemDe(schema, 'a\tb')).toEqual([mensagens.caracteresProibidos])
    }
    for (const schema of [obrigatorio(200, MULTILINHA), opcional(200, MULTILINHA), texto(200, MULTILINHA)]) {
      expect(schema.parse('linha 1\nlinha 2\ttab')).toBe('linha 1\nlinha 2\ttab')
      expect(mensagemDe(schema, 'a\u0000b')).toEqual([mensagens.caracteresProibidos])
      expect(mensagemDe(schema, 'a\udfffb')).toEqual([mensagens.caracteresProibidos])
    }
    // Surrounding spaces (and a trailing newline) are dropped as before; the other messages are unchanged.
    expect(obrigatorio().parse('  Ana \n')).toBe('Ana')
    expect(mensagemDe(obrigatorio(), '')).toEqual([mensagens.obrigatorio])
    expect(mensagemDe(obrigatorio(3), 'abcd')).toEqual([mensagens.tamanhoMaximo(3)])
    expect(opcional().parse('')).toBeNull()
  })

  it('holds in the shared forms and payloads: checkout, opinion, menu', () => {
    const checkout = {
      id_tipo_entrega: 0,
      telemovel: '912345678',
      aceitou: true,
      nome: 'Ana',
      email: 'ana@exemplo.pt',
      cart: [{ id: '1001', qtd: 1 }],
      id_loja: 862,
    }
    expect(FinalizaEncomendaSchema.safeParse(checkout).success).toBe(true)
    const fields = (schema: z.ZodType, value: unknown) =>
      Object.fromEntries(
        (schema.safeParse(value).error?.issues ?? []).map((i) => [i.path.join('.'), i.message] as const),
      )
    expect(fields(FinalizaEncomendaSchema, { ...checkout, nome: 'A\u0000na' })).toEqual({
      nome: mensagens.caracteresProibidos,
    })
    expect(fields(FinalizaEncomendaSchema, { ...checkout, cart: [{ id: '10\u000701', qtd: 1 }] })).toEqual({
      'cart.0.id': mensagens.caracteresProibidos,
    })
    const opiniao = { loja: 862, comentario: 'Bom\nmuito bom' }
    expect(OpiniaoSchema.parse(opiniao).comentario).toBe('Bom\nmuito bom')
    expect(fields(OpiniaoSchema, { ...opiniao, comentario: 'Bom\u0000' })).toEqual({
      comentario: mensagens.caracteresProibidos,
    })
    const ementa = { hash: 'v1', last_update: '2026-11-20', seccoes: [] }
    expect(fields(EmentaSchema, { ...ementa, hash: 'v\u00001' })).toEqual({ hash: mensagens.caracteresProibidos })
  })

  it('finds the first bad string of any JSON value by its path, keys included, without recursion', () => {
    expect(primeiroTextoProibido({ a: 'ok', b: ['x', 'y\n', { c: 'z\u0000' }] })).toBe('b.2.c')
    expect(primeiroTextoProibido({ a: 'ok', list: [1, true, null, 'tab\there'] })).toBeNull()
    expect(primeiroTextoProibido('\ud800')).toBe('')
    expect(primeiroTextoProibido({ 'chave\u0000': 1 })).toBe('chave\ufffd')
    expect(primeiroTextoProibido({ x: { '\ud800': 'v' } })).toBe('x.\ufffd')
    expect(primeiroTextoProibido(null)).toBeNull()
    expect(primeiroTextoProibido(42)).toBeNull()
    // Far deeper than any call stack: a loop, not recursion.
    let deep: unknown = 'fundo\u0007'
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(primeiroTextoProibido(deep)).toMatch(/^(0\.){99999}0$/)
  })
})

describe('ids', () => {
  it('reads an id in a path as plain digits only', () => {
    expect(IdTextoSchema.parse('16')).toBe(16)
    expect(IdTextoSchema.parse('2147483647')).toBe(2_147_483_647)
    for (const bad of [
      '0x10',
      '+16',
      '16.0',
      '016',
      '1.6e1',
      ' 16',
      '16 ',
      '-16',
      '0',
      '',
      '2147483648',
      '9999999999',
      '１６',
      '1_6',
    ]) {
      expect(mensagemDe(IdTextoSchema, bad), bad).toEqual([mensagens.valorInvalido])
    }
  })

  it('is every numeric path parameter and every body id', () => {
    const params = idParams('id', 'outro')
    expect(params.parse({ id: '40', outro: '7' })).toEqual({ id: 40, outro: 7 })
    expect(params.safeParse({ id: '0x28', outro: '7' }).success).toBe(false)
    expect(IdParams.parse({ id: '40' })).toEqual({ id: 40 })
    expect(IdParams.safeParse({ id: '040' }).success).toBe(false)
    // In a body, a JSON integer, or its text by the same rule.
    for (const schema of [IdSchema, IdLojaSchema]) {
      expect(schema.parse(862)).toBe(862)
      expect(schema.parse('862')).toBe(862)
      for (const bad of ['0x10', '+16', '016', 16.5, 0, -1, 2_147_483_648, true, null]) {
        expect(schema.safeParse(bad).success, String(bad)).toBe(false)
      }
    }
  })
})
