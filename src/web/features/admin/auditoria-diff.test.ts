import { describe, expect, it } from 'vitest'
import { diffAuditoria } from './auditoria-diff.ts'

describe("the audit log's change", () => {
  it('an edit: only the fields it changed, before → after', () => {
    const antes = JSON.stringify({ id: 7, nome: 'Chiado', em_pausa: false, pausa_ate: null, tabelas: [1] })
    const depois = JSON.stringify({
      id: 7,
      nome: 'Chiado',
      em_pausa: true,
      pausa_ate: '2026-11-23T15:00:00.000Z',
      tabelas: [1, 2],
    })
    expect(diffAuditoria(antes, depois)).toEqual([
      { campo: 'em_pausa', antes: 'não', depois: 'sim' },
      { campo: 'pausa_ate', antes: '—', depois: '2026-11-23T15:00:00.000Z' },
      { campo: 'tabelas', antes: '[1]', depois: '[1,2]' },
    ])
  })

  it('a creation and a deletion: every field, from or to nothing', () => {
    expect(diffAuditoria(null, JSON.stringify({ tag: 'natal', publicada: false, termina_em: null }))).toEqual([
      { campo: 'tag', antes: '—', depois: 'natal' },
      { campo: 'publicada', antes: '—', depois: 'não' },
    ])
    expect(diffAuditoria(JSON.stringify({ tag: 'natal' }), null)).toEqual([
      { campo: 'tag', antes: 'natal', depois: '—' },
    ])
    expect(diffAuditoria(null, null)).toEqual([])
  })

  it('a value that is not an object is one field', () => {
    expect(diffAuditoria('"a"', '"b"')).toEqual([{ campo: 'valor', antes: 'a', depois: 'b' }])
  })
})
