import { describe, expect, it } from 'vitest'
import { insertLoja, insertRestaurante } from '../../testing/fixtures.ts'
import { testDialects } from '../../testing/harness.ts'
import { setupTill } from '../fidelizacao/testing.ts'
import { ADMIN_COOKIE } from './routes.ts'
import { signedInAdmin } from './testing.ts'

/**
 * People and loyalty in the back-office: who may do what, phones masked in every answer, a customer's
 * detail, the provisional account's SMS again, erasure through the customer's own erasure, profiles reaching the app,
 * and the stores' opinions with their averages within a gestor's reach.
 */

describe.each(testDialects())('people and loyalty in the back-office, on %s', (dialect) => {
  const till = setupTill(dialect)
  let seq = 0

  const pedir = (cookie: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
    till.t.app.inject({
      method,
      url: `/admin/api${url}`,
      headers: { accept: 'application/json', cookie: `${ADMIN_COOKIE}=${cookie}` },
      ...(method === 'POST' ? { payload: (body ?? { value: true }) as Record<string, unknown> } : {}),
    })
  const dados = async (res: Awaited<ReturnType<typeof pedir>>) => {
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data
  }
  const staff = async (
    papel: 'admin' | 'gestor' | 'loja',
    alcance: { restaurantes?: number[]; idLoja?: number } = {},
  ) => signedInAdmin(till.t, `${papel}-${++seq}@exemplo.pt`, papel, { ...alcance, clock: till.clock })
  const auditoria = (acao: string) =>
    till.t.database.db.selectFrom('admin_auditoria').selectAll().where('acao', '=', acao).orderBy('id').execute()

  it('each route refuses the roles it must (403) and answers the others', async () => {
    const c = await till.cliente()
    const [admin, gestor, loja] = [await staff('admin'), await staff('gestor'), await staff('loja', { idLoja: 862 })]
    const ajuste = { saldo: 100, pontos: 0, motivo: 'Teste', chave: 'chave-de-papeis-0001' }
    const soAdmin: [string, unknown][] = [
      [`/clientes/${c.id}/ajustes`, ajuste],
      [`/clientes/${c.id}/eliminar`, { confirmar: true }],
      [`/clientes/${c.id}/perfil`, { id_perfil: 1 }],
      ['/perfis', { nome: 'VIP', classe: 'perfil-vip' }],
      ['/perfis/1', { nome: 'Cliente', classe: 'perfil-cliente' }],
    ]
    for (const cookie of [gestor, loja]) {
      for (const [url, body] of soAdmin) expect((await pedir(cookie, 'POST', url, body)).statusCode, url).toBe(403)
    }
    // Customers are every role's section, each within its reach (staff-alcance.test.ts): the store found this one by
    // the whole number; the gestor (of no restaurant here) finds no one and opens no one.
    for (const url of [
      '/clientes?telemovel=912345678',
      `/clientes/${c.id}`,
      `/clientes/${c.id}/movimentos`,
      '/perfis',
    ]) {
      expect((await pedir(loja, 'GET', url)).statusCode, url).toBe(200)
    }
    expect((await dados(await pedir(gestor, 'GET', '/clientes?telemovel=912345678'))).total).toBe(0)
    expect((await pedir(gestor, 'GET', `/clientes/${c.id}`)).statusCode).toBe(404)
    expect((await pedir(gestor, 'POST', `/clientes/${c.id}/reenviar-sms`)).statusCode).toBe(403)
    // A store finds a customer by the whole number; it does not browse the group's customers.
    const browse = await pedir(loja, 'GET', '/clientes')
    expect(browse.statusCode).toBe(400)
    expect(browse.json().error.fields).toEqual({ telemovel: 'Indique o número de telemóvel completo do cliente.' })
    expect((await pedir(loja, 'GET', '/opinioes')).statusCode).toBe(403)
    expect((await pedir(gestor, 'GET', '/opinioes')).statusCode).toBe(200)
    expect((await pedir(admin, 'POST', `/clientes/${c.id}/ajustes`, ajuste)).statusCode).toBe(200)
    // Nothing a refused role tried was written.
    expect(await auditoria('cliente.ajustar')).toHaveLength(1)
    expect(await auditoria('perfil.criar')).toEqual([])
  })

  it('lists customers with their phones masked, and finds one only by the whole number', async () => {
    const a = await till.cliente('912345612')
    await till.cliente('913333333')
    const admin = await staff('admin')
    const lista = await pedir(admin, 'GET', '/clientes?ordenar=criado_em&direcao=asc')
    const pagina = await dados(lista)
    expect(pagina.total).toBe(2)
    expect(pagina.itens[0]).toMatchObject({ id: a.id, nome: 'Ana Silva', telemovel: '+351 9•• ••• •12' })
    expect(lista.body).not.toContain('912345612')
    expect(lista.body).not.toContain('913333333')
    const achado = await pedir(admin, 'GET', '/clientes?telemovel=912%20345%20612&pais=351')
    expect((await dados(achado)).itens.map((i: { id: number }) => i.id)).toEqual([a.id])
    expect(achado.body).not.toContain('912345612')
    expect((await dados(await pedir(admin, 'GET', '/clientes?telemovel=91234'))).total).toBe(0)
    const detalhe = await pedir(admin, 'GET', `/clientes/${a.id}`)
    expect(await dados(detalhe)).toMatchObject({ id: a.id, telemovel: '+351 9•• ••• •12', saldo: 0 })
    expect(detalhe.body).not.toContain('912345612')
    expect((await pedir(admin, 'GET', '/clientes?ordenar=telemovel')).statusCode).toBe(400)
  })

  it("shows a customer's movements, orders and opinions", async () => {
    const c = await till.cliente()
    const admin = await staff('admin')
    expect((await till.comprar(c.id, 2000)).statusCode).toBe(201)
    await till.t.database.db
      .insertInto('opinioes')
      .values({
        utilizador_id: c.id,
        id_loja: 862,
        rating1: 5,
        rating2: 4,
        rating3: 3,
        comentario: 'Muito bom',
        criado_em: '2026-11-22T10:00:00.000Z',
      })
      .execute()
    const movimentos = await dados(await pedir(admin, 'GET', `/clientes/${c.id}/movimentos`))
    expect(movimentos.itens).toEqual([expect.objectContaining({ tipo: 'compra', loja: 'Chiado', valor_pago: 2000 })])
    expect(await dados(await pedir(admin, 'GET', `/clientes/${c.id}/encomendas`))).toEqual([])
    // An order promising 25 minutes: the back-office tells it as the customer was told.
    await till.t.database.db
      .insertInto('encomendas')
      .values({
        utilizador_id: c.id,
        id_loja: 862,
        estado: 1,
        id_tipo_entrega: 0,
        nome: 'Ana',
        email: '',
        telemovel: '912345678',
        pais: '351',
        nif: null,
        linhas: '[]',
        total: 950,
        desconto: 0,
        valor_pago: 950,
        reserva_id: null,
        compra_id: null,
        pagamento_provider: null,
        pagamento_id: null,
        pagamento_estado: 'pago',
        expira_em: null,
        reembolso_estado: null,
        motivo: null,
        chave_idempotencia: 'k-minutos',
        pedido_hash: 'h',
        criada_em: '2026-11-22T10:00:00.000Z',
        paga_em: '2026-11-22T10:00:05.000Z',
        atualizada_em: '2026-11-22T10:00:05.000Z',
        verificar_em: null,
        pagamento_candidato: null,
        minutos: 25,
        levantar_em: null,
        mesa: null,
      })
      .execute()
    expect(await dados(await pedir(admin, 'GET', `/clientes/${c.id}/encomendas`))).toEqual([
      expect.objectContaining({ loja: 'Chiado', total: 950, minutos: 25 }),
    ])
    expect(await dados(await pedir(admin, 'GET', `/clientes/${c.id}/opinioes`))).toEqual([
      expect.objectContaining({ loja: 'Chiado', rating1: 5, comentario: 'Muito bom' }),
    ])
    expect((await pedir(admin, 'GET', '/clientes/999999/movimentos')).statusCode).toBe(404)

    // A store account sees its own store's part of the customer: not what they did at another store (found by the
    // whole number first: the customer never bought there).
    const daLoja = await staff('loja', { idLoja: 848 })
    expect((await pedir(daLoja, 'GET', `/clientes/${c.id}/movimentos`)).statusCode).toBe(404)
    await dados(await pedir(daLoja, 'GET', '/clientes?telemovel=912345678'))
    expect((await dados(await pedir(daLoja, 'GET', `/clientes/${c.id}/movimentos`))).itens).toEqual([])
    expect(await dados(await pedir(daLoja, 'GET', `/clientes/${c.id}/opinioes`))).toEqual([])
    const doChiado = await staff('loja', { idLoja: 862 })
    expect((await dados(await pedir(doChiado, 'GET', `/clientes/${c.id}/movimentos`))).itens).toHaveLength(1)
  })

  it("sends a provisional account's SMS again with a new password, audited, within the phone's SMS limits", async () => {
    const criado = await till.loja('POST', '/clientes', { telemovel: '935555555', pais: '351' })
    expect(criado.statusCode, criado.body).toBe(201)
    const id = criado.json().data.cliente.id as number
    const loja = await staff('loja', { idLoja: 862 })
    const sms = () =>
      till.t.database.db.selectFrom('sms_outbox').select('texto').where('para', '=', '+351935555555').execute()
    expect(await sms()).toHaveLength(1)
    await dados(await pedir(loja, 'GET', '/clientes?telemovel=935555555'))
    await dados(await pedir(loja, 'POST', `/clientes/${id}/reenviar-sms`))
    const enviados = await sms()
    expect(enviados).toHaveLength(2)
    const password = enviados[1]?.texto.match(/password (\d+)/)?.[1]
    const login = await till.t.api('POST', '/login', { telemovel: '935555555', pais: '351', password })
    expect(login.statusCode, login.body).toBe(200)
    const [entrada] = await auditoria('cliente.reenviar_sms')
    expect(entrada).toMatchObject({ entidade: 'cliente', entidade_id: String(id) })
    expect(JSON.stringify(entrada)).not.toContain('935555555')
    expect(JSON.stringify(entrada)).not.toContain(password)
    // The phone's SMS limit (8 an hour) holds here too.
    const respostas = []
    for (let i = 0; i < 8; i++) respostas.push((await pedir(loja, 'POST', `/clientes/${id}/reenviar-sms`)).statusCode)
    expect(respostas.slice(0, 7)).toEqual(Array(7).fill(200))
    expect(respostas[7]).toBe(429)
    // A complete account gets no such SMS: said as it is (409), to the store that found it as to an admin.
    const c = await till.cliente()
    await dados(await pedir(loja, 'GET', '/clientes?telemovel=912345678'))
    expect((await pedir(loja, 'POST', `/clientes/${c.id}/reenviar-sms`)).statusCode).toBe(409)
    expect((await pedir(await staff('admin'), 'POST', `/clientes/${c.id}/reenviar-sms`)).statusCode).toBe(409)
  })

  it("erases an account through the customer's own erasure, audited without the person's data", async () => {
    const c = await till.cliente('914444444')
    const admin = await staff('admin')
    expect((await till.comprar(c.id, 2000)).statusCode).toBe(201)
    await dados(
      await pedir(admin, 'POST', `/clientes/${c.id}/ajustes`, {
        saldo: 50,
        pontos: 0,
        motivo: 'Para a Ana Silva',
        chave: 'chave-antes-de-apagar',
      }),
    )
    expect((await pedir(admin, 'POST', `/clientes/${c.id}/eliminar`, { confirmar: false })).statusCode).toBe(400)
    await dados(await pedir(admin, 'POST', `/clientes/${c.id}/eliminar`, { confirmar: true }))
    const row = await till.t.database.db
      .selectFrom('utilizadores')
      .selectAll()
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ eliminado: 1, nome: null, email: null, telemovel_e164: null })
    expect(row.anonimizado_em).not.toBeNull()
    const motivos = await till.t.database.db
      .selectFrom('transacoes')
      .select('motivo')
      .where('utilizador_id', '=', c.id)
      .execute()
    expect(motivos.every((m) => m.motivo === null)).toBe(true)
    // The customer's session ended with the account.
    expect((await till.privado(c.d)).user.loggedIn).toBe(false)
    const [entrada] = await auditoria('cliente.eliminar')
    expect(entrada).toMatchObject({ entidade: 'cliente', entidade_id: String(c.id) })
    for (const dado of ['914444444', 'Ana Silva', 'ana@exemplo.pt']) expect(JSON.stringify(entrada)).not.toContain(dado)
    expect((await pedir(admin, 'GET', '/clientes')).json().data.total).toBe(0)
    expect((await pedir(admin, 'POST', `/clientes/${c.id}/eliminar`, { confirmar: true })).statusCode).toBe(404)
  })

  it("names profiles and gives one to a customer: its class reaches the customer's user data", async () => {
    const c = await till.cliente()
    const admin = await staff('admin')
    expect((await till.privado(c.d)).user.data).toMatchObject({ id_perfil: 1, classe_perfil: 'perfil-cliente' })
    const vip = await dados(await pedir(admin, 'POST', '/perfis', { nome: 'Cliente VIP', classe: 'perfil-vip' }))
    expect((await pedir(admin, 'POST', '/perfis', { nome: 'Cliente VIP', classe: 'perfil-outro' })).statusCode).toBe(
      409,
    )
    expect((await pedir(admin, 'POST', '/perfis', { nome: 'Mau', classe: 'vip"><script>' })).statusCode).toBe(400)
    await dados(await pedir(admin, 'POST', `/clientes/${c.id}/perfil`, { id_perfil: vip.id }))
    expect((await till.privado(c.d)).user.data).toMatchObject({ id_perfil: vip.id, classe_perfil: 'perfil-vip' })
    expect((await pedir(admin, 'POST', `/clientes/${c.id}/perfil`, { id_perfil: 9999 })).statusCode).toBe(404)
    await dados(await pedir(admin, 'POST', `/perfis/${vip.id}`, { nome: 'Cliente VIP', classe: 'perfil-ouro' }))
    expect((await till.privado(c.d)).user.data.classe_perfil).toBe('perfil-ouro')
    expect(await auditoria('perfil.criar')).toHaveLength(1)
    expect(await auditoria('perfil.editar')).toHaveLength(1)
    const [dado] = await auditoria('cliente.perfil')
    expect(JSON.parse(dado?.depois ?? '{}')).toEqual({ id: c.id, id_perfil: vip.id })
  })

  it('lists opinions by store, rating and day, with averages per criterion, a gestor only their restaurants', async () => {
    const db = till.t.database.db
    const { id: outro } = await insertRestaurante(db, { tag: 'outro', name: 'Outro' })
    await insertLoja(db, { tag: 'porto', restaurante_id: outro, id_loja: 900, name: 'Porto' })
    const c = await till.cliente()
    const opiniao = (id_loja: number, r: [number, number | null, number], criado_em: string) => ({
      utilizador_id: c.id,
      id_loja,
      rating1: r[0],
      rating2: r[1],
      rating3: r[2],
      comentario: `Na loja ${id_loja}`,
      criado_em,
    })
    await db
      .insertInto('opinioes')
      .values([
        opiniao(862, [5, 4, 3], '2026-11-20T10:00:00.000Z'),
        opiniao(862, [4, null, 2], '2026-11-21T23:30:00.000Z'),
        opiniao(848, [1, 1, 1], '2026-11-21T10:00:00.000Z'),
        opiniao(900, [3, 3, 3], '2026-11-21T10:00:00.000Z'),
      ])
      .execute()
    const admin = await staff('admin')
    const todas = await dados(await pedir(admin, 'GET', '/opinioes'))
    expect(todas.total).toBe(4)
    expect(todas.medias).toContainEqual({
      id_loja: 862,
      loja: 'Chiado',
      opinioes: 2,
      rating1: 4.5,
      rating2: 4,
      rating3: 2.5,
    })
    const chiado = await dados(await pedir(admin, 'GET', '/opinioes?loja=862&rating=2'))
    expect(chiado.itens.map((o: { rating3: number }) => o.rating3)).toEqual([2])
    // Days are Lisbon's: 23:30 UTC on the 21st is still the 21st in winter.
    const dia = await dados(await pedir(admin, 'GET', '/opinioes?de=2026-11-21&ate=2026-11-21'))
    expect(dia.total).toBe(3)
    const restaurante = await db
      .selectFrom('restaurantes')
      .select('id')
      .where('tag', '=', 'nata-e-grao')
      .executeTakeFirstOrThrow()
    const gestor = await staff('gestor', { restaurantes: [restaurante.id] })
    const suas = await dados(await pedir(gestor, 'GET', '/opinioes'))
    expect(suas.total).toBe(3)
    expect(suas.medias.map((m: { id_loja: number }) => m.id_loja)).toEqual([848, 862])
    expect((await dados(await pedir(gestor, 'GET', '/opinioes?loja=900'))).total).toBe(0)
  })
})
