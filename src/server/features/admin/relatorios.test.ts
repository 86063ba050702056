import type { InjectOptions } from 'fastify'
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import { RELATORIO_MAX_DIAS, relatoriosMensagens } from '../../../shared/admin-relatorios.ts'
import { pedidoDeTeste, TOTAL_DE_TESTE } from '../../testing/ementa.ts'
import { insertLoja, insertRestaurante } from '../../testing/fixtures.ts'
import { type TestApp, testDialects } from '../../testing/harness.ts'
import { setupOrders } from '../encomendas/testing.ts'
import { ADMIN_COOKIE } from './routes.ts'
import { signedInAdmin } from './testing.ts'

/**
 * Reports: an order paid through the app and a purchase at the till, as the admin's report counts them,
 * per store and per Lisbon day; the CSV of each table; a gestor's reach; the period's rules.
 */

describe.each(testDialects())('reports in the back-office, on %s', (dialect) => {
  const scene = setupOrders(dialect)
  const { finalizar, pagamentos, responder, loja } = scene
  let t: TestApp
  let admin: string
  const OUTRA = 900

  const call = (cookie: string, url: string) =>
    t.app.inject({
      method: 'GET',
      url: `/admin/api${url}`,
      headers: { accept: 'application/json', cookie: `${ADMIN_COOKIE}=${cookie}` },
    } satisfies InjectOptions)
  const relatorio = async (cookie: string, q: string) => {
    const res = await call(cookie, `/relatorios?${q}`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data
  }

  beforeEach(async () => {
    t = scene.t
    const { id } = await insertRestaurante(t.database.db, { tag: 'outro', name: 'Outro' })
    await insertLoja(t.database.db, { tag: 'porto', restaurante_id: id, id_loja: OUTRA })
    admin = await signedInAdmin(t, 'relatorios@exemplo.pt', 'admin', { clock: scene.clock })

    // An order at 862 paid by MB WAY, and a purchase of 20,00 € at the till of 848, by the same customer.
    expect((await finalizar(pedidoDeTeste())).statusCode).toBe(201)
    const [pedido] = await pagamentos()
    expect((await responder(pedido.id, 'aprovar')).statusCode).toBe(200)
    const compra = await loja(
      'POST',
      '/compras',
      { cliente_id: scene.clienteId, total: 2000, saldo_a_usar: 0, referencia: 'FT 1' },
      'compra-1',
      scene.chaveOutra,
    )
    expect(compra.statusCode, compra.body).toBe(201)
  })

  it("counts the day's sales, credit, points and customers per store, and every state", async () => {
    const r = await relatorio(admin, 'de=2026-11-23&ate=2026-11-23')
    const porLoja = Object.fromEntries(r.lojas.map((l: { id_loja: number }) => [l.id_loja, l]))
    expect(Object.keys(porLoja).map(Number).sort()).toEqual([848, 862, OUTRA])
    expect(porLoja[862]).toMatchObject({ encomendas_pagas: 1, vendas: TOTAL_DE_TESTE, ticket_medio: TOTAL_DE_TESTE })
    expect(porLoja[848]).toMatchObject({ encomendas_pagas: 0, vendas: 0, clientes_ativos: 1 })
    expect(porLoja[OUTRA]).toMatchObject({ encomendas_pagas: 0, credito_emitido: 0, clientes_ativos: 0 })

    const ledger = await t.database.db
      .selectFrom('transacoes')
      .select(['id_loja', 'saldo_adicionado', 'pontos_ganhos'])
      .where('tipo', '=', 'compra')
      .execute()
    const emitido = ledger.reduce((s, m) => s + m.saldo_adicionado, 0)
    expect(emitido).toBeGreaterThan(0)
    expect(r.totais).toMatchObject({
      encomendas_pagas: 1,
      vendas: TOTAL_DE_TESTE,
      credito_emitido: emitido,
      pontos_ganhos: ledger.reduce((s, m) => s + m.pontos_ganhos, 0),
      // One customer bought at both stores: active once in the whole, once in each store.
      clientes_ativos: 1,
    })
    expect(r.dias).toEqual([
      expect.objectContaining({
        dia: '2026-11-23',
        encomendas_pagas: 1,
        vendas: TOTAL_DE_TESTE,
        credito_emitido: emitido,
      }),
    ])
    // Paid, the order reached the board: 'Recebida'.
    expect(r.estados.find((e: { estado: number }) => e.estado === -1)).toMatchObject({ encomendas: 1 })
    expect(r.estados.map((e: { estado: number }) => e.estado).sort((a: number, b: number) => a - b)).toEqual([
      -9, -3, -1, 1, 2, 3,
    ])

    // Another period: every day present, all zero.
    const vazio = await relatorio(admin, 'de=2026-11-24&ate=2026-11-30')
    expect(vazio.dias).toHaveLength(7)
    expect(vazio.totais).toMatchObject({ encomendas_pagas: 0, vendas: 0, credito_emitido: 0, clientes_ativos: 0 })

    // Narrowed to a store.
    const so848 = await relatorio(admin, 'de=2026-11-23&ate=2026-11-23&loja=848')
    expect(so848.lojas.map((l: { id_loja: number }) => l.id_loja)).toEqual([848])
    expect(so848.totais.encomendas_pagas).toBe(0)
    // Sign-ups are the group's: an admin's report of every store has them, a narrowed one does not.
    expect(r.totais.novos_registos).toEqual(expect.any(Number))
    expect(so848.totais.novos_registos).toBeNull()
    // What the page offers to narrow it to: every store in reach, whatever was chosen.
    expect(so848.opcoes.lojas.map((l: { id_loja: number }) => l.id_loja).sort()).toEqual([848, 862, OUTRA])
    expect(so848.opcoes.restaurantes.map((r: { nome: string }) => r.nome)).toEqual(['Nata & Grão', 'Outro'])
  })

  it("dates a refund by the purchase it undoes: the purchase's day is net, the refund's day is not negative", async () => {
    const ledger = () =>
      t.database.db.selectFrom('transacoes').selectAll().where('id_loja', '=', 848).orderBy('id').execute()
    const [compra] = await ledger()
    expect(compra?.saldo_adicionado).toBeGreaterThan(0)
    // The next day (the scene's clock is every test's: set back at the end); the admin signs in again.
    scene.clock.advance(24 * 3_600_000)
    onTestFinished(() => scene.clock.advance(-24 * 3_600_000))
    const admin = await signedInAdmin(t, 'relatorios-dia-seguinte@exemplo.pt', 'admin', { clock: scene.clock })
    const devolucao = await loja(
      'POST',
      `/compras/${compra?.id}/devolucoes`,
      { valor: 1000 },
      'devolucao-1',
      scene.chaveOutra,
    )
    expect(devolucao.statusCode, devolucao.body).toBe(201)
    const d = (await ledger()).find((m) => m.tipo === 'devolucao')
    expect(d?.saldo_removido).toBeGreaterThan(0)

    const dia = await relatorio(admin, 'de=2026-11-23&ate=2026-11-23&loja=848')
    expect(dia.lojas[0]).toMatchObject({
      credito_emitido: (compra?.saldo_adicionado ?? 0) - (d?.saldo_removido ?? 0),
      pontos_ganhos: (compra?.pontos_ganhos ?? 0) + (d?.pontos_ganhos ?? 0),
      clientes_ativos: 1,
    })
    const seguinte = await relatorio(admin, 'de=2026-11-24&ate=2026-11-24&loja=848')
    expect(seguinte.lojas[0]).toMatchObject({ credito_emitido: 0, credito_usado: 0, pontos_ganhos: 0 })
  })

  it('exports each table as CSV that a spreadsheet opens as written', async () => {
    const res = await call(admin, '/relatorios/csv/lojas?de=2026-11-23&ate=2026-11-23')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe('attachment; filename="balcao-lojas-2026-11-23-a-2026-11-23.csv"')
    expect(res.headers['cache-control']).toBe('no-store')
    const linhas = res.body
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n')
    expect(linhas[0]?.startsWith('Loja;Restaurante;Encomendas pagas;Vendas (€)')).toBe(true)
    expect(linhas).toHaveLength(4)
    const chiado = linhas.find((l) => l.startsWith('chiado;'))
    expect(chiado).toContain(`;1;${String(TOTAL_DE_TESTE / 100).replace('.', ',')};`)
    const dias = await call(admin, '/relatorios/csv/dias?de=2026-11-22&ate=2026-11-23')
    expect(dias.body.split('\r\n')[2]).toMatch(/^23\/11\/2026;1;/)
    expect((await call(admin, '/relatorios/csv/clientes?de=2026-11-23&ate=2026-11-23')).statusCode).toBe(400)
  })

  it("refuses a period the wrong way round or too long, and what is outside a gestor's reach", async () => {
    const errado = await call(admin, '/relatorios?de=2026-11-23&ate=2026-11-22')
    expect(errado.statusCode).toBe(400)
    expect(errado.body).toContain(relatoriosMensagens.ordem)
    const longo = await call(admin, `/relatorios?de=2025-01-01&ate=2026-11-23`)
    expect(longo.statusCode).toBe(400)
    expect(longo.body).toContain(`${RELATORIO_MAX_DIAS} dias`)
    expect((await call(admin, '/relatorios?de=2026-02-30&ate=2026-03-01')).statusCode).toBe(400)

    // An empty date is said once, as missing.
    const vazia = await call(admin, '/relatorios?de=&ate=2026-11-22')
    expect(vazia.statusCode).toBe(400)
    expect(vazia.json().error.fields).toEqual({ de: 'Indique a data' })

    // A gestor of no restaurant sees no store; naming one outside their reach is refused, not answered empty.
    const gestor = await signedInAdmin(t, 'gestor-relatorios@exemplo.pt', 'gestor', { clock: scene.clock })
    expect((await relatorio(gestor, 'de=2026-11-23&ate=2026-11-23')).lojas).toEqual([])
    expect((await call(gestor, '/relatorios?de=2026-11-23&ate=2026-11-23&loja=862')).statusCode).toBe(403)
    expect((await call(gestor, '/relatorios/csv/lojas?de=2026-11-23&ate=2026-11-23&loja=862')).statusCode).toBe(403)

    // A gestor of Nata & Grão: its stores only, the totals theirs, no group figure.
    const nata = (
      await t.database.db
        .selectFrom('lojas')
        .select('restaurante_id')
        .where('id_loja', '=', 862)
        .executeTakeFirstOrThrow()
    ).restaurante_id
    await t.database.db
      .updateTable('admin_utilizadores')
      .set({ restaurantes: JSON.stringify([nata]) })
      .where('email', '=', 'gestor-relatorios@exemplo.pt')
      .execute()
    const seu = await relatorio(gestor, 'de=2026-11-23&ate=2026-11-23')
    expect(seu.lojas.map((l: { id_loja: number }) => l.id_loja).sort()).toEqual([848, 862])
    expect(seu.opcoes.restaurantes).toEqual([{ id: nata, nome: 'Nata & Grão' }])
    expect(seu.totais).toMatchObject({ encomendas_pagas: 1, vendas: TOTAL_DE_TESTE, novos_registos: null })
    const outro = seu.opcoes.restaurantes.length === 1 ? nata + 1000 : 0
    expect((await call(gestor, `/relatorios?de=2026-11-23&ate=2026-11-23&restaurante=${outro}`)).statusCode).toBe(403)

    // An admin: an unknown store is 404; a store of another restaurant than the one named, 400.
    expect((await call(admin, '/relatorios?de=2026-11-23&ate=2026-11-23&loja=4242')).statusCode).toBe(404)
    const outroRestaurante = (
      await t.database.db
        .selectFrom('lojas')
        .select('restaurante_id')
        .where('id_loja', '=', OUTRA)
        .executeTakeFirstOrThrow()
    ).restaurante_id
    const misturada = await call(
      admin,
      `/relatorios?de=2026-11-23&ate=2026-11-23&restaurante=${outroRestaurante}&loja=862`,
    )
    expect(misturada.statusCode).toBe(400)
    expect(misturada.json().error.fields).toEqual({ loja: 'Esta loja não pertence ao restaurante escolhido.' })
  })
})
