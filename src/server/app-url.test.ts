import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'
import { signedInAdmin } from './features/admin/testing.ts'
import { emailsPara, PESSOA, setupRgpd } from './features/rgpd/testing.ts'
import { testDialects } from './testing/harness.ts'

/**
 * The links a development server sends (the provisional account's SMS, staff invitations, GDPR e-mails) point at the
 * server itself when APP_URL is unset: on another port they used to say http://localhost:3000, a page that is not there.
 */
describe('APP_URL unset', () => {
  it('is the address the server listens on; a set APP_URL is kept', () => {
    expect(loadConfig({ PORT: '4261' }).APP_URL).toBe('http://localhost:4261')
    expect(loadConfig({ PORT: '4261', HOST: '0.0.0.0' }).APP_URL).toBe('http://localhost:4261')
    expect(loadConfig({ PORT: '8080', HOST: '192.0.2.7' }).APP_URL).toBe('http://192.0.2.7:8080')
    expect(loadConfig({ PORT: '8080', HOST: 'fd00::7' }).APP_URL).toBe('http://[fd00::7]:8080')
    expect(loadConfig({ PORT: '4261', APP_URL: 'https://app.exemplo.pt' }).APP_URL).toBe('https://app.exemplo.pt')
  })

  it('is refused in production, naming the variable: the links would say localhost to every customer', () => {
    const production = {
      NODE_ENV: 'production',
      SMS_PROVIDER: 'outbox',
      EMAIL_PROVIDER: 'outbox',
      TRUST_PROXY: '1',
      PAYMENT_PROVIDER: 'ifthenpay',
      IFTHENPAY_MBWAY_KEY: 'k',
      IFTHENPAY_ANTI_PHISHING_KEY: 'k',
      IFTHENPAY_BACKOFFICE_KEY: 'k',
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    }
    expect(() => loadConfig(production)).toThrow(ConfigError)
    expect(() => loadConfig(production)).toThrow(/APP_URL: obrigatório em produção/)
    expect(loadConfig({ ...production, APP_URL: 'https://app.exemplo.pt' }).APP_URL).toBe('https://app.exemplo.pt')
  })
})

describe.each(testDialects())('the development links of a server on port 4261 without APP_URL, on %s', (dialect) => {
  const cena = setupRgpd(dialect, { PORT: 4261 })
  const AQUI = 'http://localhost:4261'

  it('the SMS of a provisional account made at the till', async () => {
    const criado = await cena.loja('POST', '/clientes', { telemovel: '935555555', pais: '351' })
    expect(criado.statusCode, criado.body).toBe(201)
    const sms = await cena.t.database.db
      .selectFrom('sms_outbox')
      .select('texto')
      .where('para', '=', '+351935555555')
      .executeTakeFirstOrThrow()
    expect(sms.texto).toContain(`Entre em ${AQUI} com este telemóvel`)
  })

  it('a staff invitation', async () => {
    const cookie = await signedInAdmin(cena.t, 'chefe@exemplo.pt', 'admin', { clock: cena.clock })
    const convite = await cena.t.app.inject({
      method: 'POST',
      url: '/admin/api/utilizadores',
      headers: { accept: 'application/json', cookie: `balcao_admin=${cookie}` },
      payload: { email: 'helena@exemplo.pt', papel: 'admin' },
    })
    expect(convite.statusCode, convite.body).toBe(200)
    const [mail] = await emailsPara(cena.t, 'helena@exemplo.pt')
    expect(mail?.texto).toMatch(new RegExp(`${AQUI}/admin/convite/[A-Za-z0-9_-]+`))
  })

  it('the GDPR e-mails', async () => {
    const { d } = await cena.registar()
    for (const tipo of ['esquecimento', 'portabilidade']) {
      expect((await d.call('POST', `/rgpd/${tipo}`, { email: PESSOA.email })).statusCode).toBe(200)
    }
    const textos = (await emailsPara(cena.t, PESSOA.email)).map((m) => m.texto).join('\n')
    expect(textos).toContain(`${AQUI}/rgpd/esquecimento/`)
    expect(textos).toContain(`${AQUI}/rgpd/portabilidade/`)
    expect(textos).not.toContain('localhost:3000')
  })
})
