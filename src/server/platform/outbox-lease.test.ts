import { createECDH, randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { createPushService, PUSH_LIMITES } from '../features/notificacoes/push.ts'
import { insertContas } from '../testing/fixtures.ts'
import { createTestApp, device, type TestApp, testDialects } from '../testing/harness.ts'
import { MINUTE, manualClock } from './clock.ts'
import { comporEmail, EmailDeliveryError, type EmailTransport, enfileirarEmail } from './email.ts'
import { createEmailOutbox, EMAIL_RECLAMACAO_MS } from './email-outbox.ts'
import type { PushSender } from './web-push.ts'

/**
 * The claim, lease and settle the e-mail and push outboxes share (outbox-lease.ts): a send that outlives its lease is
 * taken over by another process, which sends and settles it; when the first send then ends, it settles nothing, so
 * the message is never counted twice nor its settlement undone.
 */

const ANA = '912345678'
const PASSWORD = '135790'
const silencio = { info() {}, warn() {}, error() {} }

describe.each(testDialects())('a lease lost mid-send (%s)', (dialect) => {
  let t: TestApp | undefined
  afterEach(async () => {
    await t?.close()
    t = undefined
  })

  it('e-mail: the process whose lease was taken over settles nothing, sent or failed', {
    timeout: 60_000,
  }, async () => {
    const clock = manualClock('2026-11-25T10:00:00.000Z')
    t = await createTestApp(dialect, {}, { clock })
    const { db } = t.database
    for (const para of ['a@exemplo.pt', 'b@exemplo.pt']) {
      await db.transaction().execute((trx) => enfileirarEmail(trx, comporEmail(para, 'Olá', ['Olá.']), clock))
    }
    const entregues: string[] = []
    const outro = createEmailOutbox({
      db,
      clock,
      log: silencio,
      transport: {
        name: 'smtp',
        async send(email) {
          entregues.push(`outro:${email.para}`)
        },
      },
    })
    // The first process's sends are slow: while each is under way its lease ends and the other process takes it over.
    // Its first send then goes through, its second fails (the SMTP server dropped the line).
    let vez = 0
    const lento: EmailTransport = {
      name: 'smtp',
      async send(email) {
        clock.advance(EMAIL_RECLAMACAO_MS + 1000)
        await outro.despachar()
        entregues.push(`lento:${email.para}`)
        if (++vez === 2) throw new EmailDeliveryError('ligação perdida', false)
      },
    }
    const primeiro = createEmailOutbox({ db, clock, transport: lento, log: silencio })
    expect(await primeiro.despachar()).toBe(0)
    expect(entregues.sort()).toEqual([
      'lento:a@exemplo.pt',
      'lento:b@exemplo.pt',
      'outro:a@exemplo.pt',
      'outro:b@exemplo.pt',
    ])
    const linhas = await db.selectFrom('email_outbox').selectAll().orderBy('id').execute()
    // Settled once, by the process that held the lease: sent, one attempt, no error and no retry written over it.
    expect(linhas.map((l) => [l.tentativas, l.erro, l.desistido_em, l.enviado_em !== null])).toEqual([
      [1, null, null, true],
      [1, null, null, true],
    ])
  })

  it('push: the process whose lease was taken over does not count the send again', { timeout: 60_000 }, async () => {
    const clock = manualClock('2026-11-24T10:00:00.000Z')
    t = await createTestApp(dialect, { PUSH_ENDPOINTS_LOCAIS: 'true' }, { clock })
    const { db } = t.database
    await insertContas(db, [ANA], PASSWORD)
    const ana = device(t)
    expect((await ana.call('POST', '/login', { telemovel: ANA, pais: '351', password: PASSWORD })).statusCode).toBe(200)
    const ecdh = createECDH('prime256v1')
    ecdh.generateKeys()
    const subscricao = {
      endpoint: 'https://127.0.0.1:9/push/ana',
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
    }
    expect((await ana.call('POST', '/api/push/subscricao', subscricao)).statusCode).toBe(200)
    const { id: anaId } = await db
      .selectFrom('utilizadores')
      .select('id')
      .where('telemovel', '=', ANA)
      .executeTakeFirstOrThrow()
    await t.app.notificacoes.enviar({ utilizadorId: anaId, titulo: 'O seu pedido está pronto', texto: 'a' })
    await t.app.notificacoes.enviar({ utilizadorId: anaId, titulo: 'Outra', texto: 'b' })

    const limites = { ...PUSH_LIMITES, concorrencia: 1 }
    const enviados: string[] = []
    const rapido: PushSender = {
      async enviar(_destino, payload) {
        enviados.push(`outro:${(JSON.parse(payload) as { titulo: string }).titulo}`)
        return 201
      },
    }
    const outro = createPushService({ db, clock, sender: rapido, endpointsLocais: true, log: silencio, limites })
    // The push service is slow for the first process: its lease ends and the other takes the sends over; then the
    // first's sends are taken (201), and the second comes back 503 (to be retried).
    let vez = 0
    const lento: PushSender = {
      async enviar(_destino, payload) {
        clock.advance(2 * MINUTE)
        await outro.despachar()
        enviados.push(`lento:${(JSON.parse(payload) as { titulo: string }).titulo}`)
        return ++vez === 1 ? 201 : 503
      },
    }
    const primeiro = createPushService({ db, clock, sender: lento, endpointsLocais: true, log: silencio, limites })
    expect(await primeiro.despachar()).toBe(0)
    expect(enviados.sort()).toEqual([
      'lento:O seu pedido está pronto',
      'lento:Outra',
      'outro:O seu pedido está pronto',
      'outro:Outra',
    ])
    const contagens = await db
      .selectFrom('notificacoes')
      .select(['titulo', 'push_enviados', 'push_falhados'])
      .where('utilizador_id', '=', anaId)
      .orderBy('id')
      .execute()
    expect(contagens).toEqual([
      { titulo: 'O seu pedido está pronto', push_enviados: 1, push_falhados: 0 },
      { titulo: 'Outra', push_enviados: 1, push_falhados: 0 },
    ])
    // Nothing left to retry: the 503 after the takeover wrote no retry.
    expect(await db.selectFrom('push_envios').selectAll().execute()).toEqual([])
  })
})
