import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { notificacoesMensagens } from '../../../shared/admin-notificacoes.ts'
import { mensagens } from '../../../shared/validacao.ts'
import { buildApp } from '../../app.ts'
import { configWith } from '../../config.ts'
import { manualClock } from '../../platform/clock.ts'
import { HASH_COST_MIN } from '../../platform/crypto.ts'
import { insertContas, insertLoja, insertRestaurante, movimentoInicial } from '../../testing/fixtures.ts'
import { createTestApp, device, TEST_DATA_ENCRYPTION_KEY, type TestApp, testDialects } from '../../testing/harness.ts'
import { pushAgent, startPushServer } from '../../testing/push-server.ts'
import { ADMIN_COOKIE } from './routes.ts'
import { signedInAdmin } from './testing.ts'

/**
 * The notification composer: audiences limited to customers who consented to communications, a restaurant's
 * customers, one phone; sent now or by the job at its time, once; in-app and by Web Push through the outbox, with
 * delivery counts; a gestor only to their restaurants' customers; every change audited.
 */
const [ANA, RUI, EVA, ZE] = ['912000001', '912000002', '912000003', '912000004']
const PASSWORD = '135790'

describe.each(testDialects())('the notification composer, on %s', (dialect) => {
  let t: TestApp
  let pushServer: Awaited<ReturnType<typeof startPushServer>>
  let clock: ReturnType<typeof manualClock>
  let admin: string
  let gestor: string
  let restauranteA: number
  let restauranteB: number
  let ana: ReturnType<typeof device>
  let rui: ReturnType<typeof device>

  beforeEach(async () => {
    clock = manualClock('2026-11-24T10:00:00.000Z')
    t = await createTestApp(
      dialect,
      { LOG_LEVEL: 'silent', PUSH_ENDPOINTS_LOCAIS: 'true' },
      { clock, pushAgent: pushAgent() },
    )
    const chave = (await t.api('GET', '/api/push/chave')).json().data.publicKey as string
    pushServer = await startPushServer({ vapidPublicKey: chave })
    const db = t.database.db
    restauranteA = (await insertRestaurante(db, { tag: 'nata-e-grao', name: 'Nata & Grão' })).id
    restauranteB = (await insertRestaurante(db, { tag: 'outro', name: 'Outro' })).id
    await insertLoja(db, { tag: 'chiado', restaurante_id: restauranteA, id_loja: 862 })
    await insertLoja(db, { tag: 'porto', restaurante_id: restauranteB, id_loja: 900 })
    const [anaId, ruiId, evaId, zeId] = (await insertContas(db, [ANA, RUI, EVA, ZE], PASSWORD)) as [
      number,
      number,
      number,
      number,
    ]
    // Ana, Eva and Zé consented to communications; Rui did not. Ana and Rui bought at A's store, Eva at B's.
    await db.updateTable('utilizadores').set({ comunicacao: 1 }).where('id', 'in', [anaId, evaId, zeId]).execute()
    for (const [id, loja] of [
      [anaId, 862],
      [ruiId, 862],
      [evaId, 900],
    ] as const) {
      await db
        .insertInto('transacoes')
        .values(movimentoInicial(id, { saldo: 50, idLoja: loja }))
        .execute()
    }
    ana = device(t)
    rui = device(t, '203.0.113.20')
    for (const [d, telemovel] of [
      [ana, ANA],
      [rui, RUI],
    ] as const) {
      expect((await d.call('POST', '/login', { telemovel, pais: '351', password: PASSWORD })).statusCode).toBe(200)
    }
    const s = pushServer.subscrever()
    expect((await ana.call('POST', '/api/push/subscricao', { endpoint: s.endpoint, keys: s.keys })).statusCode).toBe(
      200,
    )
    admin = await signedInAdmin(t, 'admin-notificacoes@exemplo.pt', 'admin', { clock })
    gestor = await signedInAdmin(t, 'gestor-notificacoes@exemplo.pt', 'gestor', { clock, restaurantes: [restauranteA] })
  })
  afterEach(async () => {
    await t.close()
    await pushServer.close()
  })

  const call = (cookie: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
    t.app.inject({
      method,
      url: `/admin/api${url}`,
      headers: { accept: 'application/json', cookie: `${ADMIN_COOKIE}=${cookie}` },
      ...(method === 'POST' ? { payload: (body ?? { value: true }) as Record<string, unknown> } : {}),
    })
  const mensagem = (publico: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    publico: 'todos',
    restaurante_id: null,
    pais: '351',
    telemovel: '',
    titulo: 'Semana do pastel',
    texto: 'Todos os pastéis a 1 €.\n\nSó esta semana.',
    quando: 'agora',
    agendar_para: '',
    ...publico,
    ...extra,
  })
  const contar = async (cookie: string, publico: Record<string, unknown>) => {
    const res = await call(cookie, 'POST', '/notificacoes/previsualizar', mensagem(publico))
    return res.statusCode === 200 ? res.json().data.destinatarios : res.statusCode
  }
  const titulos = async (d: ReturnType<typeof device>) =>
    ((await d.call('GET', '/api/notificacoes')).json().data as { titulo: string }[]).map((n) => n.titulo)
  const daCampanha = (id: number) =>
    t.database.db.selectFrom('notificacoes').select('utilizador_id').where('campanha_id', '=', id).execute()

  it('counts only customers who consented: everyone, a restaurant’s customers, one phone', async () => {
    expect(await contar(admin, { publico: 'todos' })).toBe(3)
    expect(await contar(admin, { publico: 'restaurante', restaurante_id: restauranteA })).toBe(1)
    expect(await contar(admin, { publico: 'restaurante', restaurante_id: restauranteB })).toBe(1)
    expect(await contar(admin, { publico: 'telefone', telemovel: ANA })).toBe(1)
    // Rui bought at A but never consented: the composer reaches him in no audience.
    expect(await contar(admin, { publico: 'telefone', telemovel: RUI })).toBe(0)
    expect(await contar(admin, { publico: 'telefone', telemovel: '919999999' })).toBe(0)
    // A restaurant id past PostgreSQL's integer: refused as a bad value, never a 500 there.
    expect(await contar(admin, { publico: 'restaurante', restaurante_id: 3_000_000_000 })).toBe(400)
  })

  it('sends now, in-app and by push, to the consenting customers only; delivery counts afterwards', async () => {
    // Ana's second device, whose push service has forgotten it (410): its push counts as failed.
    const tablet = device(t, '203.0.113.30')
    expect((await tablet.call('POST', '/login', { telemovel: ANA, pais: '351', password: PASSWORD })).statusCode).toBe(
      200,
    )
    const perdida = pushServer.subscrever()
    pushServer.responder(perdida.id, 410)
    expect(
      (await tablet.call('POST', '/api/push/subscricao', { endpoint: perdida.endpoint, keys: perdida.keys }))
        .statusCode,
    ).toBe(200)
    const res = await call(
      admin,
      'POST',
      '/notificacoes',
      mensagem({ publico: 'restaurante', restaurante_id: restauranteA }),
    )
    expect(res.statusCode, res.body).toBe(200)
    const enviada = res.json().data
    expect(enviada).toMatchObject({
      estado: 'enviada',
      publico: 'Clientes de Nata & Grão',
      criada_por: 'admin-notificacoes@exemplo.pt',
    })
    expect(enviada.texto).toBe('<p>Todos os pastéis a 1 €.</p><p>Só esta semana.</p>')
    expect(await titulos(ana)).toContain('Semana do pastel')
    expect(await titulos(rui)).not.toContain('Semana do pastel')

    expect(await t.app.push.despachar()).toBe(1)
    expect(pushServer.recebidas).toHaveLength(1)
    expect(pushServer.recebidas[0]?.payload).toMatchObject({ titulo: 'Semana do pastel' })
    const lista = async () => (await call(admin, 'GET', '/notificacoes')).json().data[0]
    expect((await lista()).entrega).toEqual({ destinatarios: 1, push_enviados: 1, push_falhados: 1, lidas: 0 })
    const ultima = (await ana.call('GET', '/api/notificacoes')).json().data[0].id
    await ana.call('POST', '/api/notificacoes/lidas', { ate: ultima })
    expect((await lista()).entrega).toMatchObject({ lidas: 1 })

    const auditoria = await t.database.db
      .selectFrom('admin_auditoria')
      .selectAll()
      .where('acao', '=', 'notificacao.enviar')
      .executeTakeFirstOrThrow()
    expect(auditoria).toMatchObject({ email: 'admin-notificacoes@exemplo.pt', entidade_id: String(enviada.id) })
    expect(JSON.parse(auditoria.depois ?? '{}')).toMatchObject({
      titulo: 'Semana do pastel',
      publico: 'Clientes de Nata & Grão',
    })
  })

  it('a scheduled message is sent by the job at its time and not before, once, whatever runs twice', async () => {
    // 12:00 in Lisbon in November is 12:00 UTC.
    const res = await call(
      admin,
      'POST',
      '/notificacoes',
      mensagem({ quando: 'agendar', agendar_para: '2026-11-24T12:00' }),
    )
    expect(res.statusCode, res.body).toBe(200)
    const { id, estado, agendada_para } = res.json().data
    expect({ estado, agendada_para }).toEqual({ estado: 'agendada', agendada_para: '2026-11-24T12:00:00.000Z' })
    expect(await t.app.despacharNotificacoes()).toBe(0)
    clock.advance(119 * 60_000)
    expect(await t.app.despacharNotificacoes()).toBe(0)
    expect(await daCampanha(id)).toEqual([])
    expect(await titulos(ana)).not.toContain('Semana do pastel')

    clock.advance(65_000)
    // Two rounds at once (two processes): the message goes out once, one notification per customer.
    const rondas = await Promise.all([t.app.despacharNotificacoes(), t.app.despacharNotificacoes()])
    expect(rondas.reduce((a, b) => a + b, 0)).toBe(1)
    expect(await t.app.despacharNotificacoes()).toBe(0)
    expect((await daCampanha(id)).map((n) => n.utilizador_id)).toHaveLength(3)
    expect(await titulos(ana)).toEqual(['Semana do pastel'])
    expect(await titulos(rui)).toEqual([])
    const auditada = await t.database.db
      .selectFrom('admin_auditoria')
      .select('acao')
      .where('entidade', '=', 'notificacao')
      .where('entidade_id', '=', String(id))
      .execute()
    expect(auditada.map((a) => a.acao)).toEqual(['notificacao.agendar'])
  })

  it('one phone: the customer is kept, never the number; after their erasure the message reaches nobody', async () => {
    const res = await call(
      admin,
      'POST',
      '/notificacoes',
      mensagem({ publico: 'telefone', telemovel: ANA, quando: 'agendar', agendar_para: '2026-11-24T12:00' }),
    )
    expect(res.statusCode, res.body).toBe(200)
    const { id } = res.json().data
    const linha = await t.database.db
      .selectFrom('admin_notificacoes')
      .select(['telefone', 'utilizador_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    const anaId = (
      await t.database.db.selectFrom('utilizadores').select('id').where('telemovel', '=', ANA).executeTakeFirstOrThrow()
    ).id
    expect(linha).toEqual({ telefone: `Telemóvel ••• ••• ${ANA.slice(-3)}`, utilizador_id: anaId })
    const tudo = JSON.stringify(await t.database.db.selectFrom('admin_auditoria').selectAll().execute())
    expect(tudo).not.toContain(ANA)
    // Ana erases her account before it goes out: the message reaches nobody.
    expect((await call(admin, 'POST', `/clientes/${anaId}/eliminar`, { confirmar: true })).statusCode).toBe(200)
    clock.advance(3 * 60 * 60_000)
    expect(await t.app.despacharNotificacoes()).toBe(1)
    expect(await daCampanha(id)).toEqual([])
  })

  it('a scheduled message is kept in the database: a process started after it was written sends it', async () => {
    const res = await call(
      admin,
      'POST',
      '/notificacoes',
      mensagem({ quando: 'agendar', agendar_para: '2026-11-24T10:30' }),
    )
    const { id } = res.json().data
    // Another server on the same database, started after (a restart): nothing of the first is in its memory.
    const config = configWith({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST: 'dist/none',
      HASH_COST: HASH_COST_MIN,
      DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
    })
    const outro = await buildApp(config, t.database, { clock })
    try {
      await outro.ready()
      expect(await outro.despacharNotificacoes()).toBe(0)
      clock.advance(30 * 60_000)
      expect(await outro.despacharNotificacoes()).toBe(1)
      expect(await t.app.despacharNotificacoes()).toBe(0)
    } finally {
      await outro.close()
    }
    expect(await daCampanha(id)).toHaveLength(3)
    expect(await titulos(ana)).toEqual(['Semana do pastel'])
  })

  it('a cancelled message is never sent; times in the past and empty fields are refused in pt-PT', async () => {
    const { id } = (
      await call(admin, 'POST', '/notificacoes', mensagem({ quando: 'agendar', agendar_para: '2026-11-24T12:00' }))
    ).json().data
    const cancelada = await call(admin, 'POST', `/notificacoes/${id}/cancelar`)
    expect(cancelada.json().data.estado).toBe('cancelada')
    expect((await call(admin, 'POST', `/notificacoes/${id}/cancelar`)).statusCode).toBe(409)
    const cancelamento = await t.database.db
      .selectFrom('admin_auditoria')
      .selectAll()
      .where('acao', '=', 'notificacao.cancelar')
      .executeTakeFirstOrThrow()
    expect(cancelamento).toMatchObject({ entidade: 'notificacao', entidade_id: String(id) })
    expect(JSON.parse(cancelamento.depois ?? '{}')).toEqual({ estado: 'cancelada' })
    const passada = await call(
      admin,
      'POST',
      '/notificacoes',
      mensagem({ quando: 'agendar', agendar_para: '2026-11-24T09:59' }),
    )
    expect(passada.statusCode).toBe(400)
    expect(passada.body).toContain(notificacoesMensagens.horaPassada)
    const vazia = await call(admin, 'POST', '/notificacoes', mensagem({ titulo: '  ' }))
    expect(vazia.statusCode).toBe(400)
    expect(vazia.body).toContain(mensagens.obrigatorio)
    const semRestaurante = await call(
      admin,
      'POST',
      '/notificacoes/previsualizar',
      mensagem({ publico: 'restaurante' }),
    )
    expect(semRestaurante.body).toContain(notificacoesMensagens.restaurante)
  })

  it('a gestor writes only to their restaurants’ customers, and sees only their own messages', async () => {
    expect((await call(gestor, 'GET', '/notificacoes/restaurantes')).json().data).toEqual([
      { id: restauranteA, nome: 'Nata & Grão' },
    ])
    expect(await contar(gestor, { publico: 'todos' })).toBe(403)
    expect(await contar(gestor, { publico: 'restaurante', restaurante_id: restauranteB })).toBe(403)
    expect(await contar(gestor, { publico: 'restaurante', restaurante_id: restauranteA })).toBe(1)
    // Eva consented, but is a customer of B: not the gestor's to write to.
    expect(await contar(gestor, { publico: 'telefone', telemovel: EVA })).toBe(0)
    expect(await contar(gestor, { publico: 'telefone', telemovel: ANA })).toBe(1)
    const todos = await call(gestor, 'POST', '/notificacoes', mensagem({ publico: 'todos' }))
    expect(todos.statusCode).toBe(403)
    expect(todos.body).toContain(notificacoesMensagens.gestorTodos)

    await call(admin, 'POST', '/notificacoes', mensagem({ titulo: 'Do administrador' }))
    const deles = await call(
      gestor,
      'POST',
      '/notificacoes',
      mensagem({ publico: 'telefone', telemovel: ANA, titulo: 'Do gestor' }),
    )
    expect(deles.statusCode, deles.body).toBe(200)
    expect((await call(gestor, 'GET', '/notificacoes')).json().data.map((n: { titulo: string }) => n.titulo)).toEqual([
      'Do gestor',
    ])
    expect((await call(admin, 'GET', '/notificacoes')).json().data).toHaveLength(2)
    const adminId = (await call(admin, 'GET', '/notificacoes')).json().data[1].id
    expect((await call(gestor, 'POST', `/notificacoes/${adminId}/cancelar`)).statusCode).toBe(404)
    expect(await titulos(ana)).toEqual(['Do gestor', 'Do administrador'])
  })
})
