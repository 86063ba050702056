import { describe, expect, it } from 'vitest'
import { lerLojaCookie, SEM_LOJA, valorLojaCookie } from './page-data.ts'

describe('the store cookie', () => {
  it('says the store and the kind of sale, and reads back what it wrote', () => {
    expect(valorLojaCookie({ id_loja: 12, id_tipo_entrega: 0 })).toBe('12')
    expect(valorLojaCookie({ id_loja: 12, id_tipo_entrega: 1 })).toBe('12.1')
    expect(valorLojaCookie(SEM_LOJA)).toBe('')
    for (const escolha of [
      { id_loja: 12, id_tipo_entrega: 0 },
      { id_loja: 3, id_tipo_entrega: 1 },
    ] as const) {
      expect(lerLojaCookie(valorLojaCookie(escolha))).toEqual(escolha)
    }
  })

  it('reads anything else as no store', () => {
    for (const valor of [undefined, '', '0', '-1', '1.2', '1.', '01', '1e3', '12345678901', ' 1', '1;x']) {
      expect(lerLojaCookie(valor), String(valor)).toEqual(SEM_LOJA)
    }
    // A cookie written before the kind of sale was in it: take away.
    expect(lerLojaCookie('5')).toEqual({ id_loja: 5, id_tipo_entrega: 0 })
  })
})
