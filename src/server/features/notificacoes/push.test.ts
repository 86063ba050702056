import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MINUTE, manualClock } from '../../platform/clock.ts'
import { createWebPushSender, type PushSender, vapidKeys } from '../../platform/web-push.ts'
import { insertContas } from '../../testing/fixtures.ts'
import { createTestApp, device, lastSmsCode, type TestApp, testDialects } from '../../testing/harness.ts'
import { pushAgent, startPushServer } from '../../testing/push-server.ts'
import { createPushService, endpointAceite, PUSH_TENTATIVAS, type PushDeps } from './push.ts'

const ANA = '912345678'
const RUI = '913333333'
const PASSWORD = '135790'

describe('push endpoints the server will POST to', () => {
  it("only https to a browser vendor's push service, unless the tests' local service is allowed", () => {
    for (const good of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/x',
      'https://wns2-par02p.notify.windows.com/w/?token=x',
      'https://web.push.apple.com/QGx',
    ]) {
      expect(endpointAceite(good, false), good).toBe(true)
    }
    for (const bad of [
      'http://fcm.googleapis.com/x',
      'https://fcm.googleapis.com:8443/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com.example/x',
      'https://localhost/x',
      'https://127.0.0.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/x',
      'https://internal.example.com/x',
      'https://user:pw@fcm.googleapis.com/x',
      'javascript:alert(1)',
      'not a url',
      // WHATWG URL drops the tab; the sending library's parser would stop the host at it (10.0.0.5).
      'https://10.0.0.5\t.fcm.googleapis.com/x',
      'https://10.0.0.5\n.fcm.googleapis.com/x',
      'https://fcm.googleapis.com/x y',
    ]) {
      expect(endpointAceite(bad, false), bad).toBe(false)
    }
    expect(endpointAceite('https://127.0.0.1:9/push/x', true)).toBe(true)
    expect(endpointAceite('http://127.0.0.1:9/push/x', true)).toBe(false)
  })
})

describe.each(testDialects())('Web Push on %s', (dialect) => {
  let t: TestApp
  let pushServer: Awaited<ReturnType<typeof startPushServer>>
  const clock = manualClock('2026-11-24T10:00:00.000Z')
  let ana: ReturnType<typeof device>
  let rui: ReturnType<typeof device>
  let anaId: number

  beforeEach(async () => {
    t = await createTestApp(
      dialect,
      { LOG_LEVEL: 'silent', PUSH_ENDPOINTS_LOCAIS: 'true' },
      { clock, pushAgent: pushAgent() },
    )
    const chave = (await t.api('GET', '/api/push/chave')).json().data.publicKey as string
    pushServer = await startPushServer({ vapidPublicKey: chave })
    const db = t.database.db
    await insertContas(db, [ANA, RUI], PASSWORD)
    anaId = (await db.selectFrom('utilizadores').select('id').where('telemovel', '=', ANA).executeTakeFirstOrThrow()).id
    ana = device(t)
    rui = device(t, '203.0.113.20')
    for (const [d, telemovel] of [
      [ana, ANA],
      [rui, RUI],
    ] as const) {
      expect((await d.call('POST', '/login', { telemovel, pais: '351', password: PASSWORD })).statusCode).toBe(200)
    }
  })
  afterEach(async () => {
    await t.close()
    await pushServer.close()
  })

  const subscrever = async (d = ana) => {
    const s = pushServer.subscrever()
    const res = await d.call('POST', '/api/push/subscricao', { endpoint: s.endpoint, keys: s.keys })
    expect(res.statusCode, res.body).toBe(200)
    return s
  }
  const envios = () => t.database.db.selectFrom('push_envios').selectAll().execute()

  it('the VAPID key is made once and kept: every process (and restart) signs with the same', async () => {
    const a = (await t.api('GET', '/api/push/chave')).json().data.publicKey
    expect(a).toMatch(/^[A-Za-z0-9_-]{87}$/)
    const row = await t.database.db
      .selectFrom('segredos')
      .select('valor')
      .where('nome', '=', 'vapid')
      .executeTakeFirst()
    expect(JSON.parse(row?.valor ?? '{}').publicKey).toBe(a)
  })

  it('a notification reaches each of the customer’s devices, signed with VAPID and encrypted; not another’s', async () => {
    const telemovel = await subscrever()
    const tablet = await subscrever()
    const doRui = await subscrever(rui)
    await t.app.notificacoes.enviar({
      utilizadorId: anaId,
      titulo: 'O seu pedido está pronto',
      texto: '<p>O pedido n.º 12 está pronto: pode levantá-lo na Nata &amp; Grão Chiado.</p>',
      ligacao: '/carrinho/confirmado?encomenda=12',
    })
    // Nothing is sent inside the request that made the notification: the outbox sends it.
    expect(pushServer.recebidas).toHaveLength(0)
    expect(await t.app.push.despachar()).toBe(2)
    expect(pushServer.recusadas).toEqual([])
    expect(pushServer.recebidas.map((m) => m.subscricao).sort()).toEqual([telemovel.id, tablet.id].sort())
    expect(pushServer.recebidas[0]).toMatchObject({
      payload: {
        titulo: 'O seu pedido está pronto',
        texto: 'O pedido n.º 12 está pronto: pode levantá-lo na Nata & Grão Chiado.',
        ligacao: '/carrinho/confirmado?encomenda=12',
      },
      ttl: 86_400,
      vapid: { sub: 'mailto:apoio@balcao.pt' },
    })
    expect(pushServer.recebidas.some((m) => m.subscricao === doRui.id)).toBe(false)
    expect(await envios()).toEqual([])
    // Sent once: another round sends nothing.
    expect(await t.app.push.despachar()).toBe(0)
  })

  it('one for everyone reaches every device', async () => {
    await subscrever()
    await subscrever(rui)
    await t.app.notificacoes.enviar({ utilizadorId: null, titulo: 'Natal', texto: '<p>Bolo-rei</p>' })
    expect(await t.app.push.despachar()).toBe(2)
  })

  it('forgets a device the push service says is gone (410), and its pending sends', async () => {
    const velho = await subscrever()
    const novo = await subscrever()
    pushServer.responder(velho.id, 410)
    await t.app.notificacoes.enviar({ utilizadorId: anaId, titulo: 'A', texto: 'a' })
    await t.app.notificacoes.enviar({ utilizadorId: anaId, titulo: 'B', texto: 'b' })
    await t.app.push.despachar()
    const restam = await t.database.db.selectFrom('push_subscricoes').select('endpoint').execute()
    expect(restam).toEqual([{ endpoint: novo.endpoint }])
    expect(pushServer.recebidas.map((m) => (m.payload as { titulo: string }).titulo)).toEqual(['A', 'B'])
    expect(await envios()).toEqual([])
  })

  it('a device the push service cannot read (400) is forgotten, not retried', async () => {
    const s = await subscrever()
    pushServer.responder(s.id, 400)
    await t.app.notificacoes.enviar({ utilizadorId: anaId, titulo: 'A', texto: 'a' })
    await t.app.push.despachar()
    expect(await t.database.db.selectFrom('push_subscricoes').select('id').execute()).toEqual([])
    expect(await envios()).toEqual([])
  })

  it('a device refused for its signature (401, 403: another VAPID key) is forgotten when other sends go through', async () => {
    for (const status of [401, 403]) {
      const velho = await subscrever()
      const novo = await subscrever()
      pushServer.responder(velho.id, status)
      await t.app.notificacoes.enviar({ utilizadorId: anaId, titulo: 'A', texto: 'a' })
      expect(await t.app.push.despachar()).toBe(1)
      const restam = await t.database.db.selectFrom('push_subscricoes').select('endpoint').execute()
      expect(restam, `HTTP ${status}`).toEqual([{ endpoint: novo.endpoint }])
      expect(await envios()).toEqual([])
      await t.database.db.deleteFrom('push_subscricoes').execute()
    }
  })

  it('when every send is refused for its signature (our VAPID subject or clock), the devices are kept and retried', async () => {
    const a = await subscrever()
    const b = await subscrever(rui)
    pushServer.responder(a.id, 403)
    pushServer.responder(b.id, 403)
    await t.app.notificacoes.enviar({ utilizadorId: null, titulo: 'Natal', texto: 'Bolo-rei' })
    expect(await t.app.push.despachar()).toBe(0)
    expect(await t.database.db.selectFrom('push_subscricoes').select('id').execute()).toHaveLength(2)
    const adiados = await envios()
    expect(adiados.map((e) => [e.tentativas, e.erro])).toEqual([
      [1, 'assinatura recusada'],
      [1, 'assinatura recusada'],
    ])
    expect(adiados.every((e) => e.proxima_em > new Date(clock.now()).toISOString())).toBe(true)
  })

  /**
   * The outbox with small limits, sending through the real sender to the local push service; `antes` runs before each
   * send (a slow push service), and the order sends start and end in is kept.
   */
  async function outbox(limites: PushDeps['limites'], antes: (endpoint: string) => Promise<void> = async () => {}) {
    const vapid = await vapidKeys(t.database.db, clock, { subject: 'mailto:apoio@balcao.pt', production: false })
    if (!vapid) throw new Error('no VAPID keys')
    const real = createWebPushSender(vapid, pushAgent())
    const registo = { comecos: [] as string[], fins: [] as string[], emVoo: 0, maxEmVoo: 0 }
    const sender: PushSender = {
      async enviar(destino, payload, ttl) {
        const { titulo } = JSON.parse(payload) as { titulo: string }
        registo.comecos.push(titulo)
        registo.maxEmVoo = Math.max(registo.maxEmVoo, ++registo.emVoo)
        try {
          await antes(destino.endpoint)
          return await real.enviar(destino, payload, ttl)
        } finally {
          registo.emVoo--
          registo.fins.push(destino.endpoint)
        }
      },
    }
    const log = { warn: () => {}, error: () => {} } as unknown as PushDeps['log']
    return {
      registo,
      push: createPushService({ db: t.database.db, clock, sender, endpointsLocais: true, log, limites }),
    }
  }

  it('a customer’s own notification goes before one for everyone queued earlier', async () => {
    await subscrever()
    await subscrever(rui)
    await t.app.notificacoes.enviar({ utilizadorId: null, titulo: 'Natal', texto: 'Bolo-rei' })
    await t.app.notificacoes.enviar({ utilizadorId: anaId, titulo: 'O seu pedido está pronto', texto: 'a' })
    const { registo, push } = await outbox({ concorrencia: 1 })
    expect(await push.despachar()).toBe(3)
    expect(registo.comecos).toEqual(['O seu pedido está pronto', 'Natal', 'Natal'])
  })

  it('sends several at once, and goes on while more is due; a slow push service holds up only its own', async () => {
    const devices = []
    for (let i = 0; i < 6; i++) devices.push(await subscrever(), await subscrever(rui))
    const lento = devices[0]?.endpoint
    await t.app.notificacoes.enviar({ utilizadorId: null, titulo: 'Natal', texto: 'Bolo-rei' })
    const { registo, push } = await outbox({ concorrencia: 4, lote: 5 }, async (endpoint) => {
      await new Promise((r) => setTimeout(r, endpoint === lento ? 1500 : 50))
    })
    const inicio = performance.now()
    // 12 due, 5 claimed at a time: one call sends them all.
    expect(await push.despachar()).toBe(12)
    expect(registo.maxEmVoo).toBe(4)
    expect(registo.fins.at(-1)).toBe(lento)
    // The slow one's 1.5 s ran alongside the other eleven (50 ms each, three at a time), not before them.
    expect(performance.now() - inicio).toBeLessThan(3000)
    expect(await envios()).toEqual([])
  })

  it('retries a push service that is down, with backoff, then gives up', async () => {
    const s = await subscrever()
    pushServer.responder(s.id, 503)
    await t.app.notificacoes.enviar({ utilizadorId: anaId, titulo: 'A', texto: 'a' })
    await t.app.push.despachar()
    expect(await envios()).toMatchObject([{ tentativas: 1, erro: 'HTTP 503' }])
    // Not before its time.
    await t.app.push.despachar()
    expect(await envios()).toMatchObject([{ tentativas: 1 }])
    clock.advance(31_000)
    pushServer.responder(s.id, 201)
    await t.app.push.despachar()
    expect(pushServer.recebidas).toHaveLength(1)
    expect(await envios()).toEqual([])

    pushServer.responder(s.id, 503)
    await t.app.notificacoes.enviar({ utilizadorId: anaId, titulo: 'B', texto: 'b' })
    for (let i = 0; i < PUSH_TENTATIVAS; i++) {
      await t.app.push.despachar()
      clock.advance(10 * MINUTE)
    }
    expect(await envios()).toEqual([])
    // The device itself is kept: the service may be back tomorrow.
    expect(await t.database.db.selectFrom('push_subscricoes').select('id').execute()).toHaveLength(1)
  })

  it('a device whose session ended (signed out, or ended elsewhere) gets nothing more, and is let go', async () => {
    await subscrever()
    await t.app.notificacoes.enviar({ utilizadorId: anaId, titulo: 'Antes', texto: 'a' })
    // Signed out after it was queued: not sent.
    expect((await ana.call('POST', '/api/logout', { value: true })).statusCode).toBe(200)
    expect(await t.app.push.despachar()).toBe(0)
    expect(pushServer.recebidas).toEqual([])
    expect(await t.database.db.selectFrom('push_subscricoes').select('id').execute()).toEqual([])
    // Signed in again, the browser gives its subscription to the new session, and gets pushes again.
    await ana.call('POST', '/login', { telemovel: ANA, pais: '351', password: PASSWORD })
    await subscrever()
    const outra = await subscrever(rui)
    await rui.call('POST', '/api/logout', { value: true })
    await t.app.notificacoes.enviar({ utilizadorId: null, titulo: 'Depois', texto: 'b' })
    expect(await t.app.push.despachar()).toBe(1)
    await t.app.housekeeping()
    const restam = await t.database.db.selectFrom('push_subscricoes').select('endpoint').execute()
    expect(restam.map((r) => r.endpoint)).not.toContain(outra.endpoint)
    expect(restam).toHaveLength(1)
  })

  it('a phone change renews the device’s session: its subscription goes with it, and pushes keep coming', async () => {
    const s = await subscrever()
    const pedido = await ana.call('POST', '/alterar-telemovel', {
      telemovel: '961234567',
      pais: '351',
      confirmacaoTelemovel: '961234567',
      confirmacaoPais: '351',
    })
    expect(pedido.statusCode, pedido.body).toBe(200)
    const codigo = await lastSmsCode(t, '+351961234567')
    const feito = await ana.call('POST', `/alterar-telemovel/${pedido.json().data.hash}`, { codigo })
    expect(feito.statusCode, feito.body).toBe(200)
    const sessoes = await t.database.db
      .selectFrom('push_subscricoes as p')
      .innerJoin('sessoes as ss', 'ss.id', 'p.sessao_id')
      .select(['p.endpoint', 'ss.revogada_em'])
      .execute()
    expect(sessoes).toEqual([{ endpoint: s.endpoint, revogada_em: null }])
    await t.app.notificacoes.enviar({ utilizadorId: anaId, titulo: 'O seu pedido está pronto', texto: 'a' })
    expect(await t.app.push.despachar()).toBe(1)
    // The hourly clean-up keeps it: its session is the device's current one.
    await t.app.housekeeping()
    expect(await t.database.db.selectFrom('push_subscricoes').select('id').execute()).toHaveLength(1)
  })

  it('a device signed in as someone else does not carry the last customer’s subscription to them', async () => {
    await subscrever()
    expect((await ana.call('POST', '/login', { telemovel: RUI, pais: '351', password: PASSWORD })).statusCode).toBe(200)
    await t.app.notificacoes.enviar({ utilizadorId: anaId, titulo: 'Da Ana', texto: 'a' })
    await t.app.notificacoes.enviar({ utilizadorId: null, titulo: 'Todos', texto: 'b' })
    expect(await t.app.push.despachar()).toBe(0)
    expect(pushServer.recebidas).toEqual([])
  })

  it('a browser that passes to another customer takes none of the last one’s pending pushes', async () => {
    const s = await subscrever()
    await t.app.notificacoes.enviar({ utilizadorId: anaId, titulo: 'Da Ana', texto: 'a' })
    expect(await envios()).toHaveLength(1)
    expect((await rui.call('POST', '/api/push/subscricao', { endpoint: s.endpoint, keys: s.keys })).statusCode).toBe(
      200,
    )
    expect(await envios()).toEqual([])
    expect(await t.app.push.despachar()).toBe(0)
  })

  it('two rounds at once (two processes) send each message once', async () => {
    await subscrever()
    await t.app.notificacoes.enviar({ utilizadorId: anaId, titulo: 'A', texto: 'a' })
    const [a, b] = await Promise.all([t.app.push.despachar(), t.app.push.despachar()])
    expect((a ?? 0) + (b ?? 0)).toBe(1)
    expect(pushServer.recebidas).toHaveLength(1)
  })

  it('a device signed in as someone else gets only that person’s; unsubscribing stops it; guests and bad input are refused', async () => {
    const s = await subscrever()
    // The same browser, now Rui's.
    expect((await rui.call('POST', '/api/push/subscricao', { endpoint: s.endpoint, keys: s.keys })).statusCode).toBe(
      200,
    )
    await t.app.notificacoes.enviar({ utilizadorId: anaId, titulo: 'Para a Ana', texto: 'a' })
    expect(await t.app.push.despachar()).toBe(0)
    // Only the owner may remove it.
    await ana.call('DELETE', '/api/push/subscricao', { endpoint: s.endpoint })
    expect(await t.database.db.selectFrom('push_subscricoes').select('id').execute()).toHaveLength(1)
    const fora = await rui.call('DELETE', '/api/push/subscricao', { endpoint: s.endpoint })
    expect(fora.statusCode, fora.body).toBe(200)
    expect(await t.database.db.selectFrom('push_subscricoes').select('id').execute()).toHaveLength(0)

    expect((await t.api('POST', '/api/push/subscricao', { endpoint: s.endpoint, keys: s.keys })).statusCode).toBe(401)
    const mau = await ana.call('POST', '/api/push/subscricao', {
      endpoint: s.endpoint,
      keys: { p256dh: 'x', auth: 'y' },
    })
    expect(mau.statusCode).toBe(400)
  })
})

describe.each(testDialects())('Web Push endpoints in production settings on %s', (dialect) => {
  it('refuses an endpoint on this machine: the server would POST wherever a browser said', async () => {
    const t = await createTestApp(dialect, { LOG_LEVEL: 'silent' })
    try {
      await insertContas(t.database.db, [ANA], PASSWORD)
      const d = device(t)
      await d.call('POST', '/login', { telemovel: ANA, pais: '351', password: PASSWORD })
      const pushServer = await startPushServer()
      const s = pushServer.subscrever()
      const res = await d.call('POST', '/api/push/subscricao', { endpoint: s.endpoint, keys: s.keys })
      expect(res.statusCode).toBe(400)
      expect(res.json().error.fields).toEqual({ endpoint: 'Endereço de notificações inválido.' })
      await pushServer.close()
    } finally {
      await t.close()
    }
  })
})
