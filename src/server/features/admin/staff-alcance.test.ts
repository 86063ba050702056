import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import { insertLoja, insertRestaurante } from '../../testing/fixtures.ts'
import { type TestApp, testDialects } from '../../testing/harness.ts'
import { setupTill } from '../fidelizacao/testing.ts'
import { ADMIN_COOKIE } from './routes.ts'
import { signedInAdmin } from './testing.ts'

/**
 * Staff scoped, and fixable (docs/decisions/0032-staff-alcance.md): a store's account opens only the customers it found
 * by their whole number or who bought or ordered at its store, a gestor only their restaurants' (404 otherwise, as a
 * customer that does not exist); a provisional account's password is resent only by the store that made it; an
 * invitation names a store or restaurants that exist; an admin edits a staff member's role and reach, disables,
 * reactivates and invites a disabled address again, each audited with before and after.
 */

const NAO_EXISTE = 'Este cliente não existe ou a conta foi eliminada.'

function staffDevice(t: TestApp) {
  let cookie: string | undefined
  return {
    set cookie(valor: string) {
      cookie = valor
    },
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
type Res = Awaited<ReturnType<StaffDevice['call']>>

describe.each(testDialects())('staff scoped and fixable, on %s', (dialect) => {
  const till = setupTill(dialect)
  let seq = 0

  const ok = async (res: Res) => {
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data
  }
  async function staff(papel: 'admin' | 'gestor' | 'loja', alcance: { restaurantes?: number[]; idLoja?: number } = {}) {
    const d = staffDevice(till.t)
    d.cookie = await signedInAdmin(till.t, `${papel}-${++seq}@exemplo.pt`, papel, { ...alcance, clock: till.clock })
    return d
  }
  const restauranteDaLoja = async (idLoja: number) =>
    (
      await till.t.database.db
        .selectFrom('lojas')
        .select('restaurante_id')
        .where('id_loja', '=', idLoja)
        .executeTakeFirstOrThrow()
    ).restaurante_id
  const auditoria = (acao: string) =>
    till.t.database.db.selectFrom('admin_auditoria').selectAll().where('acao', '=', acao).orderBy('id').execute()
  const leituras = (id: number) => [
    `/clientes/${id}`,
    `/clientes/${id}/movimentos`,
    `/clientes/${id}/encomendas`,
    `/clientes/${id}/opinioes`,
  ]
  /** Refused as a customer that does not exist: the same status and words as an id no one has. */
  async function comoInexistente(d: StaffDevice, url: string) {
    const res = await d.call('GET', url)
    expect(res.statusCode, `${url} ${res.body}`).toBe(404)
    expect(res.json().error.message).toBe(NAO_EXISTE)
  }

  it("a store's account opens a customer only once found by the whole number, or who bought or ordered there", async () => {
    const ana = await till.cliente('912345678')
    const rui = await till.cliente('913333333')
    const eva = await till.cliente('914444441')
    const chiado = await staff('loja', { idLoja: 862 })
    const baixa = await staff('loja', { idLoja: 848 })

    for (const url of [...leituras(ana.id), ...leituras(999_999)]) await comoInexistente(chiado, url)
    // A part of the number finds no one and opens no one.
    expect((await ok(await chiado.call('GET', '/clientes?telemovel=91234567'))).total).toBe(0)
    await comoInexistente(chiado, `/clientes/${ana.id}`)
    // The whole number: found, and open to this account (not to another store's).
    const achados = await ok(await chiado.call('GET', '/clientes?telemovel=912345678'))
    expect(achados.itens.map((c: { id: number }) => c.id)).toEqual([ana.id])
    for (const url of leituras(ana.id)) await ok(await chiado.call('GET', url))
    await comoInexistente(baixa, `/clientes/${ana.id}`)
    const grant = await till.t.database.db
      .selectFrom('admin_clientes_encontrados')
      .selectAll()
      .where('cliente_id', '=', ana.id)
      .execute()
    expect(grant).toHaveLength(1)
    expect(grant[0]?.expira_em).toBe(new Date(till.clock.now().getTime() + 12 * 3_600_000).toISOString())
    // The find ends with its time: the housekeeping forgets it, and the customer is closed again.
    await till.t.database.db
      .updateTable('admin_clientes_encontrados')
      .set({ expira_em: till.clock.now().toISOString() })
      .execute()
    await comoInexistente(chiado, `/clientes/${ana.id}`)
    expect(await till.t.app.admin.pessoas.purgarEncontrados()).toBe(1)

    // Bought at the store (a till purchase): open to that store without a search, not to the other.
    expect((await till.comprar(rui.id, 1000)).statusCode).toBe(201)
    for (const url of leituras(rui.id)) await ok(await chiado.call('GET', url))
    await comoInexistente(baixa, `/clientes/${rui.id}`)

    // Ordered at the store: open to it.
    await comoInexistente(baixa, `/clientes/${eva.id}`)
    const agora = till.clock.now().toISOString()
    await till.t.database.db
      .insertInto('encomendas')
      .values({
        utilizador_id: eva.id,
        id_loja: 848,
        estado: 1,
        id_tipo_entrega: 1,
        nome: 'Eva',
        email: 'eva@exemplo.pt',
        telemovel: '914444441',
        pais: '351',
        nif: null,
        linhas: '[]',
        total: 500,
        desconto: 0,
        valor_pago: 500,
        reserva_id: null,
        compra_id: null,
        pagamento_provider: null,
        pagamento_id: null,
        pagamento_estado: 'pendente',
        expira_em: null,
        reembolso_estado: null,
        motivo: null,
        chave_idempotencia: `eva-${dialect}`,
        pedido_hash: 'x',
        criada_em: agora,
        paga_em: null,
        atualizada_em: agora,
        verificar_em: null,
        pagamento_candidato: null,
        levantar_em: null,
        mesa: null,
      })
      .execute()
    await ok(await baixa.call('GET', `/clientes/${eva.id}`))
    expect(await ok(await baixa.call('GET', `/clientes/${eva.id}/encomendas`))).toHaveLength(1)
    await comoInexistente(chiado, `/clientes/${eva.id}`)

    // An admin opens everyone.
    const admin = await staff('admin')
    for (const c of [ana, rui, eva]) await ok(await admin.call('GET', `/clientes/${c.id}`))
  })

  it("a gestor opens only their restaurants' customers, even by the whole number", async () => {
    const rui = await till.cliente('913333333')
    expect((await till.comprar(rui.id, 1000)).statusCode).toBe(201)
    const { id: outro } = await insertRestaurante(till.t.database.db, { tag: 'outro', name: 'Outro' })
    await insertLoja(till.t.database.db, { tag: 'porto', restaurante_id: outro, id_loja: 900 })
    const deles = await staff('gestor', { restaurantes: [await restauranteDaLoja(862)] })
    const alheio = await staff('gestor', { restaurantes: [outro] })

    for (const url of leituras(rui.id)) await ok(await deles.call('GET', url))
    expect((await ok(await deles.call('GET', '/clientes?telemovel=913333333'))).total).toBe(1)
    for (const url of leituras(rui.id)) await comoInexistente(alheio, url)
    const porNumero = await ok(await alheio.call('GET', '/clientes?telemovel=913333333'))
    expect(porNumero).toMatchObject({ total: 0, itens: [] })
    // Searching by number records nothing for a gestor: still closed.
    await comoInexistente(alheio, `/clientes/${rui.id}`)
    // A gestor makes no provisional accounts and resends no password.
    expect((await deles.call('POST', `/clientes/${rui.id}/reenviar-sms`)).statusCode).toBe(403)
  })

  it("a provisional account's password is resent only by the store whose till made it", async () => {
    const feito = await till.loja('POST', '/clientes', { telemovel: '915555555', pais: '351' })
    expect(feito.statusCode, feito.body).toBe(201)
    const id = feito.json().data.cliente.id as number
    const chiado = await staff('loja', { idLoja: 862 })
    const baixa = await staff('loja', { idLoja: 848 })
    const admin = await staff('admin')

    // Not found by it: as a customer that does not exist.
    const antes = await baixa.call('POST', `/clientes/${id}/reenviar-sms`)
    expect(antes.statusCode).toBe(404)
    expect(antes.json().error.message).toBe(NAO_EXISTE)
    // Found by the whole number, the other store reads the customer but may not resend the password.
    await ok(await baixa.call('GET', '/clientes?telemovel=915555555'))
    expect((await ok(await baixa.call('GET', `/clientes/${id}`))).provisorio).toBe(true)
    const alheia = await baixa.call('POST', `/clientes/${id}/reenviar-sms`)
    expect(alheia.statusCode).toBe(403)
    expect(alheia.json().error.message).toBe(
      'Só a loja que criou esta conta provisória pode reenviar a palavra-passe temporária.',
    )
    expect(await auditoria('cliente.reenviar_sms')).toEqual([])
    // The store that made it: found by number, it resends; so does an admin.
    await ok(await chiado.call('GET', '/clientes?telemovel=915555555'))
    await ok(await chiado.call('POST', `/clientes/${id}/reenviar-sms`))
    await ok(await admin.call('POST', `/clientes/${id}/reenviar-sms`))
    expect(await auditoria('cliente.reenviar_sms')).toHaveLength(2)
  })

  it('a resend for a customer who is not provisional is refused as such (409), whichever store asks', async () => {
    const ana = await till.cliente('912345678')
    const chiado = await staff('loja', { idLoja: 862 })
    await ok(await chiado.call('GET', '/clientes?telemovel=912345678'))
    const res = await chiado.call('POST', `/clientes/${ana.id}/reenviar-sms`)
    expect(res.statusCode, res.body).toBe(409)
    expect(res.json().error.message).not.toBe(
      'Só a loja que criou esta conta provisória pode reenviar a palavra-passe temporária.',
    )
    expect(await auditoria('cliente.reenviar_sms')).toEqual([])
  })

  it("a store account's customers found by number end with its store, role or access", async () => {
    const ana = await till.cliente('912345678')
    const admin = await staff('admin')
    const chiado = await staff('loja', { idLoja: 862 })
    const email = `loja-${seq}@exemplo.pt`
    const id = (await ok(await admin.call('GET', '/utilizadores'))).find((u: { email: string }) => u.email === email)
      .id as number
    const encontrados = () =>
      till.t.database.db
        .selectFrom('admin_clientes_encontrados')
        .select('cliente_id')
        .where('utilizador_id', '=', id)
        .execute()
    const encontrar = async () => {
      await ok(await chiado.call('GET', '/clientes?telemovel=912345678'))
      expect(await encontrados()).toHaveLength(1)
    }
    await encontrar()
    // The same store and role again: nothing to forget.
    await ok(await admin.call('POST', `/utilizadores/${id}`, { papel: 'loja', id_loja: 862 }))
    expect(await encontrados()).toHaveLength(1)
    // Another store: what the first store found is not the second's.
    await ok(await admin.call('POST', `/utilizadores/${id}`, { papel: 'loja', id_loja: 848 }))
    expect(await encontrados()).toEqual([])
    await comoInexistente(chiado, `/clientes/${ana.id}`)
    await encontrar()
    // Another role: forgotten too (its sessions end with it, so the next finds are written as the till's search does).
    await ok(await admin.call('POST', `/utilizadores/${id}`, { papel: 'admin' }))
    expect(await encontrados()).toEqual([])
    await ok(await admin.call('POST', `/utilizadores/${id}`, { papel: 'loja', id_loja: 862 }))
    const achado = () =>
      till.t.database.db
        .insertInto('admin_clientes_encontrados')
        .values({ utilizador_id: id, cliente_id: ana.id, expira_em: '2999-01-01T00:00:00.000Z' })
        .execute()
    await achado()
    // Disabled: forgotten, so a reactivation starts with nothing found.
    await ok(await admin.call('POST', `/utilizadores/${id}/desativar`))
    expect(await encontrados()).toEqual([])
    // Invited again after a disable: whatever the account had found is not the new invitation's.
    await achado()
    await ok(await admin.call('POST', '/utilizadores', { email, papel: 'loja', id_loja: 862 }))
    expect(await encontrados()).toEqual([])
  })

  it('an invitation names a store, or restaurants, that exist (400 with the field otherwise)', async () => {
    const admin = await staff('admin')
    const restaurante = await restauranteDaLoja(862)
    const recusas: [Record<string, unknown>, string, string][] = [
      [{ papel: 'loja' }, 'id_loja', 'Escolha a loja desta conta.'],
      [{ papel: 'loja', id_loja: 4321 }, 'id_loja', 'Esta loja não existe.'],
      [{ papel: 'gestor' }, 'restaurantes', 'Escolha pelo menos um restaurante.'],
      [{ papel: 'gestor', restaurantes: [] }, 'restaurantes', 'Escolha pelo menos um restaurante.'],
      [
        { papel: 'gestor', restaurantes: [restaurante, 98_765] },
        'restaurantes',
        'Um dos restaurantes escolhidos não existe.',
      ],
    ]
    for (const [convite, campo, mensagem] of recusas) {
      const res = await admin.call('POST', '/utilizadores', { email: 'novo@exemplo.pt', ...convite })
      expect(res.statusCode, JSON.stringify(convite)).toBe(400)
      expect(res.json().error.fields?.[campo], JSON.stringify(convite)).toBe(mensagem)
    }
    expect(await auditoria('utilizador.convidar')).toEqual([])
    await ok(await admin.call('POST', '/utilizadores', { email: 'loja@exemplo.pt', papel: 'loja', id_loja: 862 }))
    await ok(
      await admin.call('POST', '/utilizadores', {
        email: 'gestor@exemplo.pt',
        papel: 'gestor',
        restaurantes: [restaurante],
      }),
    )
    expect(await auditoria('utilizador.convidar')).toHaveLength(2)
  })

  it('an admin edits role and reach, disables, reactivates and invites a disabled address again, all audited', async () => {
    const admin = await staff('admin')
    const restaurante = await restauranteDaLoja(862)
    const email = 'rita@exemplo.pt'
    const convite = await ok(await admin.call('POST', '/utilizadores', { email, papel: 'loja', id_loja: 862 }))
    const id = convite.id as number
    const aceitar = async (password: string) => {
      const mail = await till.t.database.db
        .selectFrom('email_outbox')
        .select('texto')
        .where('para', '=', email)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
      const token = mail.texto.match(/\/admin\/convite\/([A-Za-z0-9_-]+)/)?.[1] ?? ''
      return staffDevice(till.t).call('POST', '/convite/aceitar', { token, nova: password, confirmacao: password })
    }
    await ok(await aceitar('palavra-passe-da-rita'))
    const rita = staffDevice(till.t)
    await ok(await rita.call('POST', '/entrar', { email, password: 'palavra-passe-da-rita' }))
    await ok(await rita.call('GET', '/lojas'))

    // Another store: the reach changes at once, the session stays.
    const outra = await ok(await admin.call('POST', `/utilizadores/${id}`, { papel: 'loja', id_loja: 848 }))
    expect(outra).toMatchObject({ papel: 'loja', id_loja: 848, restaurantes: [] })
    const lojas = await ok(await rita.call('GET', '/lojas'))
    expect(lojas.map((l: { id_loja: number }) => l.id_loja)).toEqual([848])
    // A store that does not exist, a gestor without restaurants: refused, nothing changed.
    expect((await admin.call('POST', `/utilizadores/${id}`, { papel: 'loja', id_loja: 4321 })).statusCode).toBe(400)
    expect((await admin.call('POST', `/utilizadores/${id}`, { papel: 'gestor' })).statusCode).toBe(400)
    expect((await admin.call('POST', '/utilizadores/999999', { papel: 'admin' })).statusCode).toBe(404)
    // One's own role is not changed (the last admin would lock everyone out).
    const proprio = (await ok(await admin.call('GET', '/utilizadores'))).find(
      (u: { email: string }) => u.email !== email,
    )
    expect((await admin.call('POST', `/utilizadores/${proprio.id}`, { papel: 'loja', id_loja: 862 })).statusCode).toBe(
      400,
    )
    // A new role: the sessions end (the next sign-in asks the gestor's second factor).
    const gestor = await ok(
      await admin.call('POST', `/utilizadores/${id}`, { papel: 'gestor', restaurantes: [restaurante] }),
    )
    expect(gestor).toMatchObject({ papel: 'gestor', restaurantes: [restaurante], id_loja: null })
    expect((await rita.call('GET', '/sessao')).statusCode).toBe(401)
    const editados = await auditoria('utilizador.editar')
    expect(editados).toHaveLength(2)
    expect(JSON.parse(editados[0]?.antes ?? '{}')).toMatchObject({ papel: 'loja', id_loja: 862 })
    expect(JSON.parse(editados[0]?.depois ?? '{}')).toMatchObject({ papel: 'loja', id_loja: 848 })
    expect(JSON.parse(editados[1]?.depois ?? '{}')).toMatchObject({ papel: 'gestor', restaurantes: [restaurante] })

    // Disabled: sessions end at once, no sign-in; reactivated: the same password signs in again.
    const entrou = await rita.call('POST', '/entrar', { email, password: 'palavra-passe-da-rita' })
    expect(entrou.json().data.pendente).toBe('inscrever_totp')
    expect((await ok(await admin.call('POST', `/utilizadores/${id}/desativar`))).desativado_em).not.toBeNull()
    expect((await rita.call('GET', '/sessao')).statusCode).toBe(401)
    expect((await rita.call('POST', '/entrar', { email, password: 'palavra-passe-da-rita' })).statusCode).toBe(401)
    expect((await ok(await admin.call('POST', `/utilizadores/${id}/reativar`))).desativado_em).toBeNull()
    await ok(await rita.call('POST', '/entrar', { email, password: 'palavra-passe-da-rita' }))
    const [reativado] = await auditoria('utilizador.reativar')
    expect(JSON.parse(reativado?.antes ?? '{}').desativado_em).not.toBeNull()
    expect(JSON.parse(reativado?.depois ?? '{}').desativado_em).toBeNull()

    // An address in use is not invited again; a disabled one is, on the same account, with a new role and link.
    expect((await admin.call('POST', '/utilizadores', { email, papel: 'loja', id_loja: 862 })).statusCode).toBe(409)
    await ok(await admin.call('POST', `/utilizadores/${id}/desativar`))
    const novo = await ok(await admin.call('POST', '/utilizadores', { email, papel: 'loja', id_loja: 862 }))
    expect(novo).toMatchObject({ id, papel: 'loja', id_loja: 862, convite_pendente: true, desativado_em: null })
    expect((await rita.call('POST', '/entrar', { email, password: 'palavra-passe-da-rita' })).statusCode).toBe(401)
    await ok(await aceitar('outra-palavra-passe'))
    await ok(await rita.call('POST', '/entrar', { email, password: 'outra-palavra-passe' }))
    const [reconvite] = await auditoria('utilizador.reconvidar')
    expect(JSON.parse(reconvite?.antes ?? '{}')).toMatchObject({ papel: 'gestor' })
    expect(JSON.parse(reconvite?.depois ?? '{}')).toMatchObject({ papel: 'loja', convite_pendente: true })
    expect(await auditoria('utilizador.desativar')).toHaveLength(2)
    const texto = JSON.stringify(await till.t.database.db.selectFrom('admin_auditoria').selectAll().execute())
    expect(texto).not.toMatch(/scrypt\$|password_hash|totp_segredo|codigo_hash/)
  })
})
