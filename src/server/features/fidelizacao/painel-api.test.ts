import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { manualClock } from '../../platform/clock.ts'
import { lojasChavesRepo } from '../../platform/store-keys.ts'
import { insertLoja, insertRestaurante } from '../../testing/fixtures.ts'
import { createTestApp, device, lastSmsCode, type TestApp, testDialects } from '../../testing/harness.ts'

describe.each(testDialects())('staff API of a paired tablet, on %s', (dialect) => {
  let t: TestApp
  let chave: string

  beforeEach(async () => {
    const clock = manualClock('2026-11-22T10:00:00.000Z')
    t = await createTestApp(dialect, {}, { clock })
    const { id } = await insertRestaurante(t.database.db, { tag: 'nata-e-grao', name: 'Nata & Grão' })
    await insertLoja(t.database.db, { tag: 'chiado', restaurante_id: id, id_loja: 862, name: 'Chiado' })
    chave = (await lojasChavesRepo(t.database.db, clock).create(862, 'tablet-1')).chave
  })
  afterEach(() => t.close())

  /** A tablet: keeps the staff cookie, like the browser, and nothing else. */
  function tablet() {
    let cookie = ''
    return async (method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await t.app.inject({
        method,
        url: `/painel/api${url}`,
        headers: { ...(cookie ? { cookie: `balcao_painel=${cookie}` } : {}), ...headers },
        ...(body === undefined ? {} : { payload: body as object }),
      })
      const set = res.cookies.find((c) => c.name === 'balcao_painel')
      if (set) cookie = set.value
      return { res, set }
    }
  }

  async function cliente() {
    const d = device(t)
    const { hash } = (await d.call('POST', '/registo', { telemovel: '912345678', pais: '351', termos: true })).json()
      .data
    await d.call('POST', `/registo/${hash}`, { codigo: await lastSmsCode(t, '+351912345678') })
    await d.call('POST', '/alterar-dados-pessoais', {
      nome: 'Ana',
      email: 'ana@exemplo.pt',
      dataNascimento: '1990-01-01',
      aceitacao: true,
      password: '135790',
      confirmacaoPassword: '135790',
    })
    return (await d.call('POST', '/api/refresh-private-data', { value: true })).json().data.user.data.id as number
  }

  it('pairs with a store key into an HttpOnly, SameSite=Strict cookie on /painel, for that store only', async () => {
    const call = tablet()
    expect((await call('GET', '/sessao')).res.statusCode).toBe(401)
    const wrong = await call('POST', '/entrar', { chave: 'loja_errada' })
    expect(wrong.res.statusCode).toBe(401)
    expect(wrong.res.json().error.fields).toEqual({ chave: 'Chave da loja desconhecida ou revogada.' })
    const { res, set } = await call('POST', '/entrar', { chave })
    expect(res.json().data).toEqual({ id_loja: 862 })
    expect(set).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/painel' })
    expect((await call('GET', '/loja')).res.json().data).toEqual({
      id_loja: 862,
      nome: 'Chiado',
      restaurante: 'Nata & Grão',
      fuso: 'Europe/Lisbon',
    })
    // A customer's session opens nothing here, and the staff cookie nothing on the customer's side.
    const customer = device(t)
    const asCustomer = await customer.call('POST', '/painel/api/clientes/identificar', { qr: 'x' })
    expect(asCustomer.statusCode).toBe(401)
  })

  it('registers purchases and refunds like the Store API, and lists them with what is left to refund', async () => {
    const id = await cliente()
    const call = tablet()
    await call('POST', '/entrar', { chave })
    const identify = () => call('POST', '/clientes/identificar', { telemovel: '912345678', pais: '351' })
    const found = await identify()
    expect(found.res.json().data.cliente).toMatchObject({ id, nome: 'Ana', saldo: 0 })
    // The till passes the proof its identification got, as the Store API asks of any POS.
    const buy = async (total: number, saldo: number, key: string) =>
      call(
        'POST',
        '/compras',
        {
          cliente_id: id,
          identificacao: (await identify()).res.json().data.identificacao,
          total,
          saldo_a_usar: saldo,
          referencia: `T ${key}`,
        },
        { 'idempotency-key': key },
      )
    expect((await buy(4000, 0, 'a')).res.statusCode).toBe(201)
    expect(
      (await call('POST', '/compras', { cliente_id: id, total: 1, saldo_a_usar: 0, referencia: 'x' })).res.statusCode,
    ).toBe(400)
    // The tablet's key alone spends nothing: without the identification's proof the purchase is refused.
    const unproved = await call(
      'POST',
      '/compras',
      { cliente_id: id, total: 200, saldo_a_usar: 200, referencia: 'T sem prova' },
      { 'idempotency-key': 'sem-prova' },
    )
    expect(unproved.res.statusCode).toBe(403)
    expect(unproved.res.json().error.message).toBe('Identifique o cliente antes de usar o saldo')
    const paidWithBalance = (await buy(200, 200, 'b')).res.json().data.transacao
    const paid = (await buy(1000, 0, 'c')).res.json().data.transacao
    await call('POST', `/compras/${paid.id}/devolucoes`, { valor: 400 }, { 'idempotency-key': 'd1' })
    await call('POST', `/compras/${paidWithBalance.id}/devolucoes`, { valor: 0 }, { 'idempotency-key': 'd2' })
    const list = (await call('GET', '/compras')).res.json().data as {
      id: number
      por_devolver: number
      devolvida: boolean
      encomenda: boolean
    }[]
    expect(list.map((c) => [c.id, c.por_devolver, c.devolvida, c.encomenda])).toEqual([
      [paid.id, 600, false, false],
      [paidWithBalance.id, 0, true, false],
      [expect.any(Number), 4000, false, false],
    ])
  })

  it('says a wrong security code as such; an unknown phone gets a provisional account, then is identified', async () => {
    const id = await cliente()
    await t.database.db.updateTable('utilizadores').set({ usar_codigo_seguranca: 1 }).where('id', '=', id).execute()
    const call = tablet()
    await call('POST', '/entrar', { chave })
    const ana = { telemovel: '912345678', pais: '351' }
    expect((await call('POST', '/clientes/identificar', ana)).res.statusCode).toBe(403)
    const wrong = (await call('POST', '/clientes/identificar', { ...ana, codigo_seguranca: '0000' })).res
    expect(wrong.statusCode).toBe(403)
    expect(wrong.json().error).toMatchObject({
      message: 'Código de segurança errado',
      fields: { codigo_seguranca: 'Código de segurança errado' },
    })
    // Whoever has no account is still one answer, whatever is sent with the number.
    const novo = { telemovel: '934444444', pais: '351' }
    for (const body of [novo, { ...novo, codigo_seguranca: '0000' }]) {
      const unknown = (await call('POST', '/clientes/identificar', body)).res
      expect(unknown.statusCode).toBe(404)
      expect(unknown.json().error.message).toBe('Cliente não encontrado.')
    }
    const criado = (await call('POST', '/clientes', novo, { 'idempotency-key': 'novo-1' })).res
    expect(criado.statusCode, criado.body).toBe(201)
    expect(criado.json().data.cliente).toMatchObject({ temporario: 1, nome: null, saldo: 0 })
    const found = (await call('POST', '/clientes/identificar', novo)).res
    expect(found.statusCode).toBe(200)
    expect(found.json().data.cliente.id).toBe(criado.json().data.cliente.id)
    expect((await call('POST', '/clientes', novo, { 'idempotency-key': 'novo-2' })).res.statusCode).toBe(409)
  })

  it('Sair ends the session; revoking the key ends its tablets too', async () => {
    const first = tablet()
    await first('POST', '/entrar', { chave })
    expect((await first('POST', '/sair', { value: true })).res.statusCode).toBe(200)
    expect((await first('GET', '/sessao')).res.statusCode).toBe(401)
    const second = tablet()
    await second('POST', '/entrar', { chave })
    expect((await second('GET', '/sessao')).res.statusCode).toBe(200)
    await lojasChavesRepo(t.database.db, manualClock()).revoke('tablet-1')
    expect((await second('GET', '/sessao')).res.statusCode).toBe(401)
    expect((await second('POST', '/entrar', { chave })).res.statusCode).toBe(401)
  })
})
