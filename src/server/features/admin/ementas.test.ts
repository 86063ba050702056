import type { InjectOptions } from 'fastify'
import { generate } from 'otplib'
import { beforeEach, describe, expect, it } from 'vitest'
import { CARRINHO_DE_TESTE, pedidoDeTeste } from '../../testing/ementa.ts'
import { insertLoja, insertRestaurante } from '../../testing/fixtures.ts'
import { type TestApp, testDialects } from '../../testing/harness.ts'
import { setupOrders } from '../encomendas/testing.ts'
import { ADMIN_COOKIE } from './routes.ts'

/**
 * Stores at work: products sold out for today and the days a store is closed, from the back-office, by
 * role; what the app shows and what calculation and checkout refuse; the next day's return; the audit log.
 */

// The sentence agrees with 'artigo', never with the product, whose gender and number the menu does not give.
const ESGOTADO = 'Artigo esgotado hoje nesta loja: Galão. Retire-o do carrinho para encomendar.'

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

describe.each(testDialects())('stores at work: sold out for today and closures, on %s', (dialect) => {
  const scene = setupOrders(dialect)
  const { finalizar, clock } = scene
  let t: TestApp
  let admin: StaffDevice
  /** The other restaurant's store: outside the gestor's reach. */
  const OUTRA = 900

  const codigo = (segredo: string) => generate({ secret: segredo, epoch: Math.floor(clock.now().getTime() / 1000) })
  const ok = async (res: Awaited<ReturnType<StaffDevice['call']>>, status = 200) => {
    expect(res.statusCode, res.body).toBe(status)
    return res.json().data
  }

  async function enrolar(d: StaffDevice) {
    const { segredo } = await ok(await d.call('POST', '/totp/iniciar'))
    await ok(await d.call('POST', '/totp/confirmar', { codigo: await codigo(segredo) }))
  }

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
    // The scene's clock is one for the whole file: each test starts at noon of Monday 23 November again.
    clock.advance(Date.parse('2026-11-23T12:00:00.000Z') - clock.now().getTime())
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
  const loja862 = async () =>
    ((await scene.cliente.call('GET', '/api/lojas-encomenda')).json().data as { id_loja: number }[]).find(
      (l) => l.id_loja === 862,
    )
  const produtosApp = async (idLoja = 862) =>
    (
      (await scene.cliente.call('GET', `/api/catalogo/${idLoja}`)).json().data.categorias as {
        produtos: { id: string; esgotado: boolean }[]
      }[]
    ).flatMap((c) => c.produtos)
  const esgotadosApp = async (idLoja = 862) => (await produtosApp(idLoja)).filter((p) => p.esgotado).map((p) => p.id)
  /** The audit log's entries on `entidade`, newest first (read from its table: admin sessions end as the clock moves). */
  const auditoria = (entidade: string) =>
    t.database.db
      .selectFrom('admin_auditoria')
      .select(['acao', 'email', 'entidade_id', 'antes', 'depois'])
      .where('entidade', '=', entidade)
      .orderBy('id', 'desc')
      .execute()
  /** The store's member signed in again (no second factor for its role), once the clock has moved past its session. */
  const deNovo = async (d: StaffDevice) => {
    await ok(await d.call('POST', '/entrar', { email: 'loja@exemplo.pt', password: 'palavra-passe-convidado' }))
    return d
  }

  async function scoping() {
    const restaurante = (
      await t.database.db
        .selectFrom('lojas')
        .select('restaurante_id')
        .where('id_loja', '=', 862)
        .executeTakeFirstOrThrow()
    ).restaurante_id
    return {
      gestor: await convidado('gestor@exemplo.pt', { papel: 'gestor', restaurantes: [restaurante] }),
      loja: await convidado('loja@exemplo.pt', { papel: 'loja', id_loja: 862 }),
    }
  }

  it('lists a store’s orderable products; a store or a gestor cannot touch what is not theirs (403)', async () => {
    const { gestor, loja } = await scoping()
    const produtos = await ok(await loja.call('GET', '/lojas/862/produtos'))
    expect(produtos.map((p: { cod_produto: string }) => p.cod_produto).sort()).toEqual(
      (await produtosApp()).map((p) => p.id).sort(),
    )
    expect(produtos.find((p: { cod_produto: string }) => p.cod_produto === '1002')).toEqual({
      cod_produto: '1002',
      nome: 'Galão',
      familia: expect.any(String),
      preco: expect.any(Number),
      esgotado: false,
      restrito_pos: false,
      alcoolico: false,
      embalagem_pos: null,
      embalagem: null,
      apenas_maiores: false,
      embalagem_efetiva: null,
    })
    // A store without a menu has no products to mark.
    expect(await ok(await admin.call('GET', `/lojas/${OUTRA}/produtos`))).toEqual([])

    const fecho = { de: '2026-12-25', ate: '2026-12-25', motivo: 'Natal' }
    for (const [d, url] of [
      [loja, '/lojas/848'],
      [gestor, `/lojas/${OUTRA}`],
    ] as const) {
      expect((await d.call('GET', `${url}/produtos`)).statusCode).toBe(403)
      expect((await d.call('POST', `${url}/esgotados`, { cod_produto: '1002', esgotado: true })).statusCode).toBe(403)
      expect((await d.call('GET', `${url}/encerramentos`)).statusCode).toBe(403)
      expect((await d.call('POST', `${url}/encerramentos`, fecho)).statusCode).toBe(403)
    }
    expect((await admin.call('GET', '/lojas/4242/produtos')).statusCode).toBe(404)
    const desconhecido = await admin.call('POST', '/lojas/862/esgotados', { cod_produto: '9999', esgotado: true })
    expect(desconhecido.statusCode).toBe(404)
    expect(desconhecido.json().error.message).toBe('Este produto não está na ementa da loja.')

    // Within reach: the gestor on a store of theirs, the store on its own; nothing else written meanwhile.
    expect(await esgotadosApp(848)).toEqual([])
    await ok(await gestor.call('POST', '/lojas/848/esgotados', { cod_produto: '1001', esgotado: true }))
    const proprio = await ok(await loja.call('POST', '/lojas/862/encerramentos', fecho), 201)
    expect((await loja.call('POST', `/lojas/848/encerramentos/remover`, { id: proprio.id })).statusCode).toBe(403)
    expect((await gestor.call('POST', `/lojas/${OUTRA}/encerramentos/remover`, { id: proprio.id })).statusCode).toBe(
      403,
    )
    // Named through another store within reach: not that store's (404), and it stays.
    expect((await gestor.call('POST', '/lojas/848/encerramentos/remover', { id: proprio.id })).statusCode).toBe(404)
    expect(await esgotadosApp(848)).toEqual(['1001'])
    expect(await ok(await gestor.call('GET', '/lojas/862/encerramentos'))).toEqual([
      { id: proprio.id, id_loja: 862, ...fecho },
    ])
    expect((await auditoria('produto')).length).toBe(1)
    expect((await auditoria('loja_encerramento')).length).toBe(1)
  })

  it('sold out today: shown in the catalogue, refused at calculation and checkout; back the next Lisbon day', async () => {
    const { loja } = await scoping()
    const marcado = await ok(await loja.call('POST', '/lojas/862/esgotados', { cod_produto: '1002', esgotado: true }))
    expect(marcado).toMatchObject({ cod_produto: '1002', esgotado: true })
    expect(await esgotadosApp()).toEqual(['1002'])
    expect(await esgotadosApp(848)).toEqual([])
    // Marking it again writes nothing.
    await ok(await loja.call('POST', '/lojas/862/esgotados', { cod_produto: '1002', esgotado: true }))

    const calculo = await calcular()
    expect(calculo.statusCode).toBe(422)
    expect(calculo.json().error).toMatchObject({ message: ESGOTADO, fields: { 'cart.0': 'Esgotado' } })
    const checkout = await finalizar(pedidoDeTeste())
    expect(checkout.statusCode).toBe(422)
    expect(checkout.json().error.message).toBe(ESGOTADO)
    expect(await t.database.db.selectFrom('encomendas').select('id').execute()).toEqual([])
    // Without it, the rest of the cart is ordered; at the other store it is ordered too.
    const semGalao = { cart: [CARRINHO_DE_TESTE[1]] }
    expect((await finalizar(pedidoDeTeste(semGalao), 'sem-galao')).statusCode).toBe(201)
    expect((await finalizar(pedidoDeTeste({ id_loja: 848 }), 'outra')).statusCode).toBe(201)

    // 23:59 in Lisbon (UTC in November): still sold out; at midnight it is back, with no one touching it.
    clock.advance(11 * 3_600_000 + 59 * 60_000)
    expect((await calcular()).statusCode).toBe(422)
    clock.advance(60_000)
    expect(await esgotadosApp()).toEqual([])
    await deNovo(loja)
    expect((await ok(await loja.call('GET', '/lojas/862/produtos'))).every((p: { esgotado: boolean }) => !p.esgotado))
    expect((await calcular()).statusCode).toBe(200)
    expect((await finalizar(pedidoDeTeste(), 'amanha')).statusCode).toBe(201)

    // Marked again and taken back the same day.
    await ok(await loja.call('POST', '/lojas/862/esgotados', { cod_produto: '1001', esgotado: true }))
    expect(await esgotadosApp()).toEqual(['1001'])
    await ok(await loja.call('POST', '/lojas/862/esgotados', { cod_produto: '1001', esgotado: false }))
    expect(await esgotadosApp()).toEqual([])

    const entradas = await auditoria('produto')
    expect(entradas.map((i) => [i.acao, i.email, i.entidade_id])).toEqual([
      ['produto.repor', 'loja@exemplo.pt', '862/1001'],
      ['produto.esgotar', 'loja@exemplo.pt', '862/1001'],
      ['produto.esgotar', 'loja@exemplo.pt', '862/1002'],
    ])
    expect(JSON.parse(entradas[2]?.antes ?? '')).toMatchObject({ esgotado: false, dia: '2026-11-23' })
    expect(JSON.parse(entradas[2]?.depois ?? '')).toMatchObject({ esgotado: true, nome: 'Galão', dia: '2026-11-23' })
  })

  it('two sold-out lines: each marked, the sentence said once for both', async () => {
    const { loja } = await scoping()
    for (const cod_produto of ['1002', '1001']) {
      await ok(await loja.call('POST', '/lojas/862/esgotados', { cod_produto, esgotado: true }))
    }
    const erro = (await calcular()).json().error
    expect(erro.message).toBe(
      'Artigos esgotados hoje nesta loja: Galão e Pastel de nata. Retire-os do carrinho para encomendar.',
    )
    expect(erro.fields).toEqual({ 'cart.0': 'Esgotado', 'cart.1': 'Esgotado' })
  })

  it('closures: the store takes no orders on those Lisbon days, says why, and reopens after', async () => {
    const { loja } = await scoping()
    const erro = async (body: unknown) => (await admin.call('POST', '/lojas/862/encerramentos', body)).json().error
    expect(await erro({ de: '2026-11-26', ate: '2026-11-25' })).toMatchObject({
      fields: { ate: 'O último dia não pode ser anterior ao primeiro.' },
    })
    expect(await erro({ de: '2026-11-20', ate: '2026-11-22' })).toMatchObject({
      fields: { ate: 'Escolha um último dia de hoje em diante.' },
    })
    expect((await admin.call('POST', '/lojas/862/encerramentos', { de: '25/12', ate: '2026-12-25' })).statusCode).toBe(
      400,
    )

    const feriado = await ok(
      await loja.call('POST', '/lojas/862/encerramentos', { de: '2026-11-24', ate: '2026-11-25', motivo: ' Feriado ' }),
      201,
    )
    expect(feriado).toMatchObject({ de: '2026-11-24', ate: '2026-11-25', motivo: 'Feriado' })
    // Today (the 23rd) it still takes orders.
    expect(await loja862()).toMatchObject({ aberta: true, aviso: null })
    expect((await calcular()).statusCode).toBe(200)

    // From midnight in Lisbon of the 24th.
    clock.advance(12 * 3_600_000)
    const aviso = 'Esta loja está encerrada até 25/11 (Feriado). Não aceita encomendas.'
    expect(await loja862()).toMatchObject({ aberta: false, em_pausa: false, aviso })
    const calculo = await calcular()
    expect(calculo.statusCode).toBe(422)
    expect(calculo.json().error.message).toBe(aviso)
    expect((await finalizar(pedidoDeTeste())).json().error.message).toBe(aviso)
    expect(await t.database.db.selectFrom('encomendas').select('id').execute()).toEqual([])
    expect((await finalizar(pedidoDeTeste({ id_loja: 848 }), 'outra')).statusCode).toBe(201)

    // Its last day says 'hoje'; the day after, it reopens by itself and the closure is no longer listed.
    clock.advance(24 * 3_600_000)
    expect(await loja862()).toMatchObject({
      aberta: false,
      aviso: 'Esta loja está encerrada hoje (Feriado). Não aceita encomendas.',
    })
    clock.advance(24 * 3_600_000)
    expect(await loja862()).toMatchObject({ aberta: true, aviso: null })
    expect((await calcular()).statusCode).toBe(200)
    await deNovo(loja)
    expect(await ok(await loja.call('GET', '/lojas/862/encerramentos'))).toEqual([])

    // A closure for today, without a label, then removed: open again at once.
    const hoje = await ok(
      await loja.call('POST', '/lojas/862/encerramentos', { de: '2026-11-26', ate: '', motivo: '' }),
      201,
    )
    expect(await loja862()).toMatchObject({
      aberta: false,
      aviso: 'Esta loja está encerrada hoje. Não aceita encomendas.',
    })
    expect(await ok(await loja.call('POST', `/lojas/862/encerramentos/remover`, { id: hoje.id }))).toMatchObject({
      id: hoje.id,
    })
    expect((await loja.call('POST', `/lojas/862/encerramentos/remover`, { id: hoje.id })).statusCode).toBe(404)
    // An id past PostgreSQL's integer (the fuzz found it: 500 there): refused as any other bad value, on both.
    const fora = await loja.call('POST', `/lojas/862/encerramentos/remover`, { id: 3_000_000_000 })
    expect(fora.statusCode, fora.body).toBe(400)
    expect(await loja862()).toMatchObject({ aberta: true, aviso: null })

    const entradas = await auditoria('loja_encerramento')
    expect(entradas.map((i) => [i.acao, i.email])).toEqual([
      ['loja.encerramento.remover', 'loja@exemplo.pt'],
      ['loja.encerramento.adicionar', 'loja@exemplo.pt'],
      ['loja.encerramento.adicionar', 'loja@exemplo.pt'],
    ])
    expect(JSON.parse(entradas[0]?.antes ?? '')).toEqual({
      id: hoje.id,
      id_loja: 862,
      de: '2026-11-26',
      ate: '2026-11-26',
      motivo: null,
    })
    expect(JSON.parse(entradas[2]?.depois ?? '')).toMatchObject({ id: feriado.id, motivo: 'Feriado' })
  })
})
