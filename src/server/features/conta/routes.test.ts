import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DAY, MINUTE, manualClock } from '../../platform/clock.ts'
import { insertSaldo } from '../../testing/fixtures.ts'
import { createTestApp, device, lastSmsCode, type TestApp, testDialects } from '../../testing/harness.ts'
import { CONTA_LIMITES } from './service.ts'

const PHONE = '912345678'
const E164 = '+351912345678'
const DADOS = {
  nome: 'Ana Silva',
  email: 'ana@exemplo.pt',
  dataNascimento: '1990-05-17',
  genero: 'F',
  codigoPostal: '1100-048',
  nif1: '123456789',
  nomeFaturacao1: 'Ana Silva',
  comunicacoes: true,
  aceitacao: true,
}

describe.each(testDialects())('accounts on %s', (dialect) => {
  let t: TestApp
  let clock: ReturnType<typeof manualClock>

  beforeEach(async () => {
    clock = manualClock('2026-11-22T10:00:00.000Z')
    t = await createTestApp(dialect, {}, { clock })
  })
  afterEach(() => t.close())

  /** Sign-up through the SMS code, then personal data with a password: an active account. */
  async function registered(phone = PHONE, password = '135790', ip?: string) {
    const d = device(t, ip)
    const start = await d.call('POST', '/registo', { telemovel: phone, pais: '351', termos: true })
    expect(start.statusCode, start.body).toBe(200)
    const { hash } = start.json().data
    const code = await lastSmsCode(t, `+351${phone}`)
    const confirm = await d.call('POST', `/registo/${hash}`, { codigo: code })
    expect(confirm.statusCode, confirm.body).toBe(200)
    const dados = await d.call('POST', '/alterar-dados-pessoais', { ...DADOS, password, confirmacaoPassword: password })
    expect(dados.statusCode, dados.body).toBe(200)
    return d
  }

  const user = (res: {
    json(): { data: { user: { loggedIn: boolean; sawOnboarding: boolean; data: Record<string, unknown> | null } } }
  }) => res.json().data.user

  describe('sign-up', () => {
    it('sends a 6-digit code by SMS and logs the person in, as a temporary account, once it is confirmed', async () => {
      const d = device(t)
      const anon = await d.call('POST', '/api/refresh-private-data', { value: true })
      expect(user(anon)).toEqual({ loggedIn: false, sawOnboarding: false, data: null })
      const anonCookie = d.cookie

      const res = await d.call('POST', '/registo', { telemovel: '91 234 5678', pais: '351', termos: true })
      expect(res.statusCode).toBe(200)
      const { hash } = res.json().data
      expect(hash).toMatch(/^[A-Za-z0-9_-]{40,}$/)
      const code = await lastSmsCode(t, E164)
      expect(code).toMatch(/^\d{6}$/)

      const confirm = await d.call('POST', `/registo/${hash}`, { codigo: code })
      expect(confirm.statusCode).toBe(200)
      const { data } = confirm.json()
      expect(data.user.loggedIn).toBe(true)
      expect(data.user.data).toMatchObject({ telemovel: PHONE, pais: '351', temporario: 1, saldo: 0, ja_poupou: 0 })
      expect(data.transacoes).toEqual([])
      expect(data.ordering).toEqual([])
      // The anonymous visitor had no session row; the confirmation opened the account's first one.
      expect(anonCookie).toBeUndefined()
      expect(d.cookie).toBeDefined()
      const stored = await t.database.db.selectFrom('sessoes').select(['utilizador_id', 'revogada_em']).execute()
      expect(stored).toEqual([{ utilizador_id: data.user.data.id, revogada_em: null }])
    })

    it('answers each bad field with its pt-PT message and sends nothing', async () => {
      const d = device(t)
      const missing = await d.call('POST', '/registo', { pais: '351' })
      expect(missing.statusCode).toBe(400)
      expect(missing.json().error).toMatchObject({
        title: 'Erro',
        message: 'Falha ao submeter o formulário',
        fields: { telemovel: 'Campo de preenchimento obrigatório', termos: 'Campo de preenchimento obrigatório' },
      })
      const fixedLine = await d.call('POST', '/registo', { telemovel: '213000000', pais: '351', termos: true })
      expect(fixedLine.json().error.fields).toEqual({ telemovel: 'Telemóvel inválido' })
      const letters = await d.call('POST', '/registo', { telemovel: 'abc', pais: '351', termos: true })
      expect(letters.json().error.fields.telemovel).toBe('Campo de preenchimento numérico')
      const wrongTypes = await d.call('POST', '/registo', { telemovel: 912345678, pais: [], termos: 'sim' })
      expect(wrongTypes.statusCode).toBe(400)
      expect(wrongTypes.json().error.fields).toEqual({
        telemovel: 'Valor inválido',
        pais: 'Valor inválido',
        termos: 'Campo de preenchimento obrigatório',
      })
      const count = await t.database.db
        .selectFrom('sms_outbox')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
      expect(Number(count?.n)).toBe(0)
    })

    it('lists what the development outbox sent, newest first, narrowed to one number when asked', async () => {
      await device(t).call('POST', '/registo', { telemovel: PHONE, pais: '351', termos: true })
      await device(t).call('POST', '/registo', { telemovel: '912345679', pais: '351', termos: true })
      // Asked from this machine (127.0.0.1): the development endpoints answer no other (platform/dev-endpoints.ts).
      const all = (await t.api('GET', '/api/dev/sms')).json().data
      expect(all.map((s: { para: string }) => s.para)).toEqual(['+351912345679', E164])
      const one = (await t.api('GET', `/api/dev/sms?para=${encodeURIComponent(E164)}`)).json().data
      expect(one).toHaveLength(1)
      expect(one[0].texto).toMatch(/^Balcão: o seu código de confirmação é \d{6}\./)
    })

    it('has no development outbox in production', async () => {
      await t.close()
      t = await createTestApp(dialect, { NODE_ENV: 'production' }, { clock })
      expect((await t.api('GET', '/api/dev/sms')).statusCode).toBe(404)
    })

    it('accepts mobile numbers of other countries by dial code', async () => {
      const res = await device(t).call('POST', '/registo', { telemovel: '612345678', pais: '34', termos: true })
      expect(res.statusCode).toBe(200)
      expect(await lastSmsCode(t, '+34612345678')).toMatch(/^\d{6}$/)
    })

    it('refuses a phone that already has an account', async () => {
      await registered()
      const res = await device(t).call('POST', '/registo', { telemovel: PHONE, pais: '351', termos: true })
      expect(res.statusCode).toBe(409)
      expect(res.json().error.fields).toEqual({ telemovel: 'Já existe um utilizador com este telemovel' })
    })
  })

  describe('SMS codes', () => {
    async function challenge(phone = PHONE) {
      const d = device(t)
      const res = await d.call('POST', '/registo', { telemovel: phone, pais: '351', termos: true })
      return { d, hash: res.json().data.hash as string, code: await lastSmsCode(t, `+351${phone}`) }
    }

    it('are single use', async () => {
      const { d, hash, code } = await challenge()
      expect((await d.call('POST', `/registo/${hash}`, { codigo: code })).statusCode).toBe(200)
      const again = await device(t).call('POST', `/registo/${hash}`, { codigo: code })
      expect(again.statusCode).toBe(410)
      expect(again.json().error.title).toBe('Código expirado')
    })

    it('expire after 10 minutes', async () => {
      const { d, hash, code } = await challenge()
      clock.advance(10 * MINUTE + 1)
      expect((await d.call('POST', `/registo/${hash}`, { codigo: code })).statusCode).toBe(410)
    })

    it('die after 5 wrong tries, even for the right code', async () => {
      const { d, hash, code } = await challenge()
      const wrong = code === '000000' ? '111111' : '000000'
      for (let i = 1; i <= 4; i++) {
        const res = await d.call('POST', `/registo/${hash}`, { codigo: wrong })
        expect(res.statusCode).toBe(400)
        expect(res.json().error.fields).toEqual({ codigo: 'Código SMS inválido' })
      }
      expect((await d.call('POST', `/registo/${hash}`, { codigo: wrong })).statusCode).toBe(410)
      expect((await d.call('POST', `/registo/${hash}`, { codigo: code })).statusCode).toBe(410)
      const users = await t.database.db.selectFrom('utilizadores').select('id').execute()
      expect(users).toEqual([])
    })

    it('count parallel guesses: no more than 5 codes are ever checked', async () => {
      const { hash, code } = await challenge()
      const wrong = code === '000000' ? '111111' : '000000'
      const results = await Promise.all(
        Array.from({ length: 12 }, () => device(t).call('POST', `/registo/${hash}`, { codigo: wrong })),
      )
      expect(results.filter((r) => r.statusCode === 400)).toHaveLength(4)
      const row = await t.database.db.selectFrom('sms_desafios').select('tentativas').executeTakeFirstOrThrow()
      expect(row.tentativas).toBe(5)
    })

    it('are bound to their hash', async () => {
      const a = await challenge('912345678')
      const b = await challenge('912345679')
      const res = await a.d.call('POST', `/registo/${a.hash}`, { codigo: b.code === a.code ? '999999' : b.code })
      expect(res.statusCode).toBe(400)
    })

    it('reject an unknown or malformed hash', async () => {
      const unknown = await device(t).call('POST', `/registo/${'A'.repeat(43)}`, { codigo: '123456' })
      expect(unknown.statusCode).toBe(410)
      const malformed = await device(t).call('POST', '/registo/%3Cscript%3E', { codigo: '123456' })
      expect(malformed.statusCode).toBe(400)
    })

    it('resend at most once a minute, with a new code that replaces the old', async () => {
      const { d, hash, code } = await challenge()
      const early = await d.call('POST', '/api/reenviar-codigo', { hash })
      expect(early.statusCode).toBe(429)
      expect(early.json().error.message).toBe('Aguarde um minuto antes de pedir um novo código.')
      clock.advance(MINUTE)
      expect((await d.call('POST', '/api/reenviar-codigo', { hash })).statusCode).toBe(200)
      const fresh = await lastSmsCode(t, E164)
      if (fresh !== code) {
        expect((await d.call('POST', `/registo/${hash}`, { codigo: code })).statusCode).toBe(400)
      }
      expect((await d.call('POST', `/registo/${hash}`, { codigo: fresh })).statusCode).toBe(200)
    })

    it('keep counting wrong tries across resends: five in all end the hash', async () => {
      const { d, hash } = await challenge()
      for (let i = 0; i < 4; i++)
        expect((await d.call('POST', `/registo/${hash}`, { codigo: 'x1' })).statusCode).toBe(400)
      clock.advance(MINUTE)
      expect((await d.call('POST', '/api/reenviar-codigo', { hash })).statusCode).toBe(200)
      const fresh = await lastSmsCode(t, E164)
      const wrong = fresh === '000000' ? '111111' : '000000'
      expect((await d.call('POST', `/registo/${hash}`, { codigo: wrong })).statusCode).toBe(410)
      expect((await d.call('POST', `/registo/${hash}`, { codigo: fresh })).statusCode).toBe(410)
    })

    it('go to one phone at most 20 times a day, 8 an hour, from any number of addresses', async () => {
      const { max: hourly } = CONTA_LIMITES.smsPerPhone
      const { max: daily } = CONTA_LIMITES.smsPerPhoneDaily
      let sent = 0
      for (let hour = 0; sent < daily; hour++) {
        for (let i = 0; i < hourly && sent < daily; i++, sent++) {
          const res = await device(t, `198.51.${hour}.${i}`).call('POST', '/registo', {
            telemovel: PHONE,
            pais: '351',
            termos: true,
          })
          expect(res.statusCode, `hour ${hour}, SMS ${i}`).toBe(200)
        }
        const over = await device(t, `198.51.${hour}.99`).call('POST', '/registo', {
          telemovel: PHONE,
          pais: '351',
          termos: true,
        })
        expect(over.statusCode).toBe(429)
        clock.advance(60 * MINUTE)
      }
      const nextDay = await device(t, '198.51.9.9').call('POST', '/registo', {
        telemovel: PHONE,
        pais: '351',
        termos: true,
      })
      expect(nextDay.statusCode).toBe(429)
      expect(nextDay.json().error.message).toMatch(/^Demasiados pedidos\. Tente novamente dentro de \d+ minutos\.$/)
    })

    it("one address cannot spend a phone's allowance: a stranger asking resets leaves the owner their recovery", async () => {
      await registered()
      const stranger = '203.0.113.66'
      for (let i = 0; i < CONTA_LIMITES.smsPerPhoneFromIp.max; i++) {
        expect((await device(t, stranger).call('POST', '/reset', { telemovel: PHONE, pais: '351' })).statusCode).toBe(
          200,
        )
      }
      expect((await device(t, stranger).call('POST', '/reset', { telemovel: PHONE, pais: '351' })).statusCode).toBe(429)
      const owner = device(t, '198.51.100.200')
      const { hash } = (await owner.call('POST', '/reset', { telemovel: PHONE, pais: '351' })).json().data
      const confirm = await owner.call('POST', `/reset/${hash}`, { codigo: await lastSmsCode(t, E164) })
      expect(confirm.statusCode).toBe(200)
    })

    it('count "this phone has an account" answers against the IP too', async () => {
      await registered()
      const ip = '192.0.2.60'
      for (let i = 0; i < CONTA_LIMITES.smsRequestsPerIp.max; i++) {
        const res = await device(t, ip).call('POST', '/registo', { telemovel: PHONE, pais: '351', termos: true })
        expect(res.statusCode).toBe(409)
      }
      const over = await device(t, ip).call('POST', '/registo', { telemovel: PHONE, pais: '351', termos: true })
      expect(over.statusCode).toBe(429)
    }, 60_000)

    it('do not believe a forged X-Forwarded-For unless a proxy is configured', async () => {
      const forged = (i: number) =>
        t.app.inject({
          method: 'POST',
          url: '/registo',
          remoteAddress: '192.0.2.70',
          headers: { 'x-api-version': '1.0', 'x-forwarded-for': `10.0.${i}.1` },
          payload: { telemovel: `91${String(3000000 + i)}`, pais: '351', termos: true },
        })
      for (let i = 0; i < CONTA_LIMITES.smsRequestsPerIp.max; i++) expect((await forged(i)).statusCode).toBe(200)
      expect((await forged(999)).statusCode).toBe(429)
      await t.close()
      t = await createTestApp(dialect, { TRUST_PROXY: '1' }, { clock })
      for (let i = 0; i < CONTA_LIMITES.smsRequestsPerIp.max + 1; i++) expect((await forged(i)).statusCode).toBe(200)
    }, 90_000)

    it('let many people behind one IP sign up, but not without end', async () => {
      const ip = '192.0.2.50'
      for (let i = 0; i < CONTA_LIMITES.smsRequestsPerIp.max; i++) {
        const phone = `91${String(1000000 + i).padStart(7, '0')}`
        const res = await device(t, ip).call('POST', '/registo', { telemovel: phone, pais: '351', termos: true })
        expect(res.statusCode, phone).toBe(200)
      }
      const over = await device(t, ip).call('POST', '/registo', { telemovel: '939999999', pais: '351', termos: true })
      expect(over.statusCode).toBe(429)
    }, 60_000)
  })

  describe('login', () => {
    it('opens a new session with the right password, and refuses a wrong one or an unknown phone alike', async () => {
      await registered()
      const d = device(t)
      const ok = await d.call('POST', '/login', { telemovel: PHONE, pais: '351', password: '135790' })
      expect(ok.statusCode).toBe(200)
      expect(user(ok)).toMatchObject({ loggedIn: true, data: { nome: 'Ana Silva', temporario: 0 } })
      const wrong = await device(t).call('POST', '/login', { telemovel: PHONE, pais: '351', password: '000000' })
      const unknown = await device(t).call('POST', '/login', {
        telemovel: '919999999',
        pais: '351',
        password: '000000',
      })
      expect(wrong.statusCode).toBe(401)
      expect(unknown.statusCode).toBe(401)
      expect(wrong.json()).toEqual(unknown.json())
      expect(wrong.json().error.message).toBe('Telemóvel ou password incorretos')
    })

    it('validates the form: phone required, password at least 4 characters', async () => {
      const res = await device(t).call('POST', '/login', { telemovel: '', pais: '351', password: '12' })
      expect(res.json().error.fields).toEqual({
        telemovel: 'Campo de preenchimento obrigatório',
        password: 'Tamanho mínimo: 4 caracteres',
      })
    })

    it('locks the account after 5 failures, for longer each time', async () => {
      await registered()
      const attempt = (password: string) =>
        device(t).call('POST', '/login', { telemovel: PHONE, pais: '351', password })
      for (let i = 1; i <= 4; i++) expect((await attempt('000000')).statusCode).toBe(401)
      const fifth = await attempt('000000')
      expect(fifth.statusCode).toBe(429)
      expect(fifth.json().error).toEqual({
        title: 'Conta bloqueada',
        message: 'Conta bloqueada temporariamente por excesso de tentativas. Tente novamente dentro de 1 minuto.',
      })
      // Locked: even the right password is refused, and nothing is checked.
      expect((await attempt('135790')).statusCode).toBe(429)
      clock.advance(MINUTE + 1)
      const sixth = await attempt('000000')
      expect(sixth.json().error.message).toContain('dentro de 2 minutos')
      clock.advance(2 * MINUTE + 1)
      expect((await attempt('135790')).statusCode).toBe(200)
      // Success clears the count.
      expect((await attempt('000000')).statusCode).toBe(401)
    })

    it('checks no more passwords than the lock allows, even in parallel', async () => {
      await registered()
      const attempt = (password: string) =>
        device(t).call('POST', '/login', { telemovel: PHONE, pais: '351', password })
      for (let i = 1; i <= 4; i++) expect((await attempt('000000')).statusCode).toBe(401)
      const burst = await Promise.all(Array.from({ length: 10 }, () => attempt('000000')))
      expect(burst.map((r) => r.statusCode).filter((c) => c !== 429)).toEqual([])
      const row = await t.database.db.selectFrom('tentativas_login').select('falhas').executeTakeFirstOrThrow()
      expect(row.falhas).toBe(5)
      expect((await attempt('135790')).statusCode).toBe(429)
    })

    it('locks a number without an account exactly like one with an account, so the lock tells nothing', async () => {
      await registered()
      const attempt = (telemovel: string) =>
        device(t).call('POST', '/login', { telemovel, pais: '351', password: '0000' })
      for (let i = 1; i <= 5; i++) {
        const [known, unknown] = [await attempt(PHONE), await attempt('919999999')]
        expect(unknown.statusCode).toBe(known.statusCode)
        expect(unknown.json()).toEqual(known.json())
      }
      expect((await attempt('919999999')).json().error.title).toBe('Conta bloqueada')
    })

    it('caps failed logins per IP across phones (spraying), counting failures only', async () => {
      const ip = '192.0.2.77'
      const login = (telemovel: string, password: string, from = ip) =>
        device(t, from).call('POST', '/login', { telemovel, pais: '351', password })
      await registered()
      // Successes cost nothing against the ceiling: a shop's Wi-Fi full of customers logging in is fine.
      for (let i = 0; i < 3; i++) expect((await login(PHONE, '135790')).statusCode).toBe(200)
      const counted = await t.database.db
        .selectFrom('limites')
        .select('contador')
        .where('chave', '=', 'ip:login-falhas:192.0.2.77')
        .execute()
      expect(counted.map((r) => r.contador)).toEqual([0])
      const { max } = CONTA_LIMITES.loginFailuresPerIp
      // Earlier failures from this address, as the shared counter would hold them, then the last few for real.
      const now = clock.now().getTime()
      const windowStart = now - (now % CONTA_LIMITES.loginFailuresPerIp.windowMs)
      await t.database.db
        .insertInto('limites')
        .values({ chave: 'ip:login-falhas:192.0.2.77', janela: new Date(windowStart).toISOString(), contador: max - 3 })
        .onConflict((oc) => oc.columns(['chave', 'janela']).doUpdateSet({ contador: max - 3 }))
        .execute()
      for (let i = 0; i < 3; i++) expect((await login(`91${2000000 + i}`, '0000')).statusCode).toBe(401)
      const over = await login(PHONE, '135790')
      expect(over.statusCode).toBe(429)
      expect(over.json().error.title).toBe('Demasiados pedidos')
      // Another address is not held back.
      expect((await login(PHONE, '135790', '192.0.2.78')).statusCode).toBe(200)
    })

    it('holds the ceiling against failures sent in parallel: each is counted before its password is checked', async () => {
      const ip = '192.0.2.90'
      const { max } = CONTA_LIMITES.loginFailuresPerIp
      const burst = await Promise.all(
        Array.from({ length: max + 40 }, (_, i) =>
          device(t, ip).call('POST', '/login', { telemovel: `91${3000000 + i}`, pais: '351', password: '0000' }),
        ),
      )
      const statuses = burst.map((r) => r.statusCode)
      expect(statuses.filter((s) => s === 401)).toHaveLength(max)
      expect(statuses.filter((s) => s === 429)).toHaveLength(40)
    }, 60_000)

    it('stores the password only as a scrypt hash', async () => {
      await registered()
      const row = await t.database.db.selectFrom('utilizadores').select('password_hash').executeTakeFirstOrThrow()
      expect(row.password_hash).toMatch(/^scrypt\$/)
      expect(row.password_hash).not.toContain('135790')
    })
  })

  describe('recovery', () => {
    it('ends the old password and every old session, so only the recovering device sets the new password', async () => {
      const old = await registered()
      const d = device(t)
      const { hash } = (await d.call('POST', '/reset', { telemovel: PHONE, pais: '351' })).json().data
      const confirm = await d.call('POST', `/reset/${hash}`, { codigo: await lastSmsCode(t, E164) })
      expect(user(confirm)).toMatchObject({ loggedIn: true, data: { temporario: 1 } })
      expect(user(await old.call('POST', '/api/refresh-private-data', { value: true })).loggedIn).toBe(false)
      const oldPassword = await device(t).call('POST', '/login', { telemovel: PHONE, pais: '351', password: '135790' })
      expect(oldPassword.statusCode).toBe(401)
      expect(oldPassword.json().error.message).toBe(
        (await device(t).call('POST', '/login', { telemovel: '919999999', pais: '351', password: '135790' })).json()
          .error.message,
      )
      expect(user(await d.call('POST', '/api/refresh-private-data', { value: true })).loggedIn).toBe(true)
    })

    it('logs in by SMS code and asks for a new password in the personal data form', async () => {
      await registered()
      const d = device(t)
      const res = await d.call('POST', '/reset', { telemovel: PHONE, pais: '351' })
      const { hash } = res.json().data
      const confirm = await d.call('POST', `/reset/${hash}`, { codigo: await lastSmsCode(t, E164) })
      expect(confirm.statusCode).toBe(200)
      // Terms and privacy were accepted at the first completion: recovery does not ask again.
      expect(user(confirm)).toMatchObject({ loggedIn: true, data: { temporario: 1, registoCompleto: true } })
      const { aceitacao: _, ...semAceitacao } = DADOS
      const noPassword = await d.call('POST', '/alterar-dados-pessoais', semAceitacao)
      expect(noPassword.json().error.fields).toEqual({
        password: 'Campo de preenchimento obrigatório',
        confirmacaoPassword: 'Campo de preenchimento obrigatório',
      })
      const done = await d.call('POST', '/alterar-dados-pessoais', {
        ...DADOS,
        password: '246810',
        confirmacaoPassword: '246810',
      })
      expect(user(done).data).toMatchObject({ temporario: 0 })
      const login = await device(t).call('POST', '/login', { telemovel: PHONE, pais: '351', password: '246810' })
      expect(login.statusCode).toBe(200)
    })

    it('answers an unknown phone exactly like a known one, and sends nothing', async () => {
      await registered()
      // The sign-up's own SMS is in this hour's count of the known number; start both from a fresh hour.
      clock.advance(60 * MINUTE)
      const outboxBefore = await t.database.db.selectFrom('sms_outbox').selectAll().execute()
      // Same calls for a known and an unknown number: every answer must match.
      const script = async (phone: string, ip: string) => {
        const d = device(t, ip)
        const answers: unknown[] = []
        const start = await d.call('POST', '/reset', { telemovel: phone, pais: '351' })
        const { hash } = start.json().data
        expect(hash).toMatch(/^[A-Za-z0-9_-]{40,}$/)
        answers.push(start.statusCode)
        const wrong = await d.call('POST', `/reset/${hash}`, { codigo: '000000' })
        answers.push(wrong.statusCode, wrong.json())
        const resend = await d.call('POST', '/api/reenviar-codigo', { hash })
        answers.push(resend.statusCode, resend.json())
        // The first reset spent one of the phone's hourly SMS (the resend came too early to send): these spend the
        // rest, and ask one more.
        for (let i = 0; i < CONTA_LIMITES.smsPerPhone.max; i++) {
          const more = await device(t, `${ip}${i}`).call('POST', '/reset', { telemovel: phone, pais: '351' })
          answers.push(more.statusCode)
        }
        return answers
      }
      const known = await script(PHONE, '198.51.100.1')
      const unknown = await script('919999999', '198.51.100.2')
      expect(unknown).toEqual(known)
      expect(known.slice(-2)).toEqual([200, 429])
      const sent = await t.database.db.selectFrom('sms_outbox').select('para').execute()
      expect(sent.filter((m) => m.para === '+351919999999')).toEqual([])
      expect(sent.length).toBeGreaterThan(outboxBefore.length)
    })

    it('does not accept a sign-up code as a recovery code', async () => {
      const d = device(t)
      const { hash } = (await d.call('POST', '/registo', { telemovel: PHONE, pais: '351', termos: true })).json().data
      const res = await d.call('POST', `/reset/${hash}`, { codigo: await lastSmsCode(t, E164) })
      expect(res.statusCode).toBe(410)
    })
  })

  describe('personal data', () => {
    it('checks every field with the messages of the spec', async () => {
      const d = device(t)
      const { hash } = (await d.call('POST', '/registo', { telemovel: PHONE, pais: '351', termos: true })).json().data
      await d.call('POST', `/registo/${hash}`, { codigo: await lastSmsCode(t, E164) })
      const res = await d.call('POST', '/alterar-dados-pessoais', {
        nome: '  ',
        email: 'ana@',
        dataNascimento: '2026-02-30',
        nif1: '123456780',
        codigoPostal: '1100',
        password: '12a',
        confirmacaoPassword: '999',
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().error.fields).toEqual({
        nome: 'Campo de preenchimento obrigatório',
        email: 'Email inválido',
        dataNascimento: 'Data inválida',
        nif1: 'NIF inválido',
        codigoPostal: 'Código postal inválido',
        password: 'Tamanho mínimo: 6 caracteres',
        confirmacaoPassword: 'O valor deve ser igual ao do campo Password',
        aceitacao: 'Campo de preenchimento obrigatório',
      })
      const letters = await d.call('POST', '/alterar-dados-pessoais', {
        ...DADOS,
        password: '12345a',
        confirmacaoPassword: '12345a',
      })
      expect(letters.json().error.fields).toEqual({ password: 'Campo de preenchimento numérico' })
      // 16th birthday is tomorrow (clock: 2026-11-22).
      const minor = await d.call('POST', '/alterar-dados-pessoais', {
        ...DADOS,
        dataNascimento: '2010-11-23',
        password: '123456',
        confirmacaoPassword: '123456',
      })
      expect(minor.json().error.fields).toEqual({
        dataNascimento: 'É necessário ser maior de 16 anos para participar do programa',
      })
      const sixteen = await d.call('POST', '/alterar-dados-pessoais', {
        ...DADOS,
        dataNascimento: '2010-11-22',
        password: '123456',
        confirmacaoPassword: '123456',
      })
      expect(sixteen.statusCode).toBe(200)
      expect(user(sixteen).data).toMatchObject({
        dataNascimento: '2010-11-22',
        nif1: '123456789',
        genero: 'F',
        comunicacoes: true,
      })
    })

    it('follows the configured minimum age in its rule and its message', async () => {
      await t.close()
      t = await createTestApp(dialect, { MINIMUM_AGE: 18 }, { clock })
      const d = device(t)
      const { hash } = (await d.call('POST', '/registo', { telemovel: PHONE, pais: '351', termos: true })).json().data
      await d.call('POST', `/registo/${hash}`, { codigo: await lastSmsCode(t, E164) })
      const res = await d.call('POST', '/alterar-dados-pessoais', {
        ...DADOS,
        dataNascimento: '2010-01-01',
        password: '123456',
        confirmacaoPassword: '123456',
      })
      expect(res.json().error.fields.dataNascimento).toBe(
        'É necessário ser maior de 18 anos para participar do programa',
      )
      expect((await d.call('GET', '/api/configuracao')).json().data).toEqual({
        creditoPercent: 5,
        idadeMinima: 18,
        paisPorOmissao: '351',
      })
    })

    it('is all a temporary account may do', async () => {
      const d = device(t)
      const { hash } = (await d.call('POST', '/registo', { telemovel: PHONE, pais: '351', termos: true })).json().data
      await d.call('POST', `/registo/${hash}`, { codigo: await lastSmsCode(t, E164) })
      const calls: [string, unknown][] = [
        ['/alterar-password', { password: '123456', confirmacaoPassword: '123456' }],
        ['/chave-seguranca', { selecao: 1 }],
        [
          '/alterar-telemovel',
          { telemovel: '961234567', pais: '351', confirmacaoTelemovel: '961234567', confirmacaoPais: '351' },
        ],
      ]
      for (const [url, body] of calls) {
        const res = await d.call('POST', url, body)
        expect(res.statusCode, url).toBe(403)
        expect(res.json().error.message).toBe('Complete primeiro os seus dados pessoais.')
      }
    })

    it('completes a registration only with the active acceptance of terms and privacy, asked once', async () => {
      const d = device(t)
      const { hash } = (await d.call('POST', '/registo', { telemovel: PHONE, pais: '351', termos: true })).json().data
      const confirm = await d.call('POST', `/registo/${hash}`, { codigo: await lastSmsCode(t, E164) })
      expect(user(confirm).data).toMatchObject({ temporario: 1, registoCompleto: false })
      const withPassword = { ...DADOS, password: '123456', confirmacaoPassword: '123456' }
      for (const aceitacao of [undefined, false, 'true']) {
        const refused = await d.call('POST', '/alterar-dados-pessoais', { ...withPassword, aceitacao })
        expect(refused.statusCode).toBe(400)
        expect(refused.json().error.fields).toEqual({ aceitacao: 'Campo de preenchimento obrigatório' })
      }
      const still = await d.call('POST', '/api/refresh-private-data', { value: true })
      expect(user(still).data).toMatchObject({ temporario: 1, registoCompleto: false, nome: null })
      const done = await d.call('POST', '/alterar-dados-pessoais', withPassword)
      expect(user(done).data).toMatchObject({ temporario: 0, registoCompleto: true })
      const { aceitacao: _, ...semAceitacao } = DADOS
      const later = await d.call('POST', '/alterar-dados-pessoais', { ...semAceitacao, nome: 'Ana S.' })
      expect(later.statusCode, later.body).toBe(200)
      expect(user(later).data).toMatchObject({ nome: 'Ana S.', registoCompleto: true })
    })

    it('needs a session with an account', async () => {
      const res = await device(t).call('POST', '/alterar-dados-pessoais', DADOS)
      expect(res.statusCode).toBe(401)
      expect(res.json().error.message).toBe('Sessão terminada. Inicie sessão novamente.')
    })
  })

  describe('password, phone and security key', () => {
    it('changes the password and ends every other session', async () => {
      const phone = await registered()
      const laptop = device(t)
      await laptop.call('POST', '/login', { telemovel: PHONE, pais: '351', password: '135790' })
      const mismatch = await phone.call('POST', '/alterar-password', {
        password: '111111',
        confirmacaoPassword: '111112',
      })
      expect(mismatch.json().error.fields).toEqual({
        confirmacaoPassword: 'O valor deve ser igual ao do campo Password',
      })
      const res = await phone.call('POST', '/alterar-password', { password: '111111', confirmacaoPassword: '111111' })
      expect(res.statusCode).toBe(200)
      expect(user(await phone.call('POST', '/api/refresh-private-data', { value: true })).loggedIn).toBe(true)
      expect(user(await laptop.call('POST', '/api/refresh-private-data', { value: true })).loggedIn).toBe(false)
      expect(
        (await device(t).call('POST', '/login', { telemovel: PHONE, pais: '351', password: '111111' })).statusCode,
      ).toBe(200)
      expect(
        (await device(t).call('POST', '/alterar-password', { password: '111111', confirmacaoPassword: '111111' }))
          .statusCode,
      ).toBe(401)
    })

    it('changes the phone by SMS to the new number, and ends every session', async () => {
      const d = await registered()
      const other = device(t)
      await other.call('POST', '/login', { telemovel: PHONE, pais: '351', password: '135790' })
      const mismatch = await d.call('POST', '/alterar-telemovel', {
        telemovel: '961234567',
        pais: '351',
        confirmacaoTelemovel: '961234567',
        confirmacaoPais: '34',
      })
      expect(mismatch.json().error.fields).toEqual({
        confirmacaoTelemovel: 'O valor deve ser igual ao do campo Telemóvel',
      })
      const res = await d.call('POST', '/alterar-telemovel', {
        telemovel: '961234567',
        pais: '351',
        confirmacaoTelemovel: '961234567',
        confirmacaoPais: '351',
      })
      expect(res.statusCode).toBe(200)
      const code = await lastSmsCode(t, '+351961234567')
      const confirm = await d.call('POST', `/alterar-telemovel/${res.json().data.hash}`, { codigo: code })
      expect(confirm.statusCode).toBe(200)
      expect(user(confirm)).toMatchObject({ loggedIn: true, data: { telemovel: '961234567' } })
      expect(user(await other.call('POST', '/api/refresh-private-data', { value: true })).loggedIn).toBe(false)
      expect(
        (await device(t).call('POST', '/login', { telemovel: '961234567', pais: '351', password: '135790' }))
          .statusCode,
      ).toBe(200)
      expect(
        (await device(t).call('POST', '/login', { telemovel: PHONE, pais: '351', password: '135790' })).statusCode,
      ).toBe(401)
    })

    it("refuses a number that has an account, and another person's confirmation", async () => {
      const ana = await registered(PHONE)
      const rui = await registered('912345679', '246802', '203.0.113.11')
      const taken = await ana.call('POST', '/alterar-telemovel', {
        telemovel: '912345679',
        pais: '351',
        confirmacaoTelemovel: '912345679',
        confirmacaoPais: '351',
      })
      expect(taken.statusCode).toBe(409)
      expect(taken.json().error.fields).toEqual({ telemovel: 'Já existe um utilizador com este telemovel' })
      const { hash } = (
        await ana.call('POST', '/alterar-telemovel', {
          telemovel: '961234567',
          pais: '351',
          confirmacaoTelemovel: '961234567',
          confirmacaoPais: '351',
        })
      ).json().data
      const stolen = await rui.call('POST', `/alterar-telemovel/${hash}`, {
        codigo: await lastSmsCode(t, '+351961234567'),
      })
      expect(stolen.statusCode).toBe(410)
    })

    it('turns the security key on with a new key stored encrypted, off, and makes a new one', async () => {
      const d = await registered()
      const on = await d.call('POST', '/chave-seguranca', { selecao: 1 })
      expect(on.statusCode).toBe(200)
      const { user: u, chave } = on.json().data
      expect(u.usar_codigo_seguranca).toBe(1)
      expect(chave).toMatch(/^\d{6}$/)
      expect(u.codigo_seguranca).toBe(chave)
      const row = await t.database.db
        .selectFrom('utilizadores')
        .select(['codigo_seguranca_hash', 'codigo_seguranca_cifrado'])
        .executeTakeFirstOrThrow()
      expect(row.codigo_seguranca_hash).toBeNull()
      expect(row.codigo_seguranca_cifrado).toMatch(/^v1:/)
      const off = await d.call('POST', '/chave-seguranca', { selecao: 0 })
      expect(off.json().data).toMatchObject({ user: { usar_codigo_seguranca: 0, codigo_seguranca: null }, chave: null })
      const again = await d.call('POST', '/chave-seguranca', { selecao: 1 })
      expect(again.json().data).toMatchObject({ chave: null, user: { codigo_seguranca: chave } })
      const fresh = await d.call('POST', '/chave-seguranca', { selecao: 1, gerar: true })
      expect(fresh.json().data.chave).toMatch(/^\d{6}$/)
      expect(fresh.json().data.user.codigo_seguranca).toBe(fresh.json().data.chave)
      const bad = await d.call('POST', '/chave-seguranca', { selecao: 2 })
      expect(bad.statusCode).toBe(400)
      expect(bad.json().error.fields).toEqual({ selecao: 'Valor inválido' })
      const onboarding = await d.call('POST', '/api/grava-saw-onboarding', { value: 'sim' })
      expect(onboarding.json().error.fields).toEqual({ value: 'Valor inválido' })
    })
  })

  describe('sessions and onboarding', () => {
    it('a device whose session was ended elsewhere stays past the onboarding', async () => {
      await registered()
      const laptop = device(t)
      await laptop.call('POST', '/api/grava-saw-onboarding', { value: true })
      await laptop.call('POST', '/login', { telemovel: PHONE, pais: '351', password: '135790' })
      const phone = device(t)
      await phone.call('POST', '/login', { telemovel: PHONE, pais: '351', password: '135790' })
      await phone.call('POST', '/alterar-password', { password: '111111', confirmacaoPassword: '111111' })
      const after = user(await laptop.call('POST', '/api/refresh-private-data', { value: true }))
      expect(after).toMatchObject({ loggedIn: false, sawOnboarding: true, data: null })
      // and again, now with the anonymous token the answer gave it
      expect(user(await laptop.call('POST', '/api/refresh-private-data', { value: true })).sawOnboarding).toBe(true)
    })

    it('remembers onboarding on the device, and on the account once logged in', async () => {
      const d = device(t)
      expect((await d.call('POST', '/api/grava-saw-onboarding', { value: true })).statusCode).toBe(200)
      expect(user(await d.call('POST', '/api/refresh-private-data', { value: true })).sawOnboarding).toBe(true)
      const { hash } = (await d.call('POST', '/registo', { telemovel: PHONE, pais: '351', termos: true })).json().data
      const confirm = await d.call('POST', `/registo/${hash}`, { codigo: await lastSmsCode(t, E164) })
      expect(user(confirm).sawOnboarding).toBe(true)
    })

    it('logs out: the session ends and the device gets a new anonymous one', async () => {
      const d = await registered()
      const before = d.cookie
      const out = await d.call('POST', '/api/logout', { value: true })
      expect(user(out)).toMatchObject({ loggedIn: false, data: null })
      expect(d.cookie).not.toBe(before)
      const stale = await t.app.inject({
        method: 'POST',
        url: '/api/refresh-private-data',
        headers: { 'x-api-version': '1.0', cookie: `balcao_sessao=${before}` },
        payload: { value: true },
      })
      expect(stale.json().data.user.loggedIn).toBe(false)
    })

    it('sets the cookie HttpOnly and SameSite=Lax, and serves bearer clients by header', async () => {
      const res = await device(t).call('POST', '/api/grava-saw-onboarding', { value: true })
      const set = res.cookies.find((c) => c.name === 'balcao_sessao')
      expect(set).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
      const bearer = await t.app.inject({
        method: 'POST',
        url: '/api/grava-saw-onboarding',
        headers: { 'x-api-version': '1.0', authorization: 'Bearer nenhum' },
        payload: { value: true },
      })
      expect(bearer.cookies).toEqual([])
      const token = String(bearer.headers['x-session-token'])
      expect(token).toMatch(/^anon\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{40,}$/)
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/refresh-private-data',
        headers: { 'x-api-version': '1.0', authorization: `Bearer ${token}` },
        payload: { value: true },
      })
      expect(again.json().data.user).toEqual({ loggedIn: false, sawOnboarding: true, data: null })
    })

    it('believes no anonymous token it did not sign', async () => {
      const d = device(t)
      await d.call('POST', '/api/grava-saw-onboarding', { value: true })
      const [prefix, , signature] = String(d.cookie).split('.')
      const forged = `${prefix}.${Buffer.from('{"o":1}').toString('base64url')}.${'A'.repeat(signature?.length ?? 43)}`
      for (const token of [forged, 'anon.e30.', 'anon.', `${d.cookie}x`]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/refresh-private-data',
          headers: { 'x-api-version': '1.0', cookie: `balcao_sessao=${token}` },
          payload: { value: true },
        })
        expect(res.statusCode, token).toBe(200)
        expect(res.json().data.user.sawOnboarding, token).toBe(false)
      }
    })

    it('marks every answer that may carry private data no-store, and leaves public content cacheable', async () => {
      const d = await registered()
      const privateAnswers = [
        await d.call('POST', '/api/refresh-private-data', { value: true }),
        await d.call('POST', '/alterar-dados-pessoais', { ...DADOS, aceitacao: undefined }),
        await d.call('POST', '/chave-seguranca', { selecao: 1 }),
        await device(t).call('POST', '/login', { telemovel: PHONE, pais: '351', password: '135790' }),
        await device(t).call('POST', '/login', { telemovel: PHONE, pais: '351', password: '000000' }),
        await t.api('GET', `/api/dev/sms?para=${encodeURIComponent(E164)}`),
      ]
      for (const res of privateAnswers) expect(res.headers['cache-control'], res.body).toBe('no-store')
      expect((await t.api('GET', '/api/novidades')).headers['cache-control']).not.toBe('no-store')
    })

    it('refuses form posts that are not JSON (no cross-site HTML forms)', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/login',
        headers: { 'x-api-version': '1.0', 'content-type': 'text/plain' },
        payload: 'telemovel=912345678',
      })
      expect(res.statusCode).toBe(415)
      const noVersion = await t.app.inject({ method: 'POST', url: '/login', payload: { telemovel: PHONE } })
      expect(noVersion.statusCode).toBe(400)
    })
  })

  describe('housekeeping', () => {
    it('clears expired sessions, old challenges and old outbox messages', async () => {
      const d = await registered()
      const countOf = async (table: 'sessoes' | 'sms_desafios' | 'sms_outbox') =>
        Number(
          (
            await t.database.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirst()
          )?.n,
        )
      expect(await countOf('sms_desafios')).toBe(1)
      clock.advance(2 * DAY)
      await t.app.housekeeping()
      expect(await countOf('sms_desafios')).toBe(0)
      expect(await countOf('sms_outbox')).toBe(1)
      expect(user(await d.call('POST', '/api/refresh-private-data', { value: true })).loggedIn).toBe(true)
      clock.advance(181 * DAY)
      await t.app.housekeeping()
      expect(await countOf('sms_outbox')).toBe(0)
      expect(await countOf('sessoes')).toBe(0)
      expect(user(await d.call('POST', '/api/refresh-private-data', { value: true })).loggedIn).toBe(false)
    })

    it('gives no session to public reads, so crawlers leave no rows', async () => {
      const res = await t.api('GET', '/api/novidades')
      expect(res.statusCode).toBe(200)
      expect(res.cookies).toEqual([])
      const rows = await t.database.db.selectFrom('sessoes').select('id').execute()
      expect(rows).toEqual([])
    })
  })

  describe('provisional in-store accounts', () => {
    async function provisional(phone: string, createdAt: string) {
      return t.database.db
        .insertInto('utilizadores')
        .values({
          telemovel: phone,
          pais: '351',
          telemovel_e164: `+351${phone}`,
          origem: 'loja',
          temporario: 1,
          qr_code: `qr-${phone}`,
          criado_em: createdAt,
          atualizado_em: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    }

    it('do not lapse once completed, even when a recovery makes them temporary again', async () => {
      const { id } = await provisional(PHONE, '2026-08-01T10:00:00.000Z')
      await t.database.db
        .updateTable('utilizadores')
        .set({ temporario: 0, registo_completo_em: '2026-08-02T10:00:00.000Z', password_hash: null })
        .where('id', '=', id)
        .execute()
      await insertSaldo(t.database.db, id, 2500)
      const d = device(t)
      const { hash } = (await d.call('POST', '/reset', { telemovel: PHONE, pais: '351' })).json().data
      const confirm = await d.call('POST', `/reset/${hash}`, { codigo: await lastSmsCode(t, E164) })
      expect(user(confirm).data).toMatchObject({ temporario: 1, saldo: 2500 })
      await t.app.housekeeping()
      const row = await t.database.db
        .selectFrom('utilizadores')
        .select(['eliminado'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      expect(row).toEqual({ eliminado: 0 })
      expect(user(await d.call('POST', '/api/refresh-private-data', { value: true })).data).toMatchObject({
        saldo: 2500,
      })
    })

    it('lapse when not completed within 30 days; completed and recent ones stay', async () => {
      const old = await provisional('931111111', '2026-10-22T09:00:00.000Z')
      const recent = await provisional('932222222', '2026-10-24T10:00:00.000Z')
      await registered()
      const db = t.database.db
      // The hourly job; the test's clock decides what "30 days ago" is.
      await t.app.housekeeping()
      const rows = await db
        .selectFrom('utilizadores')
        .select(['id', 'eliminado', 'telemovel_e164', 'origem'])
        .orderBy('id')
        .execute()
      expect(rows.find((r) => r.id === old.id)).toMatchObject({ eliminado: 1, telemovel_e164: null })
      expect(rows.find((r) => r.id === recent.id)).toMatchObject({ eliminado: 0 })
      expect(rows.find((r) => r.origem === 'app')).toMatchObject({ eliminado: 0 })
      // The lapsed number can join again.
      const again = await device(t).call('POST', '/registo', { telemovel: '931111111', pais: '351', termos: true })
      expect(again.statusCode).toBe(200)
      clock.advance(3 * DAY)
      await t.app.housekeeping()
      const recentNow = await db
        .selectFrom('utilizadores')
        .select('eliminado')
        .where('id', '=', recent.id)
        .executeTakeFirst()
      expect(recentNow?.eliminado).toBe(1)
    })
  })
})
