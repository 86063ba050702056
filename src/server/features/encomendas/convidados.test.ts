import { beforeEach, describe, expect, it } from 'vitest'
import { API_VERSION } from '../../../shared/api.ts'
import { ESTADO } from '../../../shared/estado-pedido.ts'
import { CARRINHO_DE_TESTE, pedidoDeTeste, TOTAL_DE_TESTE as TOTAL } from '../../testing/ementa.ts'
import { insertSaldo } from '../../testing/fixtures.ts'
import { device, lastSmsCode, type TestApp, testDialects } from '../../testing/harness.ts'
import { convidadosMensagens } from './convidados.ts'
import { setupOrders, TELEMOVEL } from './testing.ts'

/**
 * Guest checkout (decision 0050): a visitor's phone confirmed by an SMS code for one order, under a sign-up's limits;
 * the order followed on the device and by the SMS's link; no balance, ever; and its purchase written once to the
 * account made after it with the same phone ('Guardar os pontos desta compra'), however many requests ask at once.
 */

/** A phone with no account in the scene (the scene's customer has TELEMOVEL). */
const OUTRO = '934567890'
const OUTRO_E164 = `+351${OUTRO}`
const DADOS = {
  nome: 'Rita Sousa',
  email: 'rita@example.pt',
  dataNascimento: '1990-05-17',
  genero: 'F',
  codigoPostal: '1100-048',
  nif1: '123456789',
  nomeFaturacao1: 'Rita Sousa',
  comunicacoes: false,
  aceitacao: true,
}

type Device = ReturnType<typeof device>

describe.each(testDialects())('guest checkout on %s', (dialect) => {
  const scene = setupOrders(dialect)
  const { finalizar, pagamentos, responder, loja } = scene
  let t: TestApp
  let visitante: Device

  beforeEach(() => {
    t = scene.t
    visitante = device(t, '198.51.100.7')
  })

  /** The phone confirmed on the device: the code sent by SMS, typed back. */
  async function confirmar(d: Device, telemovel = OUTRO) {
    const pedido = await d.call('POST', '/api/convidado', { telemovel, pais: '351' })
    expect(pedido.statusCode, pedido.body).toBe(200)
    const codigo = await lastSmsCode(t, `+351${telemovel}`)
    const res = await d.call('POST', `/api/convidado/${pedido.json().data.hash}`, { codigo })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data
  }

  /** A guest's order, paid through the sandbox's phone. */
  async function encomendaPaga(d: Device, chave = 'g1') {
    await confirmar(d)
    const res = await finalizar(pedidoDeTeste({ telemovel: OUTRO, email: '', nome: 'Rita' }), chave, d)
    expect(res.statusCode, res.body).toBe(201)
    const { orderId } = res.json().data.orderData
    await pagar(OUTRO)
    const lida = (await d.call('GET', `/api/encomendas/${orderId}`)).json().data
    expect(lida).toMatchObject({ status: ESTADO.recebido, pago: true, convidado: true, pointsAdded: 0 })
    return orderId as number
  }

  /** The sandbox's phone approves the request waiting on it. */
  async function pagar(telemovel: string) {
    const pendente = (await pagamentos()).find(
      (p: { estado: string; telemovel: string }) => p.estado === 'pendente' && p.telemovel === telemovel,
    )
    expect((await responder(pendente.id, 'aprovar')).statusCode).toBe(200)
  }

  const comprasDe = (referencia: string) =>
    t.database.db
      .selectFrom('transacoes')
      .select(['utilizador_id', 'tipo', 'pontos_ganhos', 'valor_pago'])
      .where('referencia', '=', referencia)
      .where('tipo', '=', 'compra')
      .execute()

  /** Sign-up with the SMS code, then the personal data: an account that earns. */
  async function aderir(d: Device, telemovel = OUTRO) {
    const start = await d.call('POST', '/registo', { telemovel, pais: '351', termos: true })
    expect(start.statusCode, start.body).toBe(200)
    const codigo = await lastSmsCode(t, `+351${telemovel}`)
    expect((await d.call('POST', `/registo/${start.json().data.hash}`, { codigo })).statusCode).toBe(200)
    const dados = await d.call('POST', '/alterar-dados-pessoais', {
      ...DADOS,
      password: '246801',
      confirmacaoPassword: '246801',
    })
    expect(dados.statusCode, dados.body).toBe(200)
  }

  it('prices a cart for a visitor, with no balance', async () => {
    const res = await visitante.call('POST', '/api/calcula-encomenda', { id_loja: 862, cart: CARRINHO_DE_TESTE })
    expect(res.statusCode, res.body).toBe(200)
    const { loyaltyData, privateData } = res.json().data
    expect(loyaltyData.transaction.total_transaction).toBe(TOTAL)
    expect(privateData.user).toMatchObject({ loggedIn: false, data: null })
  })

  it('confirms the phone by SMS code (a wrong one refused), then places one order, followed on the device', async () => {
    expect((await visitante.call('GET', '/api/convidado')).json().data).toEqual({ convidado: null })
    // Without a confirmed phone, a visitor's checkout is a signed-out one.
    expect((await finalizar(pedidoDeTeste(), 'sem', visitante)).statusCode).toBe(401)

    const pedido = await visitante.call('POST', '/api/convidado', { telemovel: OUTRO, pais: '351' })
    const { hash } = pedido.json().data
    const codigo = await lastSmsCode(t, OUTRO_E164)
    const errado = codigo === '000000' ? '111111' : '000000'
    const mau = await visitante.call('POST', `/api/convidado/${hash}`, { codigo: errado })
    expect(mau.statusCode).toBe(400)
    expect(visitante.convidado).toBeUndefined()
    const ok = await visitante.call('POST', `/api/convidado/${hash}`, { codigo })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json().data).toEqual({ telemovel: OUTRO, pais: '351', encomenda: null })
    expect(visitante.convidado).toMatch(/^[A-Za-z0-9_-]{20,}$/)
    // The code is spent.
    expect((await visitante.call('POST', `/api/convidado/${hash}`, { codigo })).statusCode).toBeGreaterThanOrEqual(400)

    const res = await finalizar(
      pedidoDeTeste({ telemovel: OUTRO, email: '', nome: 'Rita', usar_premio: 1 }),
      'g1',
      visitante,
    )
    expect(res.statusCode, res.body).toBe(201)
    const { orderData, privateData } = res.json().data
    expect(orderData).toMatchObject({ status: ESTADO.pagamento, convidado: true, desconto: 0, valor_pago: TOTAL })
    expect(privateData.user.loggedIn).toBe(false)
    const id = orderData.orderId as number
    const row = await t.database.db
      .selectFrom('encomendas')
      .select(['utilizador_id', 'convidado_id', 'email', 'reserva_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ utilizador_id: null, email: '', reserva_id: null })
    expect(row.convidado_id).not.toBeNull()

    // The SMS's link carries the device's token.
    const sms = await t.database.db
      .selectFrom('sms_outbox')
      .select('texto')
      .where('para', '=', OUTRO_E164)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(sms.texto).toContain(`pedido n.º ${id}`)
    expect(sms.texto).toContain(`/api/convidado/seguir/${visitante.convidado}?v=${API_VERSION}`)
    expect((await visitante.call('GET', '/api/convidado')).json().data.convidado.encomenda).toBe(id)

    // The same Idempotency-Key answers the same order; a second order needs a new code.
    const repetido = await finalizar(
      pedidoDeTeste({ telemovel: OUTRO, email: '', nome: 'Rita', usar_premio: 1 }),
      'g1',
      visitante,
    )
    expect(repetido.statusCode).toBe(201)
    expect(repetido.json().data.orderData.orderId).toBe(id)
    const segundo = await finalizar(pedidoDeTeste({ telemovel: OUTRO, email: '', nome: 'Rita' }), 'g2', visitante)
    expect(segundo.statusCode).toBe(409)
    expect(segundo.json().error.message).toBe(convidadosMensagens.confirmacaoUsada)

    // Paid: on the board, with no movement in anyone's ledger.
    await pagar(OUTRO)
    const lida = await visitante.call('GET', `/api/encomendas/${id}`)
    expect(lida.json().data).toMatchObject({ status: ESTADO.recebido, pago: true, pointsAdded: 0 })
    const quadro = (await loja('GET', '/encomendas?estado=-1,1,2,-9')).json().data as { id: number }[]
    expect(quadro.map((p) => p.id)).toContain(id)
    expect(await comprasDe(`E${id}`)).toEqual([])

    // Nobody else reads it: another visitor, the signed-in customer.
    expect((await device(t, '198.51.100.8').call('GET', `/api/encomendas/${id}`)).statusCode).toBe(401)
    expect((await scene.cliente.call('GET', `/api/encomendas/${id}`)).statusCode).toBe(404)
  })

  it("opens the order on another device by the SMS's link; a link that is not one opens nothing", async () => {
    const id = await encomendaPaga(visitante)
    const outro = device(t, '198.51.100.9')
    // As a browser opens it: no version header, the version in the query.
    const seguir = await outro.call('GET', `/api/convidado/seguir/${visitante.convidado}?v=${API_VERSION}`, undefined, {
      'x-api-version': '',
      accept: 'text/html',
    })
    expect(seguir.statusCode, seguir.body).toBe(200)
    expect(seguir.body).toContain(`url=/carrinho/confirmado?encomenda=${id}`)
    expect((await outro.call('GET', `/api/encomendas/${id}`)).json().data.orderId).toBe(id)
    // The device counts the onboarding as seen: the order's screen opens without it.
    const privada = await outro.call('POST', '/api/refresh-private-data', { value: true })
    expect(privada.json().data.user).toMatchObject({ loggedIn: false, sawOnboarding: true })
    const estranho = device(t)
    const falso = await estranho.call('GET', `/api/convidado/seguir/${'x'.repeat(43)}?v=${API_VERSION}`, undefined, {
      accept: 'text/html',
    })
    expect(falso.statusCode).toBe(200)
    expect(falso.body).toContain('Esta ligação já não é válida')
    expect(falso.body).not.toContain('http-equiv="refresh"')
    expect(estranho.convidado).toBeUndefined()
    // Past its 30 days the token opens nothing.
    scene.clock.advance(31 * 24 * 60 * 60_000)
    expect((await outro.call('GET', `/api/encomendas/${id}`)).statusCode).toBe(401)
  })

  it("limits the codes as a sign-up's: three an hour for a phone from one address", async () => {
    for (let i = 0; i < 3; i++) {
      expect((await visitante.call('POST', '/api/convidado', { telemovel: OUTRO, pais: '351' })).statusCode).toBe(200)
    }
    const quarto = await visitante.call('POST', '/api/convidado', { telemovel: OUTRO, pais: '351' })
    expect(quarto.statusCode).toBe(429)
    expect(quarto.headers['retry-after']).toBeDefined()
    const fixo = await visitante.call('POST', '/api/convidado', { telemovel: '213000000', pais: '351' })
    expect(fixo.statusCode).toBe(400)
  })

  it('keeps the points of the paid order once, for the account made after it with the same phone, under concurrent requests', async () => {
    const id = await encomendaPaga(visitante)
    // Not before the account is complete (a temporary one earns nothing).
    await aderir(visitante)
    const pedidos = await Promise.all(
      Array.from({ length: 6 }, () => visitante.call('POST', `/api/encomendas/${id}/guardar-pontos`, { value: true })),
    )
    const estados = pedidos.map((r) => r.statusCode).sort()
    expect(estados, pedidos.map((r) => r.body).join('\n')).toEqual([200, 409, 409, 409, 409, 409])
    const ok = pedidos.find((r) => r.statusCode === 200)?.json().data
    expect(ok.orderData).toMatchObject({ orderId: id, convidado: false })
    expect(ok.orderData.pointsAdded).toBeGreaterThan(0)
    expect(ok.privateData.user.data.saldo).toBeGreaterThan(0)
    const compras = await comprasDe(`E${id}`)
    expect(compras).toHaveLength(1)
    expect(compras[0]?.valor_pago).toBe(TOTAL)
    // The order is now in the account's orders, and still on the device's link.
    const historico = (await visitante.call('GET', '/api/encomendas')).json().data.encomendas as { orderId: number }[]
    expect(historico.map((e) => e.orderId)).toEqual([id])
    // Asked again later: nothing more.
    const depois = await visitante.call('POST', `/api/encomendas/${id}/guardar-pontos`, { value: true })
    expect(depois.statusCode).toBe(409)
    expect(depois.json().error.message).toBe(convidadosMensagens.pontosJaGuardados)
    expect(await comprasDe(`E${id}`)).toHaveLength(1)
  })

  it('answers retries of one checkout sent at once with the one order, the code taken once', async () => {
    await confirmar(visitante)
    const corpo = pedidoDeTeste({ telemovel: '961111111', email: '', nome: 'Rita' })
    const respostas = await Promise.all(Array.from({ length: 5 }, () => finalizar(corpo, 'mesma', visitante)))
    expect(respostas.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201])
    const ids = new Set(respostas.map((r) => r.json().data.orderData.orderId))
    expect(ids.size).toBe(1)
    // The order's phone is the one the code confirmed, whatever the form sent (MB WAY asks it).
    expect((await pagamentos()).map((p: { telemovel: string }) => p.telemovel)).toEqual([OUTRO])
  })

  it('keeps the points of one guest order per account, and only once the account is complete', async () => {
    const primeira = await encomendaPaga(visitante, 'g1')
    const primeiraToken = visitante.convidado
    // Another order needs another code: the device's token is now the second guest's.
    const segunda = await encomendaPaga(visitante, 'g2')
    const start = await visitante.call('POST', '/registo', { telemovel: OUTRO, pais: '351', termos: true })
    const codigo = await lastSmsCode(t, OUTRO_E164)
    expect((await visitante.call('POST', `/registo/${start.json().data.hash}`, { codigo })).statusCode).toBe(200)
    // A temporary account earns nothing: asked before its data, refused, and nothing written.
    const cedo = await visitante.call('POST', `/api/encomendas/${segunda}/guardar-pontos`, { value: true })
    expect(cedo.statusCode).toBe(403)
    expect(await comprasDe(`E${segunda}`)).toEqual([])
    const dados = await visitante.call('POST', '/alterar-dados-pessoais', {
      ...DADOS,
      password: '246801',
      confirmacaoPassword: '246801',
    })
    expect(dados.statusCode, dados.body).toBe(200)
    expect(
      (await visitante.call('POST', `/api/encomendas/${segunda}/guardar-pontos`, { value: true })).statusCode,
    ).toBe(200)
    // The first order's link, opened again on the device: its points are not this account's too.
    expect((await visitante.call('GET', `/api/convidado/seguir/${primeiraToken}?v=${API_VERSION}`)).statusCode).toBe(
      200,
    )
    const outra = await visitante.call('POST', `/api/encomendas/${primeira}/guardar-pontos`, { value: true })
    expect(outra.statusCode).toBe(422)
    expect(outra.json().error.message).toBe(convidadosMensagens.umaSoCompra)
    expect(await comprasDe(`E${primeira}`)).toEqual([])
    expect(await comprasDe(`E${segunda}`)).toHaveLength(1)
  })

  it('keeps no points for an account made before the order, with another phone, or for an order not paid', async () => {
    // The scene's customer existed before: a guest order with their phone is not theirs to credit.
    await confirmar(visitante, TELEMOVEL)
    const res = await finalizar(pedidoDeTeste({ email: '' }), 'g1', visitante)
    const id = res.json().data.orderData.orderId as number
    const login = await visitante.call('POST', '/login', { telemovel: TELEMOVEL, pais: '351', password: '135790' })
    expect(login.statusCode, login.body).toBe(200)
    const porPagar = await visitante.call('POST', `/api/encomendas/${id}/guardar-pontos`, { value: true })
    expect(porPagar.statusCode).toBe(422)
    await pagar(TELEMOVEL)
    const antiga = await visitante.call('POST', `/api/encomendas/${id}/guardar-pontos`, { value: true })
    expect(antiga.statusCode).toBe(422)
    expect(antiga.json().error.message).toBe(convidadosMensagens.pontosNaoDisponiveis)

    // Another phone's new account.
    const d = device(t, '198.51.100.20')
    const outra = await encomendaPaga(d)
    await aderir(d, '961234567')
    expect((await d.call('POST', `/api/encomendas/${outra}/guardar-pontos`, { value: true })).statusCode).toBe(422)
    expect(await comprasDe(`E${id}`)).toEqual([])
    expect(await comprasDe(`E${outra}`)).toEqual([])
  })

  it("a guest never spends the balance of the phone's account", async () => {
    await insertSaldo(t.database.db, scene.clienteId, 500)
    await confirmar(visitante, TELEMOVEL)
    const res = await finalizar(pedidoDeTeste({ email: '', usar_premio: 1 }), 'g1', visitante)
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().data.orderData).toMatchObject({ desconto: 0, valor_pago: TOTAL })
  })

  it('the store cancelling a paid guest order refunds it; its points can no longer be kept', async () => {
    const id = await encomendaPaga(visitante)
    const cancelar = await loja('POST', `/encomendas/${id}/cancelar`, { motivo: 'Sem leite' }, 'c1')
    expect(cancelar.statusCode, cancelar.body).toBe(200)
    await aderir(visitante)
    const res = await visitante.call('POST', `/api/encomendas/${id}/guardar-pontos`, { value: true })
    expect(res.statusCode).toBe(422)
    expect(await comprasDe(`E${id}`)).toEqual([])
    // No notification was written for anyone (a guest has no inbox; one without a customer would go to everyone).
    const notificacoes = await t.database.db.selectFrom('notificacoes').select('id').execute()
    expect(notificacoes).toEqual([])
  })
})
