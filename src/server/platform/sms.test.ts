import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, device, testDialects } from '../testing/harness.ts'
import { createTwilioSmsProvider, maskPhone, SmsDeliveryError } from './sms.ts'

interface Received {
  path: string
  authorization: string | undefined
  contentType: string | undefined
  form: Record<string, string>
}

/** A local server speaking Twilio's Messages API: what a real account would answer, including its errors. */
function fakeTwilio() {
  const received: Received[] = []
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    let body = ''
    for await (const chunk of req) body += chunk
    const form = Object.fromEntries(new URLSearchParams(body))
    received.push({
      path: req.url ?? '',
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      form,
    })
    const expectedAuth = `Basic ${Buffer.from('AC123:segredo').toString('base64')}`
    res.setHeader('content-type', 'application/json')
    if (req.method !== 'POST' || req.url !== '/2010-04-01/Accounts/AC123/Messages.json') {
      res.statusCode = 404
      res.end(JSON.stringify({ code: 20404, message: 'The requested resource was not found', status: 404 }))
    } else if (req.headers.authorization !== expectedAuth) {
      res.statusCode = 401
      res.end(JSON.stringify({ code: 20003, message: 'Authenticate', status: 401 }))
    } else if (!/^\+\d{8,15}$/.test(form.To ?? '')) {
      res.statusCode = 400
      res.end(
        JSON.stringify({
          code: 21211,
          message: `The 'To' number ${form.To} is not a valid phone number.`,
          status: 400,
        }),
      )
    } else {
      res.statusCode = 201
      res.end(JSON.stringify({ sid: 'SM0123', status: 'queued', to: form.To, from: form.From, body: form.Body }))
    }
  })
  return { server, received }
}

describe('Twilio SMS provider against a local Twilio API', () => {
  const twilio = fakeTwilio()
  let apiUrl = ''

  beforeAll(async () => {
    await new Promise<void>((resolve) => twilio.server.listen(0, '127.0.0.1', resolve))
    apiUrl = `http://127.0.0.1:${(twilio.server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => twilio.server.close(() => resolve())))

  it('posts the message form-encoded with Basic auth to the account Messages resource', async () => {
    const provider = createTwilioSmsProvider({ accountSid: 'AC123', authToken: 'segredo', from: 'Balcao', apiUrl })
    await provider.send('+351912345678', 'Olá: 123456')
    expect(twilio.received.at(-1)).toEqual({
      path: '/2010-04-01/Accounts/AC123/Messages.json',
      authorization: `Basic ${Buffer.from('AC123:segredo').toString('base64')}`,
      contentType: 'application/x-www-form-urlencoded',
      form: { To: '+351912345678', From: 'Balcao', Body: 'Olá: 123456' },
    })
  })

  it('turns Twilio errors and an unreachable API into delivery errors', async () => {
    const wrongToken = createTwilioSmsProvider({ accountSid: 'AC123', authToken: 'outro', from: 'Balcao', apiUrl })
    await expect(wrongToken.send('+351912345678', 'x')).rejects.toThrow(/Twilio 401 20003/)
    const provider = createTwilioSmsProvider({ accountSid: 'AC123', authToken: 'segredo', from: 'Balcao', apiUrl })
    await expect(provider.send('12', 'x')).rejects.toBeInstanceOf(SmsDeliveryError)
    const down = createTwilioSmsProvider({
      accountSid: 'AC123',
      authToken: 'segredo',
      from: 'B',
      apiUrl: 'http://127.0.0.1:9',
    })
    await expect(down.send('+351912345678', 'x')).rejects.toThrow(/unreachable/)
  })

  it.each(testDialects())('sends sign-up codes through Twilio when configured (%s)', async (dialect) => {
    const t = await createTestApp(dialect, {
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_AUTH_TOKEN: 'segredo',
      TWILIO_FROM: 'Balcao',
      TWILIO_API_URL: apiUrl,
    })
    try {
      const res = await device(t).call('POST', '/registo', { telemovel: '912345678', pais: '351', termos: true })
      expect(res.statusCode).toBe(200)
      const sent = twilio.received.at(-1)
      expect(sent?.form.To).toBe('+351912345678')
      expect(sent?.form.Body).toMatch(/código de confirmação é \d{6}\./)
      const outbox = await t.database.db.selectFrom('sms_outbox').selectAll().execute()
      expect(outbox).toEqual([])
    } finally {
      await t.close()
    }
  })

  it.each(testDialects())('says in pt-PT when the SMS cannot be sent (%s)', async (dialect) => {
    const t = await createTestApp(dialect, {
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_AUTH_TOKEN: 'errado',
      TWILIO_FROM: 'Balcao',
      TWILIO_API_URL: apiUrl,
    })
    try {
      const res = await device(t).call('POST', '/registo', { telemovel: '912345678', pais: '351', termos: true })
      expect(res.statusCode).toBe(502)
      expect(res.json().error.message).toBe('Não foi possível enviar o SMS. Tente mais tarde.')
    } finally {
      await t.close()
    }
  })
})

describe('maskPhone', () => {
  it('keeps only the dial code and the last two digits', () => {
    expect(maskPhone('+351912345678')).toBe('+3519******78')
  })
})
