import { Writable } from 'node:stream'
import { afterEach, describe, expect, it } from 'vitest'
import { API_VERSION } from '../../shared/api.ts'
import { type Config, ConfigError, loadConfig } from '../config.ts'
import type { AppDeps } from '../services.ts'
import { createTestApp, type TestApp, testDialects } from '../testing/harness.ts'
import { lerMensagem, startDroppingServer, startSmtpServer } from '../testing/smtp-server.ts'
import { manualClock } from './clock.ts'
import {
  comporEmail,
  createSmtpEmailTransport,
  type Email,
  type EmailTransport,
  enfileirarEmail,
  maskEmail,
} from './email.ts'
import { createEmailOutbox, EMAIL_ESPERA_MS, EMAIL_TENTATIVAS } from './email-outbox.ts'

const FROM = 'Balcão <nao-responder@balcao.test>'
const ANA = 'ana.silva@exemplo.pt'

const mensagem = (para = ANA, n = 1): Email =>
  comporEmail(para, `Pedido de exportação dos seus dados nº ${n}`, [
    'Olá, Ana.',
    `Recebemos o seu pedido de exportação dos dados pessoais (${n}). Enviaremos a ligação em breve.`,
  ])

describe('addresses in logs', () => {
  it('are masked to a first letter and the domain’s last label, with a fixed number of stars', () => {
    expect(maskEmail('ana.silva@exemplo.pt')).toBe('a***@e***.pt')
    expect(maskEmail('x@y.com')).toBe('x***@y***.com')
    expect(maskEmail('sem-arroba')).toBe('***')
  })
})

describe('configuration', () => {
  it('needs SMTP_URL and EMAIL_FROM with smtp, and an explicit provider in production', () => {
    expect(() => loadConfig({ EMAIL_PROVIDER: 'smtp' })).toThrow(/SMTP_URL: obrigatório com EMAIL_PROVIDER=smtp/)
    expect(() => loadConfig({ EMAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://h:25' })).toThrow(/EMAIL_FROM/)
    expect(() => loadConfig({ SMTP_URL: 'http://h' })).toThrow(ConfigError)
    expect(loadConfig({}).EMAIL_PROVIDER).toBeUndefined()
    expect(() => loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'outbox', TRUST_PROXY: '1' })).toThrow(
      /EMAIL_PROVIDER: obrigatório em produção/,
    )
  })
})

describe('the SMTP transport against the in-suite SMTP server', () => {
  it('delivers one multipart message, plain text and HTML in pt-PT, with the sender, recipient and subject', async () => {
    const smtp = await startSmtpServer()
    try {
      const email = mensagem()
      await createSmtpEmailTransport({ url: smtp.url, from: FROM }).send(email)
      expect(smtp.recebidos).toHaveLength(1)
      const [recebido] = smtp.recebidos
      expect(recebido?.de).toBe('nao-responder@balcao.test')
      expect(recebido?.para).toEqual([ANA])
      const { headers, partes } = lerMensagem(recebido?.bruto ?? '')
      expect(headers.from).toBe('Balcão <nao-responder@balcao.test>')
      expect(headers.to).toBe(ANA)
      expect(headers.subject).toBe('Pedido de exportação dos seus dados nº 1')
      expect(headers['content-type']).toMatch(/^multipart\/alternative;/)
      expect(partes['text/plain']).toBe(email.texto)
      expect(partes['text/plain']).toContain('Com os melhores cumprimentos,\nBalcão')
      expect(partes['text/html']).toBe(email.html)
      expect(partes['text/html']).toContain('<html lang="pt-PT">')
    } finally {
      await smtp.close()
    }
  })

  it('escapes in the HTML what the text carries as typed', () => {
    const email = comporEmail(ANA, 'Assunto', ['<script>alert(1)</script> & "aspas"'])
    expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;aspas&quot;')
    expect(email.texto).toContain('<script>alert(1)</script> & "aspas"')
  })
})

/** Every log line the app wrote, as text and parsed. */
function logCapture() {
  const lines: string[] = []
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean))
      done()
    },
  })
  return {
    logStream,
    text: () => lines.join('\n'),
    parsed: () => lines.map((l) => JSON.parse(l) as { msg: string; level: number; [k: string]: unknown }),
  }
}

describe.each(testDialects())('the e-mail outbox on %s', (dialect) => {
  let t: TestApp | undefined
  const closers: (() => Promise<void>)[] = []
  afterEach(async () => {
    await t?.close()
    t = undefined
    for (const close of closers.splice(0)) await close()
  })

  const clock = manualClock('2026-11-25T10:00:00.000Z')
  const open = async (deps: AppDeps = {}, overrides: Partial<Config> = {}) => {
    t = await createTestApp(dialect, overrides, { clock, ...deps })
    return t
  }
  const queue = (app: TestApp, email: Email) =>
    app.database.db.transaction().execute((trx) => enfileirarEmail(trx, email, clock))
  const rows = (app: TestApp) => app.database.db.selectFrom('email_outbox').selectAll().orderBy('id').execute()

  it('sends nothing queued in a transaction that rolled back; what commits is sent once', async () => {
    const smtp = await startSmtpServer()
    closers.push(smtp.close)
    const app = await open({ email: createSmtpEmailTransport({ url: smtp.url, from: FROM }) })
    await expect(
      app.database.db.transaction().execute(async (trx) => {
        await enfileirarEmail(trx, mensagem('rollback@exemplo.pt'), clock)
        throw new Error('a regra do pedido falhou')
      }),
    ).rejects.toThrow('a regra do pedido falhou')
    await queue(app, mensagem())
    expect(await app.app.despacharEmails()).toBe(1)
    expect(await app.app.despacharEmails()).toBe(0)
    expect(smtp.recebidos.map((r) => r.para)).toEqual([[ANA]])
    expect(await rows(app)).toHaveLength(1)
  })

  it('sends each message once with two senders racing on one database', async () => {
    const smtp = await startSmtpServer()
    closers.push(smtp.close)
    const app = await open()
    const n = 30
    for (let i = 0; i < n; i++) await queue(app, mensagem(`cliente${i}@exemplo.pt`, i))
    const transport = createSmtpEmailTransport({ url: smtp.url, from: FROM })
    const silent = { info() {}, warn() {}, error() {} }
    const a = createEmailOutbox({ db: app.database.db, clock, transport, log: silent })
    const b = createEmailOutbox({ db: app.database.db, clock, transport, log: silent })
    const [sentA, sentB] = await Promise.all([a.despachar(), b.despachar()])
    expect(sentA + sentB).toBe(n)
    const recipients = smtp.recebidos.flatMap((r) => r.para).sort()
    expect(recipients).toEqual(Array.from({ length: n }, (_, i) => `cliente${i}@exemplo.pt`).sort())
    expect((await rows(app)).every((r) => r.enviado_em !== null && r.tentativas === 1)).toBe(true)
  })

  it('retries a refused recipient (451) with a doubling wait, then gives it up with a log line naming neither address nor body', async () => {
    const smtp = await startSmtpServer()
    closers.push(smtp.close)
    smtp.recusar(() => ({ codigo: 451, texto: `Caixa de ${ANA} temporariamente indisponível` }))
    const log = logCapture()
    const app = await open(
      { email: createSmtpEmailTransport({ url: smtp.url, from: FROM }), logStream: log.logStream },
      { LOG_LEVEL: 'debug' },
    )
    const email = mensagem()
    await queue(app, email)
    for (let attempt = 1; attempt <= EMAIL_TENTATIVAS; attempt++) {
      expect(await app.app.despacharEmails()).toBe(0)
      const [row] = await rows(app)
      expect(row?.tentativas).toBe(attempt)
      if (attempt === EMAIL_TENTATIVAS) break
      const wait = EMAIL_ESPERA_MS * 2 ** (attempt - 1)
      expect(row?.proxima_em).toBe(new Date(clock.now().getTime() + wait).toISOString())
      // Not before its wait is over.
      clock.advance(wait - 1)
      await app.app.despacharEmails()
      expect((await rows(app))[0]?.tentativas).toBe(attempt)
      clock.advance(1)
    }
    const [row] = await rows(app)
    expect(row?.desistido_em).not.toBeNull()
    expect(row?.erro).toContain('451')
    expect(row?.erro).not.toContain(ANA)
    // Given up: no more attempts, however long one waits.
    clock.advance(24 * 3600_000)
    await app.app.despacharEmails()
    expect((await rows(app))[0]?.tentativas).toBe(EMAIL_TENTATIVAS)

    const lines = log.parsed()
    const givenUp = lines.filter((l) => l.msg === 'e-mail given up')
    expect(givenUp).toHaveLength(1)
    expect(givenUp[0]).toMatchObject({ para: 'a***@e***.pt', tentativas: EMAIL_TENTATIVAS })
    expect(lines.filter((l) => l.msg === 'e-mail not sent: retried later')).toHaveLength(EMAIL_TENTATIVAS - 1)
    for (const secret of [ANA, 'ana.silva', email.assunto, 'exportação dos dados pessoais', 'Olá, Ana']) {
      expect(log.text()).not.toContain(secret)
    }
  })

  it('gives up at once a recipient refused for good (550)', async () => {
    const smtp = await startSmtpServer()
    closers.push(smtp.close)
    smtp.recusar(() => ({ codigo: 550, texto: 'Utilizador desconhecido' }))
    const app = await open({ email: createSmtpEmailTransport({ url: smtp.url, from: FROM }) })
    await queue(app, mensagem())
    await app.app.despacharEmails()
    const [row] = await rows(app)
    expect([row?.tentativas, row?.desistido_em !== null]).toEqual([1, true])
  })

  it('retries after the server drops the connection, and sends once it is back', async () => {
    const dropping = await startDroppingServer()
    closers.push(dropping.close)
    const smtp = await startSmtpServer()
    closers.push(smtp.close)
    let url = dropping.url
    const transport: EmailTransport = {
      name: 'smtp',
      send: (email) => createSmtpEmailTransport({ url, from: FROM, timeoutMs: 5_000 }).send(email),
    }
    const app = await open({ email: transport })
    await queue(app, mensagem())
    expect(await app.app.despacharEmails()).toBe(0)
    const [row] = await rows(app)
    expect([row?.tentativas, row?.desistido_em, row?.enviado_em]).toEqual([1, null, null])
    url = smtp.url
    clock.advance(EMAIL_ESPERA_MS)
    expect(await app.app.despacharEmails()).toBe(1)
    expect(smtp.recebidos).toHaveLength(1)
  })

  it('lists what the app wrote to the outbox at /api/dev/email, newest first, sent or queued, to this machine only', async () => {
    const app = await open()
    await queue(app, mensagem('primeiro@exemplo.pt', 1))
    await app.app.despacharEmails()
    clock.advance(1000)
    await queue(app, mensagem('segundo@exemplo.pt', 2))
    // Queued but not sent yet: listed first, without a sending time.
    expect((await app.api('GET', '/api/dev/email')).json().data).toEqual([
      expect.objectContaining({ para: 'segundo@exemplo.pt', enviado_em: null }),
      expect.objectContaining({ para: 'primeiro@exemplo.pt', enviado_em: expect.any(String) }),
    ])
    await app.app.despacharEmails()
    const res = await app.api('GET', '/api/dev/email')
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    const [first, second] = res.json().data as (Email & { enviado_em: string })[]
    expect(first).toMatchObject({ para: 'segundo@exemplo.pt', assunto: 'Pedido de exportação dos seus dados nº 2' })
    expect(first?.texto).toContain('Balcão')
    expect(first?.html).toContain('<p>Olá, Ana.</p>')
    expect(second?.para).toBe('primeiro@exemplo.pt')

    const remote = await app.app.inject({
      method: 'GET',
      url: '/api/dev/email',
      remoteAddress: '203.0.113.10',
      headers: { accept: 'application/json', 'x-api-version': API_VERSION },
    })
    expect(remote.statusCode).toBe(404)
    expect(remote.body).not.toContain('primeiro@exemplo.pt')
  })

  it('has no /api/dev/email in production', async () => {
    const app = await open({}, { NODE_ENV: 'production' })
    expect((await app.api('GET', '/api/dev/email')).statusCode).toBe(404)
  })

  it('logs a sent message with its address masked, never the address or the body', async () => {
    const log = logCapture()
    const app = await open({ logStream: log.logStream }, { LOG_LEVEL: 'debug' })
    const email = mensagem()
    await queue(app, email)
    expect(await app.app.despacharEmails()).toBe(1)
    expect(log.parsed().filter((l) => l.msg === 'e-mail sent')).toEqual([
      expect.objectContaining({ para: 'a***@e***.pt', transporte: 'outbox' }),
    ])
    for (const secret of [ANA, 'ana.silva', email.assunto, 'Olá, Ana']) expect(log.text()).not.toContain(secret)
  })

  it('purges sent and given-up messages a week after, and keeps the rest', async () => {
    const app = await open()
    await queue(app, mensagem('enviado@exemplo.pt'))
    await app.app.despacharEmails()
    await app.database.db.updateTable('email_outbox').set({ desistido_em: null }).execute()
    await queue(app, mensagem('por-enviar@exemplo.pt'))
    await app.database.db
      .updateTable('email_outbox')
      .set({ proxima_em: '2099-01-01T00:00:00.000Z' })
      .where('para', '=', 'por-enviar@exemplo.pt')
      .execute()
    clock.advance(7 * 24 * 3600_000 + 1)
    await app.app.housekeeping()
    expect((await rows(app)).map((r) => r.para)).toEqual(['por-enviar@exemplo.pt'])
  })
})
