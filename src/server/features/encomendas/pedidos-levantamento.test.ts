import { beforeEach, describe, expect, it } from 'vitest'
import { ESTADO, estadoTexto } from '../../../shared/estado-pedido.ts'
import { prontoAs } from '../../../shared/format.ts'
import { levantamentoTextos } from '../../../shared/levantamento.ts'
import { CARRINHO_DE_TESTE, pedidoDeTeste } from '../../testing/ementa.ts'
import { insertContas } from '../../testing/fixtures.ts'
import { device, type TestApp, testDialects } from '../../testing/harness.ts'
import { todosOsDias } from './horario.ts'
import { PASSWORD, setupOrders } from './testing.ts'

interface Horario {
  em: string
  hora: string
}

/**
 * 'Levantar' (decision 0044): the checkout offers today's 15-minute slots within the store's hours and capacity; an
 * order for a slot keeps it, the board and the POS read it, and the last place of a slot goes to one customer only.
 * The clock stands at 12:00 in Lisbon on 23 November 2026 (UTC+0) in every test (each advances its own scene).
 */
describe.each(testDialects())('pick-up times on %s', (dialect) => {
  const scene = setupOrders(dialect)
  const { finalizar, pagamentos, responder, loja, clock } = scene
  let t: TestApp
  let inicio: number

  beforeEach(() => {
    t = scene.t
    inicio = clock.now().getTime()
  })
  // The scenes share one clock: each test puts it back.
  const voltar = () => clock.advance(inicio - clock.now().getTime())

  const calcular = async (idLoja = 862, d = scene.cliente) => {
    const res = await d.call('POST', '/api/calcula-encomenda', { id_loja: idLoja, cart: CARRINHO_DE_TESTE })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data.levantamento as { minutos: number; horarios: Horario[]; aviso: string | null }
  }
  const capacidade = (n: number) =>
    t.database.db.updateTable('lojas').set({ capacidade_intervalo: n }).where('id_loja', '=', 862).execute()
  const pagar = async (telemovel = '912345678') => {
    const pendente = (await pagamentos()).find(
      (p: { estado: string; telemovel: string }) => p.estado === 'pendente' && p.telemovel === telemovel,
    )
    expect((await responder(pendente.id, 'aprovar')).statusCode).toBe(200)
  }

  it('offers the slots of today from the promise on, and an order for one keeps it for the customer, the board and the POS', async () => {
    const { minutos, horarios, aviso } = await calcular()
    expect(aviso).toBeNull()
    // The first quarter at least the promise away (12:00 + minutos), then every quarter to 23:45.
    const primeiro = Math.ceil((inicio + minutos * 60_000) / 900_000) * 900_000
    expect(horarios[0]?.em).toBe(new Date(primeiro).toISOString())
    expect(horarios.at(-1)).toEqual({ em: '2026-11-23T23:45:00.000Z', hora: '23:45' })
    const escolhido = horarios[4] as Horario

    const res = await finalizar(pedidoDeTeste({ levantar_em: escolhido.em }), 'slot-1')
    expect(res.statusCode, res.body).toBe(201)
    const pedido = res.json().data.orderData
    expect(pedido).toMatchObject({ levantar_em: escolhido.em, mesa: null })
    await pagar()
    // The customer reads the time, not minutes.
    const lida = (await scene.cliente.call('GET', `/api/encomendas/${pedido.orderId}`)).json().data
    expect(lida.status).toBe(ESTADO.recebido)
    expect(estadoTexto(lida.status, lida.pago, lida.minutos, prontoAs(lida))).toBe(
      `Recebemos o seu pedido - pronto às ${escolhido.hora}`,
    )
    // The POS and the board: the time chosen, and when the kitchen should start it (its products' own minutes).
    const naLoja = (await loja('GET', '/encomendas?estado=-1')).json().data
    const o = naLoja.find((e: { id: number }) => e.id === pedido.orderId)
    expect(o.levantar_em).toBe(escolhido.em)
    expect(Date.parse(escolhido.em) - Date.parse(o.preparar_em)).toBe(lida.minutos * 60_000)
    // An order wanted at once is due before it.
    const agora = await finalizar(pedidoDeTeste(), 'slot-2')
    expect(agora.statusCode, agora.body).toBe(201)
    expect(agora.json().data.orderData).toMatchObject({ levantar_em: null })
    await pagar()
    const ordem = (await loja('GET', '/encomendas?estado=-1')).json().data.map((e: { id: number }) => e.id)
    expect(ordem).toEqual([agora.json().data.orderData.orderId, pedido.orderId])
  })

  it('refuses a slot it does not offer: past, too close, off the quarter, tomorrow, or a closed hour', async () => {
    const { horarios } = await calcular()
    const primeiro = Date.parse((horarios[0] as Horario).em)
    const recusados = [
      new Date(inicio - 15 * 60_000).toISOString(),
      new Date(primeiro - 15 * 60_000).toISOString(),
      new Date(primeiro + 5 * 60_000).toISOString(),
      '2026-11-24T12:00:00.000Z',
    ]
    for (const [i, em] of recusados.entries()) {
      const res = await finalizar(pedidoDeTeste({ levantar_em: em }), `nao-${i}`)
      expect(res.statusCode, `${em}: ${res.body}`).toBe(422)
      expect(res.json().error.message).toBe(levantamentoTextos.horarioInvalido)
    }
    // Not an instant at all: the schema's refusal.
    expect((await finalizar(pedidoDeTeste({ levantar_em: 'amanhã' }), 'nao-x')).statusCode).toBe(400)
    // A store open 12:00–15:00 and 19:00–23:00 offers nothing in between.
    const almocoJantar = Array.from({ length: 7 }, () => [
      ['12:00', '15:00'],
      ['19:00', '23:00'],
    ])
    await t.database.db
      .updateTable('lojas')
      .set({ horario_encomendas: JSON.stringify(almocoJantar) })
      .where('id_loja', '=', 862)
      .execute()
    const lista = (await calcular()).horarios.map((h) => h.hora)
    expect(lista).not.toContain('16:00')
    expect(lista).toContain('19:30')
    const res = await finalizar(pedidoDeTeste({ levantar_em: '2026-11-23T16:00:00.000Z' }), 'nao-16')
    expect(res.statusCode, res.body).toBe(422)
    expect(await t.database.db.selectFrom('encomendas').select('id').execute()).toEqual([])
  })

  it('takes no more orders for a slot than its capacity, frees a place when an order is cancelled', async () => {
    await capacidade(1)
    const escolhido = (await calcular()).horarios[2] as Horario
    const a = await finalizar(pedidoDeTeste({ levantar_em: escolhido.em }), 'cap-1')
    expect(a.statusCode, a.body).toBe(201)
    // Waiting for its payment it holds the place: the slot is no longer offered, and asked for, it is full.
    expect((await calcular()).horarios.map((h) => h.em)).not.toContain(escolhido.em)
    const b = await finalizar(pedidoDeTeste({ levantar_em: escolhido.em }), 'cap-2')
    expect(b.statusCode, b.body).toBe(409)
    expect(b.json().error.message).toBe(levantamentoTextos.horarioCheio)
    // The first checkout sent again (its answer lost): its own order, never refused for the place it holds.
    const deNovo = await finalizar(pedidoDeTeste({ levantar_em: escolhido.em }), 'cap-1')
    expect(deNovo.statusCode, deNovo.body).toBe(201)
    expect(deNovo.json().data.orderData.orderId).toBe(a.json().data.orderData.orderId)
    await pagar()
    // The store cancels it: the place is free again.
    const id = a.json().data.orderData.orderId
    const cancelada = await loja('POST', `/encomendas/${id}/cancelar`, { motivo: 'Sem leite de aveia' }, 'cancelar')
    expect(cancelada.statusCode, cancelada.body).toBe(200)
    expect((await calcular()).horarios.map((h) => h.em)).toContain(escolhido.em)
    // The back-office's capacity is the store's (10 by default).
    await capacidade(10)
  })

  it('gives the last place of a slot to one of two customers asking at once', async () => {
    await capacidade(1)
    await insertContas(t.database.db, ['913333333'], PASSWORD)
    const outro = device(t)
    const login = await outro.call('POST', '/login', { telemovel: '913333333', pais: '351', password: PASSWORD })
    expect(login.statusCode, login.body).toBe(200)
    // A few slots, each raced for: a race lost by chance in one round is won in another.
    const slots = (await calcular()).horarios.slice(1, 4)
    for (const [i, escolhido] of slots.entries()) {
      const [a, b] = await Promise.all([
        finalizar(pedidoDeTeste({ levantar_em: escolhido.em }), `corrida-a${i}`),
        finalizar(pedidoDeTeste({ levantar_em: escolhido.em, telemovel: '913333333' }), `corrida-b${i}`, outro),
      ])
      expect([a.statusCode, b.statusCode].sort(), `${a.body} ${b.body}`).toEqual([201, 409])
      const noSlot = await t.database.db
        .selectFrom('encomendas')
        .select('id')
        .where('levantar_em', '=', escolhido.em)
        .execute()
      expect(noSlot).toHaveLength(1)
    }
  })

  it('refuses an order that cannot be ready before closing, and offers no slot past it', async () => {
    // Store 848 stops taking orders at 12:10 today: 'as soon as possible' promises at least 15 minutes.
    await t.database.db
      .updateTable('lojas')
      .set({ horario_encomendas: JSON.stringify(todosOsDias('08:00', '12:10')) })
      .where('id_loja', '=', 848)
      .execute()
    const opcoes = await calcular(848)
    expect(opcoes.aviso).toBe(levantamentoTextos.depoisDoFecho('12:10'))
    expect(opcoes.horarios).toEqual([])
    const res = await finalizar(pedidoDeTeste({ id_loja: 848 }), 'fecho')
    expect(res.statusCode, res.body).toBe(422)
    expect(res.json().error.message).toBe(levantamentoTextos.depoisDoFecho('12:10'))
    // Earlier in the morning the same order is in time.
    clock.advance(-2 * 60 * 60_000)
    try {
      expect((await calcular(848)).aviso).toBeNull()
      expect((await finalizar(pedidoDeTeste({ id_loja: 848 }), 'cedo')).statusCode).toBe(201)
    } finally {
      voltar()
    }
  })

  it('takes no slot from a store closed today or paused: the same words as any order', async () => {
    const { horarios } = await calcular()
    const escolhido = horarios[3] as Horario
    await t.database.db
      .updateTable('lojas')
      .set({ encomendas_pausa_em: clock.now().toISOString(), encomendas_pausa_ate: null })
      .where('id_loja', '=', 862)
      .execute()
    const pausada = await finalizar(pedidoDeTeste({ levantar_em: escolhido.em }), 'pausa')
    expect(pausada.statusCode, pausada.body).toBe(422)
    expect(pausada.json().error.message).toBe('Esta loja não está a aceitar encomendas de momento.')
    await t.database.db.updateTable('lojas').set({ encomendas_pausa_em: null }).where('id_loja', '=', 862).execute()
    await t.database.db
      .insertInto('lojas_encerramentos')
      .values({ id_loja: 862, de: '2026-11-23', ate: '2026-11-23', motivo: null, criado_em: clock.now().toISOString() })
      .execute()
    const fechada = await finalizar(pedidoDeTeste({ levantar_em: escolhido.em }), 'fecho')
    expect(fechada.statusCode, fechada.body).toBe(422)
    expect(fechada.json().error.message).toBe('Esta loja está encerrada hoje. Não aceita encomendas.')
    expect(await t.database.db.selectFrom('encomendas').select('id').execute()).toEqual([])
  })

  it('on the night the clocks go back, a slot of the repeated hour is its own instant, named as winter time', async () => {
    // 25 October 2026, 01:00 in Lisbon's summer time (00:00 UTC): at 02:00 the clocks go back to 01:00.
    clock.advance(Date.parse('2026-10-25T00:00:00.000Z') - clock.now().getTime())
    try {
      const { horarios } = await calcular()
      const inverno = horarios.find((h) => h.hora.endsWith('(hora de inverno)')) as Horario
      const verao = horarios.find((h) => h.hora === inverno.hora.slice(0, 5)) as Horario
      expect(Date.parse(inverno.em) - Date.parse(verao.em)).toBe(60 * 60_000)
      const res = await finalizar(pedidoDeTeste({ levantar_em: inverno.em }), 'inverno')
      expect(res.statusCode, res.body).toBe(201)
      const pedido = res.json().data.orderData
      expect(pedido.levantar_em).toBe(inverno.em)
      expect(prontoAs(pedido)).toBe(inverno.hora.slice(0, 5))
      // The slot of summer time is another, with its own places.
      expect((await calcular()).horarios.map((h) => h.em)).toContain(verao.em)
    } finally {
      voltar()
    }
  })

  it("counts the kitchen's queue and busy minutes in how close a slot may be", async () => {
    const antes = await calcular()
    const entrar = await t.app.inject({
      method: 'POST',
      url: '/painel/api/entrar',
      payload: { chave: scene.chaveLoja },
    })
    const sessao = entrar.cookies.find((c) => c.name === 'balcao_painel')?.value ?? ''
    const ocupada = await t.app.inject({
      method: 'POST',
      url: '/painel/api/cozinha',
      cookies: { balcao_painel: sessao },
      payload: { ocupada_minutos: 30 },
    })
    expect(ocupada.statusCode, ocupada.body).toBe(200)
    const depois = await calcular()
    expect(depois.minutos).toBe(antes.minutos + 30)
    expect(Date.parse((depois.horarios[0] as Horario).em) - Date.parse((antes.horarios[0] as Horario).em)).toBe(
      30 * 60_000,
    )
    const perto = await finalizar(pedidoDeTeste({ levantar_em: (antes.horarios[0] as Horario).em }), 'perto')
    expect(perto.statusCode, perto.body).toBe(422)
  })
})
