import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { HIDDEN, redactUrl, withoutPhoneNumbers } from '../../platform/logging.ts'
import { createTestApp, device, lastSmsCode, testDialects } from '../../testing/harness.ts'

describe.each(testDialects())('logs on %s', (dialect) => {
  it('carry no code, password, hash, token or phone number', async () => {
    const lines: string[] = []
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk))
        done()
      },
    })
    const t = await createTestApp(dialect, { LOG_LEVEL: 'debug' }, { logStream })
    try {
      const d = device(t)
      const { hash } = (await d.call('POST', '/registo', { telemovel: '912345678', pais: '351', termos: true })).json()
        .data
      const code = await lastSmsCode(t, '+351912345678')
      await d.call('POST', `/registo/${hash}`, { codigo: code })
      await d.call('POST', '/alterar-dados-pessoais', {
        nome: 'Ana',
        email: 'ana@exemplo.pt',
        dataNascimento: '1990-01-01',
        password: '975310',
        confirmacaoPassword: '975310',
        aceitacao: true,
      })
      await device(t).call('POST', '/login', { telemovel: '912345678', pais: '351', password: '975310' })
      const log = lines.join('')
      expect(log).toContain('/registo/:hash')
      for (const secret of [hash, code, '975310', '912345678', d.cookie ?? 'none', 'ana@exemplo.pt']) {
        expect(log).not.toContain(secret)
      }
    } finally {
      await t.close()
    }
  })
})

describe.each(testDialects())('request lines on %s', (dialect) => {
  /** The app at `level`, and the request lines it wrote: level and path. */
  async function requestLines(level: 'info' | 'debug', paths: string[]) {
    const lines: string[] = []
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk))
        done()
      },
    })
    const t = await createTestApp(dialect, { LOG_LEVEL: level }, { logStream })
    try {
      for (const path of paths) await device(t).call('GET', path)
    } finally {
      await t.close()
    }
    return lines
      .map(
        (line) =>
          JSON.parse(line) as { level: number; msg: string; req?: { url: string }; res?: { statusCode: number } },
      )
      .filter((line) => line.msg === 'request completed')
      .map((line) => ({ level: line.level, url: line.req?.url, status: line.res?.statusCode }))
  }

  it('put cache hits of public reads at debug; misses, failures and every other request at info', async () => {
    const paths = [
      '/api/novidades',
      '/api/novidades',
      '/api/novidades',
      '/api/novidades/nao-existe',
      '/api/configuracao',
    ]
    const atInfo = await requestLines('info', paths)
    // The first read went to the database (a miss): logged; the next two came from the cache.
    expect(atInfo.filter((l) => l.url === '/api/novidades')).toEqual([
      { level: 30, url: '/api/novidades', status: 200 },
    ])
    expect(atInfo).toContainEqual({ level: 30, url: '/api/novidades/nao-existe', status: 404 })
    expect(atInfo.some((l) => l.url === '/api/configuracao' && l.level === 30)).toBe(true)
    const atDebug = await requestLines('debug', paths)
    expect(atDebug.filter((l) => l.url === '/api/novidades')).toEqual([
      { level: 30, url: '/api/novidades', status: 200 },
      { level: 20, url: '/api/novidades', status: 200 },
      { level: 20, url: '/api/novidades', status: 200 },
    ])
  })
})

describe('redactUrl', () => {
  it('hides challenge hashes but not the legal pages under /registo', () => {
    expect(redactUrl('/registo/abc_DEF-123')).toBe('/registo/:hash')
    expect(redactUrl('/reset/abc?x=1')).toBe('/reset/:hash?x=oculto')
    expect(redactUrl('/alterar-telemovel/abc')).toBe('/alterar-telemovel/:hash')
    expect(redactUrl('/registo/informacao-legal/termos')).toBe('/registo/informacao-legal/termos')
  })

  it('hides the tokens of the GDPR links and of staff invitations, pages and calls alike', () => {
    const token = 'Zx_9-aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789abc'
    expect(redactUrl(`/rgpd/esquecimento/${token}`)).toBe('/rgpd/esquecimento/:token')
    expect(redactUrl(`/rgpd/portabilidade/${token}?x=1`)).toBe('/rgpd/portabilidade/:token?x=oculto')
    expect(redactUrl(`/api/rgpd/pedidos/${token}`)).toBe('/api/rgpd/pedidos/:token')
    expect(redactUrl(`/api/rgpd/esquecimento/${token}`)).toBe('/api/rgpd/esquecimento/:token')
    expect(redactUrl(`/api/rgpd/portabilidade/${token}`)).toBe('/api/rgpd/portabilidade/:token')
    expect(redactUrl(`/admin/convite/${token}`)).toBe('/admin/convite/:token')
    // A guest's: the challenge's hash, and the token of the SMS's link to their order.
    expect(redactUrl(`/api/convidado/${token}`)).toBe('/api/convidado/:hash')
    expect(redactUrl(`/api/convidado/seguir/${token}?v=1`)).toBe('/api/convidado/seguir/:token?v=1')
    expect(redactUrl('/api/convidado')).toBe('/api/convidado')
    // The forms themselves carry no secret.
    expect(redactUrl('/rgpd/esquecimento')).toBe('/rgpd/esquecimento')
    expect(redactUrl('/api/novidades/natal')).toBe('/api/novidades/natal')
  })

  it('hides a query segment without `=` whole, unless its name is one the log keeps', () => {
    expect(redactUrl('/admin/api/clientes?912345678&pagina=1')).toBe(`/admin/api/clientes?${HIDDEN}&pagina=1`)
    expect(redactUrl('/api/x?%2B351912345678')).toBe(`/api/x?${HIDDEN}`)
    expect(redactUrl('/api/x?pagina&v')).toBe('/api/x?pagina&v')
    expect(redactUrl('/api/x?pagina=2&&v=3')).toBe('/api/x?pagina=2&&v=3')
  })
})

describe('provider errors in logs', () => {
  it('lose the phone numbers they quote', () => {
    expect(withoutPhoneNumbers("The 'To' number +351912345678 is not a valid phone number.")).toBe(
      "The 'To' number [número] is not a valid phone number.",
    )
    expect(withoutPhoneNumbers('to 351 912 345 678 failed (code 21211)')).toBe('to [número] failed (code 21211)')
  })
})

describe.each(testDialects())('query strings in the request log, on %s', (dialect) => {
  it("hide the provider's key and a searched phone number, and keep the lists' paging", async () => {
    const lines: string[] = []
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk))
        done()
      },
    })
    const t = await createTestApp(dialect, { LOG_LEVEL: 'debug' }, { logStream })
    try {
      const chave = 'chave-anti-phishing-secreta'
      await t.app.inject({
        method: 'GET',
        url: `/api/pagamentos/ifthenpay/callback?chave=${chave}&referencia=ENC-1&id=abc&valor=12.50`,
      })
      await t.app.inject({ method: 'GET', url: '/admin/api/clientes?telemovel=912345678&pais=351&pagina=2' })
      await t.app.inject({ method: 'GET', url: '/api/nao-existe?telemovel=%2B351912345678' })
      await t.app.inject({ method: 'GET', url: '/admin/api/clientes?912345678&pagina=1' })
      const log = lines.join('')
      for (const segredo of [chave, '912345678']) expect(log).not.toContain(segredo)
      expect(log).toContain(`/api/pagamentos/ifthenpay/callback?chave=${HIDDEN}&referencia=ENC-1`)
      expect(log).toContain(`/admin/api/clientes?telemovel=${HIDDEN}&pais=${HIDDEN}&pagina=2`)
      expect(log).toContain(`/admin/api/clientes?${HIDDEN}&pagina=1`)
    } finally {
      await t.close()
    }
  })
})
