import { verify } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { paths } from '../../../shared/routes.ts'
import { ISSUER, setupCarteira } from '../../testing/carteira.ts'
import { createTestApp, device, lastSmsCode, testDialects } from '../../testing/harness.ts'
import { DADOS } from '../fidelizacao/testing.ts'
import { tokenDoEmail } from '../rgpd/testing.ts'

/**
 * Google Wallet (decision 0047): the save link's JWT (RS256, the service account's key) with the loyalty object, the
 * object patched through the REST API (with an OAuth 2.0 token the service account gets) when the till moves the
 * ledger, retried through the outbox while Google is down; and erasure, which takes the pass and its devices away and
 * leaves Google's object inactive, with nothing personal on it.
 */
describe.each(testDialects())('the card in Google Wallet, and erasure, on %s', (dialect) => {
  const scene = setupCarteira(dialect)

  async function linkDe(d: ReturnType<typeof device>) {
    const res = await d.call('GET', '/api/carteira/google')
    expect(res.statusCode, res.body).toBe(200)
    const url = res.json().data.url as string
    expect(url.startsWith('https://pay.google.com/gp/v/save/')).toBe(true)
    const [h, p, s] = url.slice('https://pay.google.com/gp/v/save/'.length).split('.') as [string, string, string]
    expect(JSON.parse(Buffer.from(h, 'base64url').toString())).toMatchObject({ alg: 'RS256' })
    const assinado = verify('sha256', Buffer.from(`${h}.${p}`), scene.certs.googlePublica, Buffer.from(s, 'base64url'))
    expect(assinado).toBe(true)
    return JSON.parse(Buffer.from(p, 'base64url').toString())
  }

  it('gives a signed save link with the loyalty object, then patches the object when the till moves the ledger', async () => {
    const { d, id, qr } = await scene.cliente()
    expect((await scene.comprar(id, 2000)).statusCode).toBe(201)
    const jwt = await linkDe(d)
    expect(jwt).toMatchObject({
      iss: scene.certs.googleEmail,
      aud: 'google',
      typ: 'savetowallet',
      origins: ['https://balcao.exemplo.pt'],
    })
    const [objeto] = jwt.payload.loyaltyObjects
    expect(objeto).toMatchObject({
      classId: `${ISSUER}.fidelizacao`,
      state: 'ACTIVE',
      accountName: 'Ana Silva',
      loyaltyPoints: { label: 'Pontos', balance: { int: 20 } },
      secondaryLoyaltyPoints: { label: 'Saldo', balance: { money: { currencyCode: 'EUR', micros: 1_000_000 } } },
      barcode: { type: 'QR_CODE', value: qr },
    })
    expect(objeto.id).toMatch(new RegExp(`^${ISSUER}\\.[A-Za-z0-9_-]+$`))

    // The customer saved it in Google Wallet; a purchase reaches it in the outbox's round.
    scene.google.guardar(objeto.id)
    expect((await scene.comprar(id, 1000)).statusCode).toBe(201)
    expect(await scene.t.app.despacharCarteira()).toBe(1)
    expect(scene.google.patches).toHaveLength(1)
    expect(scene.google.patches[0]).toMatchObject({
      id: objeto.id,
      corpo: {
        state: 'ACTIVE',
        loyaltyPoints: { balance: { int: 30 } },
        secondaryLoyaltyPoints: { balance: { money: { micros: 1_500_000 } } },
        barcode: { value: qr },
      },
    })

    // Google down: the patch waits and is retried, with the card as it is when it finally goes.
    scene.google.indisponivel(true)
    expect((await scene.comprar(id, 1000)).statusCode).toBe(201)
    expect(await scene.t.app.despacharCarteira()).toBe(0)
    expect(await scene.t.database.db.selectFrom('carteira_envios').select('tentativas').execute()).toEqual([
      { tentativas: 1 },
    ])
    expect((await scene.comprar(id, 1000)).statusCode).toBe(201)
    scene.google.indisponivel(false)
    scene.clock.advance(31_000)
    expect(await scene.t.app.despacharCarteira()).toBeGreaterThanOrEqual(1)
    expect(scene.google.patches.at(-1)?.corpo).toMatchObject({ loyaltyPoints: { balance: { int: 50 } } })
    // One token for all of it: it is kept until it expires.
    expect(scene.google.tokensDados).toBe(1)
  })

  it('erasure unregisters the devices, deletes the pass and deactivates the Google object, with nothing personal on it', async () => {
    const { d, id } = await scene.cliente()
    const objeto = (await linkDe(d)).payload.loyaltyObjects[0]
    scene.google.guardar(objeto.id)
    const apple = await scene.descarregarPasse(d)
    expect(apple.statusCode).toBe(200)
    const [passe] = await scene.t.database.db.selectFrom('carteira_passes').selectAll().execute()
    await scene.t.database.db
      .insertInto('carteira_dispositivos')
      .values({
        dispositivo: 'iphone-1',
        serie: passe?.serie ?? '',
        push_token: 'ef'.repeat(32),
        criado_em: '2026-11-22T10:00:00.000Z',
      })
      .execute()
    // A purchase's updates wait in the outbox, not sent yet, as the erasure comes.
    expect((await scene.comprar(id, 1000)).statusCode).toBe(201)
    expect(await scene.t.database.db.selectFrom('carteira_envios').select('tipo').orderBy('tipo').execute()).toEqual([
      { tipo: 'apple' },
      { tipo: 'google' },
    ])

    expect((await d.call('POST', paths.rgpdEsquecimento, { email: DADOS.email })).statusCode).toBe(200)
    const token = await tokenDoEmail(scene.t, DADOS.email, 'esquecimento')
    const apagada = await d.call('POST', `/api/rgpd/esquecimento/${token}`, { confirmar: true })
    expect(apagada.statusCode, apagada.body).toBe(200)
    expect(await scene.t.database.db.selectFrom('carteira_passes').selectAll().execute()).toEqual([])
    expect(await scene.t.database.db.selectFrom('carteira_dispositivos').selectAll().execute()).toEqual([])
    // What was waiting is gone; the deactivation waits for any patch already on its way, then goes.
    expect(await scene.t.database.db.selectFrom('carteira_envios').select(['tipo', 'ativo']).execute()).toEqual([
      { tipo: 'google', ativo: 0 },
    ])
    expect(await scene.t.app.despacharCarteira()).toBe(0)
    scene.clock.advance(2 * 60_000)
    expect(await scene.t.app.despacharCarteira()).toBe(1)
    expect(scene.google.patches).toHaveLength(1)
    expect(scene.google.patches.at(-1)).toEqual({
      id: objeto.id,
      corpo: {
        state: 'INACTIVE',
        accountName: '',
        loyaltyPoints: { label: 'Pontos', balance: { int: 0 } },
        secondaryLoyaltyPoints: { label: 'Saldo', balance: { money: { currencyCode: 'EUR', micros: 0 } } },
        textModulesData: [],
      },
    })
    expect(scene.apns.recebidos).toEqual([])
    // The pass's token opens nothing any more.
    const res = await scene.t.app.inject({
      method: 'GET',
      url: `/api/carteira/apple/v1/passes/${scene.certs.passTypeId}/${passe?.serie}`,
      headers: { authorization: 'ApplePass qualquer-coisa-com-16' },
    })
    expect(res.statusCode).toBe(401)
  })

  it('without the wallets’ settings, the app offers neither and their routes answer 404', async () => {
    const t = await createTestApp(dialect)
    try {
      const d = device(t)
      expect((await d.call('GET', '/api/configuracao')).json().data.carteiras).toEqual({ apple: false, google: false })
      const { hash } = (await d.call('POST', '/registo', { telemovel: '913333333', pais: '351', termos: true })).json()
        .data
      await d.call('POST', `/registo/${hash}`, { codigo: await lastSmsCode(t, '+351913333333') })
      expect((await d.call('GET', '/api/carteira/google')).statusCode).toBeGreaterThanOrEqual(400)
      const ws = await t.app.inject({ method: 'POST', url: '/api/carteira/apple/v1/log', payload: { logs: [] } })
      expect(ws.statusCode).toBe(404)
    } finally {
      await t.close()
    }
  })
})
