import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DAY, manualClock } from '../../platform/clock.ts'
import { lojasChavesRepo } from '../../platform/store-keys.ts'
import { insertContas, insertLoja, insertRestaurante } from '../../testing/fixtures.ts'
import { createTestApp, device, type TestApp, testDialects } from '../../testing/harness.ts'
import { sseReader } from '../../testing/sse.ts'
import { createClientesConta } from '../conta/service.ts'
import { createNotificacoesService } from './service.ts'

const ANA = '912345678'
const RUI = '913333333'
const PASSWORD = '135790'

describe.each(testDialects())('notifications on %s', (dialect) => {
  let t: TestApp
  const clock = manualClock('2026-11-24T10:00:00.000Z')
  let ana: ReturnType<typeof device>
  let rui: ReturnType<typeof device>
  let anaId: number
  let ruiId: number
  let service: ReturnType<typeof createNotificacoesService>

  beforeEach(async () => {
    t = await createTestApp(dialect, { LOG_LEVEL: 'error' }, { clock })
    const db = t.database.db
    await insertContas(db, [ANA, RUI], PASSWORD)
    const ids = await db.selectFrom('utilizadores').select(['id', 'telemovel']).execute()
    anaId = ids.find((u) => u.telemovel === ANA)?.id ?? 0
    ruiId = ids.find((u) => u.telemovel === RUI)?.id ?? 0
    ana = device(t)
    rui = device(t, '203.0.113.20')
    for (const [d, telemovel] of [
      [ana, ANA],
      [rui, RUI],
    ] as const) {
      const login = await d.call('POST', '/login', { telemovel, pais: '351', password: PASSWORD })
      expect(login.statusCode, login.body).toBe(200)
    }
    // The app's own service on the test's database and bus-less: what the operators' command and the reminders use.
    service = createNotificacoesService({
      db,
      clock,
      bus: { publish: () => {}, subscribe: () => () => {}, registo: null, close: async () => {} },
      conta: createClientesConta(db),
      provisoriosAExpirar: async () => [],
      provisionalDays: 30,
    })
  })
  afterEach(() => t.close())

  const lista = async (d = ana) => {
    const res = await d.call('GET', '/api/notificacoes')
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data as Array<{ id: number; titulo: string; texto: string; read: boolean; timestamp: number }>
  }

  it("lists the customer's own and everyone's, newest first, never another customer's; a guest sees everyone's", async () => {
    await service.enviar({ utilizadorId: null, titulo: 'Novo menu de Natal', texto: '<p>Para todos</p>' })
    clock.advance(60_000)
    await service.enviar({ utilizadorId: anaId, titulo: 'Só para a Ana', texto: '<p>Olá Ana</p>' })
    await service.enviar({ utilizadorId: ruiId, titulo: 'Só para o Rui', texto: '<p>Olá Rui</p>' })
    const daAna = await lista(ana)
    expect(daAna.map((n) => n.titulo)).toEqual(['Só para a Ana', 'Novo menu de Natal'])
    expect(daAna.every((n) => !n.read)).toBe(true)
    expect(daAna[0]?.timestamp).toBe(Date.parse('2026-11-24T10:01:00.000Z') / 1000)
    expect((await lista(rui)).map((n) => n.titulo)).toEqual(['Só para o Rui', 'Novo menu de Natal'])
    const guest = await t.api('GET', '/api/notificacoes')
    expect(guest.json().data.map((n: { titulo: string }) => n.titulo)).toEqual(['Novo menu de Natal'])
  })

  it('keeps only safe HTML in a text', async () => {
    await service.enviar({
      utilizadorId: anaId,
      titulo: 'Teste',
      texto: '<p onclick="x()">Olá <script>alert(1)</script><a href="javascript:alert(1)">aqui</a></p>',
    })
    const [n] = await lista()
    expect(n?.texto).toBe('<p>Olá <a>aqui</a></p>')
    // A tap opens a screen of this app, never another site.
    for (const ligacao of ['//evil.example/x', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)']) {
      await service.enviar({ utilizadorId: anaId, titulo: ligacao, texto: 'x', ligacao })
    }
    await service.enviar({ utilizadorId: anaId, titulo: 'boa', texto: 'x', ligacao: '/fidelizacao/transacoes' })
    const ligacoes = Object.fromEntries(
      (await lista()).map((x) => [x.titulo, (x as unknown as { ligacao: string | null }).ligacao]),
    )
    expect(ligacoes).toMatchObject({
      '//evil.example/x': null,
      '/\\evil.example': null,
      'https://evil.example': null,
      'javascript:alert(1)': null,
      boa: '/fidelizacao/transacoes',
    })
  })

  it('marks all as read up to what the screen showed, never later ones, never backwards', async () => {
    const a = (await service.enviar({ utilizadorId: anaId, titulo: 'A', texto: 'a' })) ?? 0
    const b = (await service.enviar({ utilizadorId: null, titulo: 'B', texto: 'b' })) ?? 0
    const marcar = (ate: number, d = ana) => d.call('POST', '/api/notificacoes/lidas', { ate })
    expect((await marcar(a)).statusCode).toBe(200)
    expect((await lista()).map((n) => [n.titulo, n.read])).toEqual([
      ['B', false],
      ['A', true],
    ])
    // A crafted mark far ahead reads what exists, not what comes later.
    expect((await marcar(2_000_000_000)).statusCode).toBe(200)
    const c = (await service.enviar({ utilizadorId: anaId, titulo: 'C', texto: 'c' })) ?? 0
    expect(c).toBeGreaterThan(b)
    expect((await lista()).map((n) => [n.titulo, n.read])).toEqual([
      ['C', false],
      ['B', true],
      ['A', true],
    ])
    await marcar(a)
    expect((await lista()).find((n) => n.titulo === 'B')?.read).toBe(true)
    // Rui's reading is his own.
    expect((await lista(rui)).find((n) => n.titulo === 'B')?.read).toBe(false)
    // A guest keeps its reading on the device; nonsense is refused.
    expect((await t.api('POST', '/api/notificacoes/lidas', { ate: b })).statusCode).toBe(401)
    expect((await marcar(-1)).statusCode).toBe(400)
    expect((await ana.call('POST', '/api/notificacoes/lidas', { ate: 1, mais: 1 })).statusCode).toBe(400)
  })

  it('tells the till credit earned: "Ganhou 1,00 € de saldo na Nata & Grão"', async () => {
    const db = t.database.db
    const { id } = await insertRestaurante(db, { tag: 'nata-e-grao', name: 'Nata & Grão' })
    await insertLoja(db, { tag: 'chiado', restaurante_id: id, id_loja: 862 })
    const chave = (await lojasChavesRepo(db, clock).create(862, 'pos-862')).chave
    const compra = await t.app.inject({
      method: 'POST',
      url: '/api/loja/v1/compras',
      headers: { authorization: `Bearer ${chave}`, 'idempotency-key': 'c1' },
      payload: { cliente_id: anaId, total: 2000, saldo_a_usar: 0, referencia: 'FT 1' },
    })
    expect(compra.statusCode, compra.body).toBe(201)
    const [n] = await lista()
    expect(n?.titulo).toBe('Ganhou 1,00\u00a0€ de saldo na Nata & Grão')
    expect(n?.texto).toContain('20,00\u00a0€')
    // A replay of the same purchase tells nothing new.
    await t.app.inject({
      method: 'POST',
      url: '/api/loja/v1/compras',
      headers: { authorization: `Bearer ${chave}`, 'idempotency-key': 'c1' },
      payload: { cliente_id: anaId, total: 2000, saldo_a_usar: 0, referencia: 'FT 1' },
    })
    expect(await lista()).toHaveLength(1)
    expect(await lista(rui)).toHaveLength(0)
  })

  it('reminds a provisional account 7 days and 1 day before it lapses, once each', async () => {
    const db = t.database.db
    const criado = new Date(clock.now().getTime() - 23 * DAY - 60_000).toISOString()
    const { id } = await db
      .insertInto('utilizadores')
      .values({
        telemovel: '934444444',
        pais: '351',
        telemovel_e164: '+351934444444',
        origem: 'loja',
        temporario: 1,
        qr_code: 'qr-934444444',
        criado_em: criado,
        atualizado_em: criado,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const deles = () =>
      db.selectFrom('notificacoes').select(['titulo', 'chave']).where('utilizador_id', '=', id).orderBy('id').execute()
    await t.app.housekeeping()
    await t.app.housekeeping()
    expect(await deles()).toEqual([{ titulo: 'A sua conta expira dentro de 7 dias', chave: 'provisorio-7d' }])
    clock.advance(6 * DAY)
    await t.app.housekeeping()
    await t.app.housekeeping()
    expect((await deles()).map((n) => n.chave)).toEqual(['provisorio-7d', 'provisorio-1d'])
    // Other customers were told nothing.
    expect(await lista()).toHaveLength(0)
  })

  it("a notification reaches the customer's open screens, one for everyone reaches every customer's", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
    const stream = (d: ReturnType<typeof device>) =>
      fetch(`${base}/api/eventos?v=1.0`, { headers: { cookie: `balcao_sessao=${d.cookie}` } }).then(sseReader)
    const daAna = await stream(ana)
    const doRui = await stream(rui)
    // The app's own service, the one on its bus.
    const enviar = t.app.notificacoes.enviar
    await enviar({ utilizadorId: null, titulo: 'Para todos', texto: 'x' })
    expect(await daAna.next('notificacoes')).toEqual({})
    expect(await doRui.next('notificacoes')).toEqual({})
    const id = (await enviar({ utilizadorId: anaId, titulo: 'Para a Ana', texto: 'x' })) ?? 0
    expect(await daAna.next('notificacoes')).toEqual({})
    await expect(doRui.next('notificacoes', 300)).rejects.toThrow()
    // Read on one screen: the others' count clears too.
    await ana.call('POST', '/api/notificacoes/lidas', { ate: id })
    expect(await daAna.next('notificacoes')).toEqual({})
    daAna.cancel()
    doRui.cancel()
  })
})
