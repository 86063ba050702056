import { describe, expect, it } from 'vitest'
import { loginReturnOf, loginReturnState } from './login-return.ts'

describe('the way back after a login asked for by a screen', () => {
  it('is the path the screen was on', () => {
    expect(loginReturnOf({ state: loginReturnState('/rgpd/esquecimento/abc') })).toBe('/rgpd/esquecimento/abc')
  })

  it('is nothing without one, or for anything but an app path', () => {
    expect(loginReturnOf({ state: null })).toBeUndefined()
    expect(loginReturnOf({ state: { background: { pathname: '/perfil' } } })).toBeUndefined()
    expect(loginReturnOf({ state: { retorno: 'https://example.com/' } })).toBeUndefined()
    expect(loginReturnOf({ state: { retorno: '//example.com/x' } })).toBeUndefined()
    expect(loginReturnOf({ state: { retorno: 42 } })).toBeUndefined()
  })
})
