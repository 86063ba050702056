import { afterEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, testDialects } from '../testing/harness.ts'
import { createAnonymousTokens } from './sessions.ts'

/**
 * Rotating SESSION_SECRET (docs/operations.md, "Rotate keys"): it signs only anonymous visitors' tokens, so a rotation
 * signs nobody out; with SESSION_SECRET_PREVIOUS the visitors' tokens are still read and re-signed, without it they
 * are new visitors again (the onboarding once more).
 */
const ANTIGO = 'segredo-antigo-com-mais-de-32-caracteres-0001'
const NOVO = 'segredo-novo-com-mais-de-32-caracteres-000002'

describe('anonymous tokens across a rotation', () => {
  it('reads a token signed with the previous secret, says so, and never one signed with neither', () => {
    const token = createAnonymousTokens(ANTIGO).issue(true)
    expect(createAnonymousTokens(NOVO, ANTIGO).read(token)).toEqual({ sawOnboarding: true, antigo: true })
    expect(createAnonymousTokens(NOVO).read(token)).toBeUndefined()
    expect(createAnonymousTokens(NOVO, 'outro-segredo-com-mais-de-32-caracteres-0003').read(token)).toBeUndefined()
    expect(createAnonymousTokens(NOVO, ANTIGO).read(createAnonymousTokens(NOVO).issue(false))).toEqual({
      sawOnboarding: false,
      antigo: false,
    })
  })
})

describe.each(testDialects())('a server whose SESSION_SECRET was rotated, on %s', (dialect) => {
  let t: TestApp | undefined
  afterEach(() => t?.close())

  const refresh = (app: TestApp, token: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/refresh-private-data',
      headers: { 'x-api-version': '1.0', accept: 'application/json', cookie: `balcao_sessao=${token}` },
      payload: { value: true },
    })

  it('with SESSION_SECRET_PREVIOUS, a visitor keeps having seen the onboarding and gets a token of the new secret', async () => {
    t = await createTestApp(dialect, { SESSION_SECRET: NOVO, SESSION_SECRET_PREVIOUS: ANTIGO })
    const res = await refresh(t, createAnonymousTokens(ANTIGO).issue(true))
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.user).toMatchObject({ loggedIn: false, sawOnboarding: true })
    const novo = res.cookies.find((c) => c.name === 'balcao_sessao')?.value ?? ''
    expect(createAnonymousTokens(NOVO).read(novo)).toEqual({ sawOnboarding: true, antigo: false })
    // The new token is read as any other, and not replaced again.
    const again = await refresh(t, novo)
    expect(again.json().data.user.sawOnboarding).toBe(true)
    expect(again.cookies.find((c) => c.name === 'balcao_sessao')).toBeUndefined()
  })

  it('without it, the visitor is a new one: shown the onboarding again', async () => {
    t = await createTestApp(dialect, { SESSION_SECRET: NOVO })
    const res = await refresh(t, createAnonymousTokens(ANTIGO).issue(true))
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.user.sawOnboarding).toBe(false)
  })
})
