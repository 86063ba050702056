import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { API_VERSION } from '../../../shared/api.ts'
import { abrirPkpass, setupCarteira, verificarAssinatura } from '../../testing/carteira.ts'
import { testDialects } from '../../testing/harness.ts'

const DISPOSITIVO = 'iphone-da-ana-0001'
const PUSH_TOKEN = 'ab'.repeat(32)

/**
 * Apple Wallet (decision 0047): the signed pass, the web service driven as a device drives it, and a purchase at the
 * till reaching the device's APNs push within the outbox's round, then the device fetching the new pass.
 */
describe.each(testDialects())('the card in Apple Wallet on %s', (dialect) => {
  const scene = setupCarteira(dialect)
  const ws = '/api/carteira/apple/v1'

  /** The pass's pass.json, and its files (to be closed by the caller once read). */
  async function passeDe(pkpass: Buffer) {
    const aberto = abrirPkpass(pkpass)
    const pass = JSON.parse(aberto.ficheiros.get('pass.json')?.toString('utf8') ?? '{}')
    return { pass, aberto }
  }

  it('is a signed storeCard of the customer: name, balance, points, rewards and the QR the till reads', async () => {
    const { d, qr, id } = await scene.cliente()
    expect((await scene.comprar(id, 2000)).statusCode).toBe(201)
    const config = (await d.call('GET', '/api/configuracao')).json().data
    expect(config.carteiras).toEqual({ apple: true, google: true })

    const res = await scene.descarregarPasse(d)
    expect(res.headers['content-type']).toBe('application/vnd.apple.pkpass')
    expect(res.headers['cache-control']).toBe('no-store')
    const { pass, aberto } = await passeDe(res.rawPayload)
    try {
      expect(pass.passTypeIdentifier).toBe(scene.certs.passTypeId)
      expect(pass.teamIdentifier).toBe(scene.certs.teamId)
      expect(pass.organizationName).toBe('Balcão')
      expect(pass.webServiceURL).toBe('https://balcao.exemplo.pt/api/carteira/apple')
      expect(pass.authenticationToken.length).toBeGreaterThanOrEqual(16)
      // A random serial, not the customer's id.
      expect(pass.serialNumber).toMatch(/^[A-Za-z0-9_-]{20}$/)
      expect(pass.barcodes).toEqual([{ format: 'PKBarcodeFormatQR', message: qr, messageEncoding: 'iso-8859-1' }])
      expect(pass.storeCard.primaryFields[0]).toMatchObject({ key: 'saldo', value: 1, currencyCode: 'EUR' })
      expect(pass.storeCard.headerFields[0]).toMatchObject({ key: 'pontos', value: 20 })
      expect(pass.storeCard.secondaryFields[0]).toMatchObject({ key: 'nome', value: 'Ana Silva' })
      expect(pass.backgroundColor).toBe('rgb(156, 61, 34)')
      // The manifest names every file with its SHA-1, and the signature of the manifest holds to the root.
      const manifest = JSON.parse(aberto.ficheiros.get('manifest.json')?.toString('utf8') ?? '{}')
      for (const [nome, conteudo] of aberto.ficheiros) {
        if (nome === 'manifest.json' || nome === 'signature') continue
        expect(manifest[nome], nome).toBe(createHash('sha1').update(conteudo).digest('hex'))
      }
      expect(Object.keys(manifest)).toEqual(expect.arrayContaining(['pass.json', 'icon.png', 'icon@2x.png']))
      expect(() => verificarAssinatura(aberto.pasta, scene.certs.raiz)).not.toThrow()
    } finally {
      aberto.fechar()
    }
    // The same pass (serial, token) whenever it is asked for again.
    const outra = await passeDe((await scene.descarregarPasse(d)).rawPayload)
    outra.aberto.fechar()
    expect(outra.pass.serialNumber).toBe(pass.serialNumber)
    expect(outra.pass.authenticationToken).toBe(pass.authenticationToken)
  })

  it('is only for a signed-in customer, and only with the version', async () => {
    const semSessao = await scene.t.app.inject({ method: 'GET', url: `/api/carteira/apple?v=${API_VERSION}` })
    expect(semSessao.statusCode).toBe(401)
    const { d } = await scene.cliente()
    const semVersao = await scene.t.app.inject({
      method: 'GET',
      url: '/api/carteira/apple',
      headers: { cookie: `balcao_sessao=${d.cookie}` },
    })
    expect(semVersao.statusCode).toBe(400)
  })

  it('registers a device with the pass’s token, tells it what changed, and pushes it when the till moves the ledger', async () => {
    const { d, id } = await scene.cliente()
    const { pass, aberto } = await passeDe((await scene.descarregarPasse(d)).rawPayload)
    aberto.fechar()
    const auth = { authorization: `ApplePass ${pass.authenticationToken}` }
    const registo = `${ws}/devices/${DISPOSITIVO}/registrations/${pass.passTypeIdentifier}/${pass.serialNumber}`
    const registar = (headers: Record<string, string>) =>
      scene.t.app.inject({ method: 'POST', url: registo, headers, payload: { pushToken: PUSH_TOKEN } })

    expect((await registar({ authorization: 'ApplePass outro-token-qualquer-1234' })).statusCode).toBe(401)
    expect((await registar({})).statusCode).toBe(401)
    expect((await registar(auth)).statusCode).toBe(201)
    expect((await registar(auth)).statusCode).toBe(200)

    const series = (desde?: string) =>
      scene.t.app.inject({
        method: 'GET',
        url: `${ws}/devices/${DISPOSITIVO}/registrations/${pass.passTypeIdentifier}${desde ? `?passesUpdatedSince=${desde}` : ''}`,
      })
    const todas = await series()
    expect(todas.statusCode).toBe(200)
    expect(todas.json().serialNumbers).toEqual([pass.serialNumber])
    const tag = todas.json().lastUpdated as string
    // Within a minute of its tag, the pass is listed again (a change tagged earlier may commit later); after, not.
    expect((await series(tag)).statusCode).toBe(200)
    scene.clock.advance(61_000)
    expect((await series(tag)).statusCode).toBe(204)

    const passeAtual = (headers: Record<string, string>) =>
      scene.t.app.inject({
        method: 'GET',
        url: `${ws}/passes/${pass.passTypeIdentifier}/${pass.serialNumber}`,
        headers,
      })
    expect((await passeAtual({})).statusCode).toBe(401)
    const primeiro = await passeAtual(auth)
    expect(primeiro.statusCode).toBe(200)
    const lastModified = primeiro.headers['last-modified'] as string
    expect((await passeAtual({ ...auth, 'if-modified-since': lastModified })).statusCode).toBe(304)

    // A purchase at the till: within the outbox's round, the device's push, with the pass type as its topic.
    expect((await scene.comprar(id, 1500)).statusCode).toBe(201)
    expect(await scene.t.app.despacharCarteira()).toBeGreaterThanOrEqual(1)
    expect(scene.apns.recebidos).toEqual([{ token: PUSH_TOKEN, topic: pass.passTypeIdentifier, payload: '{}' }])
    // The device asks what changed since its tag, and fetches the new pass.
    const mudou = await series(tag)
    expect(mudou.statusCode).toBe(200)
    expect(mudou.json().serialNumbers).toEqual([pass.serialNumber])
    const novo = await passeAtual({ ...auth, 'if-modified-since': lastModified })
    expect(novo.statusCode).toBe(200)
    const lido = await passeDe(novo.rawPayload)
    lido.aberto.fechar()
    expect(lido.pass.storeCard.primaryFields[0].value).toBe(0.75)
    expect(lido.pass.storeCard.headerFields[0].value).toBe(15)
    // Nothing more to send.
    expect(await scene.t.app.despacharCarteira()).toBe(0)

    // A device that unregisters gets no more pushes.
    const apagar = await scene.t.app.inject({ method: 'DELETE', url: registo, headers: auth })
    expect(apagar.statusCode).toBe(200)
    expect((await scene.comprar(id, 500)).statusCode).toBe(201)
    await scene.t.app.despacharCarteira()
    expect(scene.apns.recebidos).toHaveLength(1)
  })

  it('the birthday reward the job gives reaches the device, and the pass names it with the reward', async () => {
    const { d, id } = await scene.cliente()
    const db = scene.t.database.db
    // Born on the suite's day (22/11, Lisbon); the programme's rewards as the back-office defines them.
    await db.updateTable('utilizadores').set({ data_nascimento: '1990-11-22' }).where('id', '=', id).execute()
    const definicao = { tipo: 'produto' as const, criado_em: '2026-11-01T00:00:00.000Z' }
    await db
      .insertInto('premios')
      .values({ ...definicao, finalidade: 'pontos', nome: 'Café oferta' })
      .execute()
    await db
      .insertInto('premios')
      .values({ ...definicao, finalidade: 'aniversario', nome: 'Fatia de bolo', validade_dias: 7 })
      .execute()
    const { pass, aberto } = await passeDe((await scene.descarregarPasse(d)).rawPayload)
    aberto.fechar()
    expect(pass.storeCard.auxiliaryFields.map((f: { key: string }) => f.key)).toEqual(['premios'])
    expect(pass.storeCard.backFields[0].value).toBe('100 pontos dão 1 prémio a usar na loja: Café oferta.')
    const auth = { authorization: `ApplePass ${pass.authenticationToken}` }
    const registo = `${ws}/devices/${DISPOSITIVO}/registrations/${pass.passTypeIdentifier}/${pass.serialNumber}`
    const registado = await scene.t.app.inject({
      method: 'POST',
      url: registo,
      headers: auth,
      payload: { pushToken: PUSH_TOKEN },
    })
    expect(registado.statusCode).toBe(201)

    const job = await scene.t.api('POST', '/api/dev/aniversarios', { agora: scene.clock.now().toISOString() })
    expect(job.json().data).toEqual({ dados: 1 })
    expect(await scene.t.app.despacharCarteira()).toBeGreaterThanOrEqual(1)
    expect(scene.apns.recebidos).toEqual([{ token: PUSH_TOKEN, topic: pass.passTypeIdentifier, payload: '{}' }])
    const novo = await scene.t.app.inject({
      method: 'GET',
      url: `${ws}/passes/${pass.passTypeIdentifier}/${pass.serialNumber}`,
      headers: auth,
    })
    const lido = await passeDe(novo.rawPayload)
    lido.aberto.fechar()
    expect(lido.pass.storeCard.auxiliaryFields[1]).toMatchObject({
      key: 'aniversario',
      label: 'Prémio de aniversário',
      value: 'Fatia de bolo, até 29/11/2026',
    })
  })

  it('a new security key (a new QR) updates the pass; a device Apple says is gone is let go; APNs down is retried', async () => {
    const { d } = await scene.cliente()
    const { pass, aberto } = await passeDe((await scene.descarregarPasse(d)).rawPayload)
    aberto.fechar()
    const auth = { authorization: `ApplePass ${pass.authenticationToken}` }
    const outro = 'cd'.repeat(32)
    for (const [disp, token] of [
      [DISPOSITIVO, PUSH_TOKEN],
      ['ipad-da-ana-0002', outro],
    ] as const) {
      const r = await scene.t.app.inject({
        method: 'POST',
        url: `${ws}/devices/${disp}/registrations/${pass.passTypeIdentifier}/${pass.serialNumber}`,
        headers: auth,
        payload: { pushToken: token },
      })
      expect(r.statusCode).toBe(201)
    }
    scene.apns.responder(outro, 410, 'Unregistered')
    scene.apns.responder(PUSH_TOKEN, 503, 'ServiceUnavailable')
    expect((await d.call('POST', '/chave-seguranca', { selecao: 1, gerar: true })).statusCode).toBe(200)
    expect(await scene.t.app.despacharCarteira()).toBe(0)
    // The gone device is let go; the other's push waits to be retried.
    const dispositivos = await scene.t.database.db.selectFrom('carteira_dispositivos').select('push_token').execute()
    expect(dispositivos.map((x) => x.push_token)).toEqual([PUSH_TOKEN])
    const [envio] = await scene.t.database.db.selectFrom('carteira_envios').selectAll().execute()
    expect(envio).toMatchObject({ tipo: 'apple', push_token: PUSH_TOKEN, tentativas: 1 })
    // Apple is back: the retry, once due, goes through; the pass carries the new QR.
    scene.apns.responder(PUSH_TOKEN, 200)
    scene.clock.advance(31_000)
    expect(await scene.t.app.despacharCarteira()).toBe(1)
    expect(scene.apns.recebidos.map((r) => r.token)).toEqual([PUSH_TOKEN])
    const qrNovo = (await scene.privado(d)).user.data.qrCode
    const novo = await scene.t.app.inject({
      method: 'GET',
      url: `${ws}/passes/${pass.passTypeIdentifier}/${pass.serialNumber}`,
      headers: auth,
    })
    const lido = await passeDe(novo.rawPayload)
    lido.aberto.fechar()
    expect(lido.pass.barcodes[0].message).toBe(qrNovo)
    expect(qrNovo).not.toBe(pass.barcodes[0].message)
  })

  it('keeps what a device logs short, and stores none of it', async () => {
    const res = await scene.t.app.inject({
      method: 'POST',
      url: `${ws}/log`,
      payload: { logs: ['Web service error for pass.pt.balcao.teste: 401'] },
    })
    expect(res.statusCode).toBe(200)
  })
})
