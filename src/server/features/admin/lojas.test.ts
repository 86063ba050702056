import type { InjectOptions } from 'fastify'
import { generate } from 'otplib'
import { beforeEach, describe, expect, it } from 'vitest'
import { CARRINHO_DE_TESTE, pedidoDeTeste } from '../../testing/ementa.ts'
import { insertLoja, insertRestaurante } from '../../testing/fixtures.ts'
import { type TestApp, testDialects } from '../../testing/harness.ts'
import { setupOrders } from '../encomendas/testing.ts'
import { ADMIN_COOKIE } from './routes.ts'

/** Stores at work: pausing a store's online orders from the back-office, by role, and what customers see. */

const PAUSA = 'Esta loja não está a aceitar encomendas de momento.'

function staffDevice(t: TestApp) {
  let cookie: string | undefined
  return {
    async call(method: 'GET' | 'POST', url: string, body?: unknown) {
      const options: InjectOptions = {
        method,
        url: `/admin/api${url}`,
        headers: { accept: 'application/json', ...(cookie ? { cookie: `${ADMIN_COOKIE}=${cookie}` } : {}) },
        ...(method === 'POST' ? { payload: (body ?? { value: true }) as InjectOptions['payload'] } : {}),
      }
      const res = await t.app.inject(options)
      const set = res.cookies.find((c) => c.name === ADMIN_COOKIE)
      if (set) cookie = set.value || undefined
      return res
    },
  }
}
type StaffDevice = ReturnType<typeof staffDevice>

describe.each(testDialects())('stores at work: pausing online orders, on %s', (dialect) => {
  const scene = setupOrders(dialect)
  const { finalizar, clock } = scene
  let t: TestApp
  let admin: StaffDevice
  /** The other restaurant's store (no menu): outside the gestor's reach. */
  const OUTRA = 900

  const codigo = (segredo: string) => generate({ secret: segredo, epoch: Math.floor(clock.now().getTime() / 1000) })
  const ok = async (res: Awaited<ReturnType<StaffDevice['call']>>) => {
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data
  }

  async function enrolar(d: StaffDevice) {
    const { segredo } = await ok(await d.call('POST', '/totp/iniciar'))
    await ok(await d.call('POST', '/totp/confirmar', { codigo: await codigo(segredo) }))
  }

  /** A staff member invited by the admin, through the e-mailed link, signed in (TOTP enrolled when the role needs it). */
  async function convidado(email: string, convite: Record<string, unknown>) {
    await ok(await admin.call('POST', '/utilizadores', { email, ...convite }))
    const mail = await t.database.db
      .selectFrom('email_outbox')
      .select('texto')
      .where('para', '=', email)
      .executeTakeFirstOrThrow()
    const token = mail.texto.match(/\/admin\/convite\/([A-Za-z0-9_-]+)/)?.[1] ?? ''
    const nova = 'palavra-passe-convidado'
    const d = staffDevice(t)
    await ok(await d.call('POST', '/convite/aceitar', { token, nova, confirmacao: nova }))
    const sessao = await ok(await d.call('POST', '/entrar', { email, password: nova }))
    if (sessao.pendente === 'inscrever_totp') await enrolar(d)
    return d
  }

  beforeEach(async () => {
    t = scene.t
    const { id } = await insertRestaurante(t.database.db, { tag: 'outro', name: 'Outro' })
    await insertLoja(t.database.db, { tag: 'porto', restaurante_id: id, id_loja: OUTRA })
    const { password } = await t.app.admin.equipa.criarAdmin('chefe@exemplo.pt')
    admin = staffDevice(t)
    await ok(await admin.call('POST', '/entrar', { email: 'chefe@exemplo.pt', password }))
    const nova = 'palavra-passe-do-chefe'
    await ok(await admin.call('POST', '/alterar-password', { atual: password, nova, confirmacao: nova }))
    await enrolar(admin)
  })

  const calcular = () => scene.cliente.call('POST', '/api/calcula-encomenda', { id_loja: 862, cart: CARRINHO_DE_TESTE })
  const lojasApp = async () =>
    (await scene.cliente.call('GET', '/api/lojas-encomenda')).json().data as {
      id_loja: number
      aberta: boolean
      em_pausa: boolean
      aviso: string | null
    }[]
  const ids = (lojas: { id_loja: number }[]) => lojas.map((l) => l.id_loja).sort()

  it('lists the stores each role may act on; a store or a gestor cannot pause what is not theirs (403)', async () => {
    const restaurante = (
      await t.database.db
        .selectFrom('lojas')
        .select('restaurante_id')
        .where('id_loja', '=', 862)
        .executeTakeFirstOrThrow()
    ).restaurante_id
    const gestor = await convidado('gestor@exemplo.pt', { papel: 'gestor', restaurantes: [restaurante] })
    const loja = await convidado('loja@exemplo.pt', { papel: 'loja', id_loja: 862 })

    expect(ids(await ok(await admin.call('GET', '/lojas')))).toEqual([848, 862, OUTRA])
    expect(ids(await ok(await gestor.call('GET', '/lojas')))).toEqual([848, 862])
    const propria = await ok(await loja.call('GET', '/lojas'))
    expect(propria).toEqual([
      {
        id_loja: 862,
        nome: 'chiado',
        restaurante: 'Nata & Grão',
        em_pausa: false,
        pausa_em: null,
        pausa_ate: null,
        sem_painel_desde: null,
        fuso: 'Europe/Lisbon',
        encomendas_app: true,
        faturas_em_falta: 0,
        mesas: 0,
      },
    ])

    expect((await loja.call('POST', '/lojas/848/pausa', { ate: null })).statusCode).toBe(403)
    expect((await loja.call('POST', '/lojas/848/retomar')).statusCode).toBe(403)
    expect((await gestor.call('POST', `/lojas/${OUTRA}/pausa`, { ate: null })).statusCode).toBe(403)
    expect((await admin.call('POST', '/lojas/4242/pausa', { ate: null })).statusCode).toBe(404)
    const passado = await admin.call('POST', '/lojas/862/pausa', { ate: '2026-11-23T11:00:00.000Z' })
    expect(passado.statusCode).toBe(400)
    expect((await admin.call('POST', '/lojas/862/pausa', { ate: 'amanhã' })).statusCode).toBe(400)
    expect((await lojasApp()).every((l) => !l.em_pausa && l.aberta)).toBe(true)

    // Within reach: the gestor pauses a store of theirs, the store resumes itself.
    expect((await ok(await gestor.call('POST', '/lojas/848/pausa', { ate: null }))).em_pausa).toBe(true)
    expect((await ok(await loja.call('POST', '/lojas/862/pausa', { ate: null }))).em_pausa).toBe(true)
    expect((await ok(await loja.call('POST', '/lojas/862/retomar'))).em_pausa).toBe(false)
  })

  it('tells the stores that take no app orders (no menu, or no hours for orders) from those that do', async () => {
    // 848 has a menu but no hours for orders any more; 900 never had a menu.
    await t.database.db.updateTable('lojas').set({ horario_encomendas: null }).where('id_loja', '=', 848).execute()
    const lista = (await ok(await admin.call('GET', '/lojas'))) as { id_loja: number; encomendas_app: boolean }[]
    expect(Object.fromEntries(lista.map((l) => [l.id_loja, l.encomendas_app]))).toEqual({
      862: true,
      848: false,
      [OUTRA]: false,
    })
    // A pause answers the same.
    expect(await ok(await admin.call('POST', '/lojas/862/pausa', { ate: null }))).toMatchObject({
      encomendas_app: true,
      em_pausa: true,
    })
  })

  it('until resumed: the app lists the store as paused; calculation and checkout are refused; retomar reopens', async () => {
    const loja = await convidado('loja@exemplo.pt', { papel: 'loja', id_loja: 862 })
    const pausada = await ok(await loja.call('POST', '/lojas/862/pausa', { ate: null }))
    expect(pausada).toMatchObject({
      id_loja: 862,
      em_pausa: true,
      pausa_em: '2026-11-23T12:00:00.000Z',
      pausa_ate: null,
    })

    const na = (await lojasApp()).find((l) => l.id_loja === 862)
    expect(na).toMatchObject({ aberta: false, em_pausa: true, aviso: PAUSA })
    expect((await lojasApp()).find((l) => l.id_loja === 848)).toMatchObject({
      aberta: true,
      em_pausa: false,
      aviso: null,
    })
    const calculo = await calcular()
    expect(calculo.statusCode).toBe(422)
    expect(calculo.json().error.message).toBe(PAUSA)
    const checkout = await finalizar(pedidoDeTeste())
    expect(checkout.statusCode).toBe(422)
    expect(checkout.json().error.message).toBe(PAUSA)
    expect(await t.database.db.selectFrom('encomendas').select('id').execute()).toEqual([])

    expect((await ok(await loja.call('POST', '/lojas/862/retomar'))).em_pausa).toBe(false)
    expect((await lojasApp()).find((l) => l.id_loja === 862)).toMatchObject({ aberta: true, em_pausa: false })
    expect((await calcular()).statusCode).toBe(200)

    // Each change is in the audit log, before and after; resuming a store that is not paused writes nothing.
    await ok(await loja.call('POST', '/lojas/862/retomar'))
    const auditoria = await ok(await admin.call('GET', '/auditoria'))
    const entradas = auditoria.itens.filter((i: { entidade: string }) => i.entidade === 'loja')
    expect(entradas.map((i: { acao: string; email: string }) => [i.acao, i.email])).toEqual([
      ['loja.retomar', 'loja@exemplo.pt'],
      ['loja.pausar', 'loja@exemplo.pt'],
    ])
    const [retomar, pausar] = entradas
    expect(JSON.parse(pausar.antes)).toMatchObject({ id_loja: 862, em_pausa: false })
    expect(JSON.parse(pausar.depois)).toMatchObject({ id_loja: 862, em_pausa: true, pausa_ate: null })
    expect(JSON.parse(retomar.antes)).toMatchObject({ em_pausa: true })
    expect(JSON.parse(retomar.depois)).toMatchObject({ em_pausa: false, pausa_em: null })
    expect(pausar.entidade_id).toBe('862')
  })

  it('until a time: refused with the time in Lisbon, and taken again once it has passed', async () => {
    // 23 November: Lisbon is on UTC; 13:30Z is 13:30 there.
    await ok(await admin.call('POST', '/lojas/862/pausa', { ate: '2026-11-23T13:30:00Z' }))
    const aviso = `${PAUSA} Volta a aceitar às 13:30.`
    expect((await lojasApp()).find((l) => l.id_loja === 862)).toMatchObject({ aberta: false, em_pausa: true, aviso })
    expect((await calcular()).json().error.message).toBe(aviso)
    expect((await finalizar(pedidoDeTeste())).json().error.message).toBe(aviso)

    clock.advance(90 * 60_000)
    expect((await lojasApp()).find((l) => l.id_loja === 862)).toMatchObject({
      aberta: true,
      em_pausa: false,
      aviso: null,
    })
    expect((await calcular()).statusCode).toBe(200)
    expect((await finalizar(pedidoDeTeste(), 'depois')).statusCode).toBe(201)
  })
})
