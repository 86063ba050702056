import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { rgpdMensagens } from '../../../shared/rgpd.ts'
import { HOUR } from '../../platform/clock.ts'
import { device, type TestApp, testDialects } from '../../testing/harness.ts'
import { accountsApp, DADOS, type ManualClock, registerAccount } from '../conta/testing.ts'
import { emailsPara, tokenDoEmail } from './testing.ts'

describe.each(testDialects())('GDPR requests on %s', (dialect) => {
  let t: TestApp
  let clock: ManualClock

  beforeEach(async () => {
    ;({ t, clock } = await accountsApp(dialect))
  })
  afterEach(() => t.close())

  it('e-mails a single-use link to the account’s own address only, with the same answer for any other', async () => {
    const d = await registerAccount(t)
    const outro = await d.call('POST', '/rgpd/esquecimento', { email: 'outra@exemplo.pt' })
    expect(outro.statusCode, outro.body).toBe(200)
    expect(outro.json()).toEqual({ data: null })
    expect(await emailsPara(t, 'outra@exemplo.pt')).toEqual([])
    expect(await t.database.db.selectFrom('email_outbox').selectAll().execute()).toEqual([])

    const proprio = await d.call('POST', '/rgpd/esquecimento', { email: ' ANA@exemplo.pt ' })
    expect(proprio.json()).toEqual({ data: null })
    const [email] = await emailsPara(t, DADOS.email)
    expect(email?.assunto).toBe('Pedido de eliminação dos seus dados')
    expect(email?.texto).toContain('Olá, Ana Silva.')
    expect(email?.html).toMatch(/<a href="http[^"]+\/rgpd\/esquecimento\/[A-Za-z0-9_-]{43}">/)
    const token = await tokenDoEmail(t, DADOS.email, 'esquecimento')
    // Only its hash is kept.
    const rows = await t.database.db.selectFrom('rgpd_pedidos').selectAll().execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]?.token_hash).not.toContain(token)

    const pedido = await d.call('GET', `/api/rgpd/pedidos/${token}`)
    expect(pedido.statusCode, pedido.body).toBe(200)
    expect(pedido.json().data).toMatchObject({
      tipo: 'esquecimento',
      resumo: { saldo: 0, pontos: 0, pedidoEmCurso: false },
    })
  })

  it('refuses an invalid address with the spec’s message', async () => {
    const d = await registerAccount(t)
    for (const email of ['', 'ana@', undefined]) {
      const res = await d.call('POST', '/rgpd/portabilidade', email === undefined ? {} : { email })
      expect(res.statusCode).toBe(400)
      expect(res.json().error.fields.email).toBe(
        email === 'ana@' ? 'Email inválido' : 'Campo de preenchimento obrigatório',
      )
    }
  })

  it('binds the link to its account: a guest is asked to sign in, another account is refused', async () => {
    const d = await registerAccount(t)
    await d.call('POST', '/rgpd/portabilidade', { email: DADOS.email })
    const token = await tokenDoEmail(t, DADOS.email, 'portabilidade')
    const convidado = device(t)
    expect((await convidado.call('GET', `/api/rgpd/pedidos/${token}`)).statusCode).toBe(401)
    expect((await convidado.call('POST', `/api/rgpd/portabilidade/${token}`, { confirmar: true })).statusCode).toBe(401)
    const outra = await registerAccount(t, '913333333')
    const res = await outra.call('POST', `/api/rgpd/portabilidade/${token}`, { confirmar: true })
    expect(res.statusCode).toBe(403)
    expect(res.json().error.message).toBe(rgpdMensagens.outraConta)
    // Still usable by its own account.
    expect((await d.call('POST', `/api/rgpd/portabilidade/${token}`, { confirmar: true })).statusCode).toBe(200)
  })

  it('expires a link after 24 hours', async () => {
    const d = await registerAccount(t)
    await d.call('POST', '/rgpd/esquecimento', { email: DADOS.email })
    const token = await tokenDoEmail(t, DADOS.email, 'esquecimento')
    clock.advance(24 * HOUR)
    const res = await d.call('POST', `/api/rgpd/esquecimento/${token}`, { confirmar: true })
    expect(res.statusCode).toBe(410)
    expect(res.json().error.message).toBe(rgpdMensagens.linkInvalido)
    // Nothing was erased.
    expect((await d.call('POST', '/api/refresh-private-data', { value: true })).json().data.user.loggedIn).toBe(true)
  })

  it('keeps the communication consent’s history, with where each change was made', async () => {
    const d = await registerAccount(t)
    // The registration's box ticked is the one consent: the GDPR screen already shows it given, and giving it again
    // changes nothing.
    const on = await d.call('POST', '/rgpd/comunicacao', { comunicacao: true })
    expect(on.statusCode, on.body).toBe(200)
    expect(on.json().data.comunicacao).toBe(true)
    expect(on.json().data.comunicacoes).toBe(true)
    clock.advance(HOUR)
    await d.call('POST', '/rgpd/comunicacao', { comunicacao: false })
    await d.call('POST', '/rgpd/comunicacao', { comunicacao: false })
    const historia = await t.database.db
      .selectFrom('consentimentos')
      .select(['tipo', 'valor', 'versao', 'registado_em', 'origem'])
      .orderBy('id')
      .execute()
    expect(historia.map((c) => [c.tipo, c.valor, c.origem])).toEqual([
      ['termos', 1, 'registo'],
      ['termos', 1, 'registo'],
      ['privacidade', 1, 'registo'],
      ['comunicacao', 1, 'registo'],
      ['comunicacao', 0, 'rgpd'],
    ])
    expect(historia.at(-1)?.registado_em).toBe('2026-11-22T11:00:00.000Z')
  })
})
