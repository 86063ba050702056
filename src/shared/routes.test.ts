import { describe, expect, it } from 'vitest'
import { href, isKnownPagePath, paths } from './routes.ts'

describe('page paths', () => {
  it('recognises every page of the spec and nothing else', () => {
    expect(isKnownPagePath('/')).toBe(true)
    expect(isKnownPagePath('/novidades/natal')).toBe(true)
    expect(isKnownPagePath('/restaurantes/a/b/menus/3')).toBe(true)
    expect(isKnownPagePath('/termos/')).toBe(true)
    expect(isKnownPagePath('/termos')).toBe(true)
    expect(isKnownPagePath('/novidades/a/b')).toBe(false)
    expect(isKnownPagePath('/wp-admin')).toBe(false)
  })

  it('fills path parameters, encoded', () => {
    expect(href(paths.loja, { restaurante: 'tasca', loja: 'porto' })).toBe('/restaurantes/tasca/porto')
    expect(href(paths.novidade, { novidade: 'a b' })).toBe('/novidades/a%20b')
    expect(() => href(paths.loja, { restaurante: 'x' })).toThrow(/loja/)
  })
})
