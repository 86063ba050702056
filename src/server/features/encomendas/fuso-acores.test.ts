import type { InjectOptions } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CARRINHO_DE_TESTE, pedidoDeTeste, TOTAL_DE_TESTE } from '../../testing/ementa.ts'
import { testDialects } from '../../testing/harness.ts'
import { ADMIN_COOKIE } from '../admin/routes.ts'
import { signedInAdmin } from '../admin/testing.ts'
import { todosOsDias } from './horario.ts'
import { setupOrders } from './testing.ts'

/**
 * A store in the Azores keeps its hours, 'open now', closures, sold-out day, pause and reports on the Azores' clock
 * (Atlantic/Azores, an hour behind Lisbon all year), everything else on Lisbon's (decision 0036), on both days the
 * clocks change in 2026: 29 March (at 01:00 UTC: Lisbon 01:00→02:00, the Azores 00:00→01:00) and 25 October (at
 * 01:00 UTC: Lisbon 02:00→01:00, the Azores 01:00→00:00). Store 862 is in Lisbon, 848 in the Azores, both taking
 * orders from 10:00 to 21:30 of their own clock every day, with the same menu.
 */

const LISBOA = 862
const ACORES = 848

describe.each(testDialects())('a store in the Azores on its own clock, on %s', (dialect) => {
  /** The scene's clock (one for the file) set to `iso`. */
  const em = (iso: string) => clock.advance(Date.parse(iso) - clock.now().getTime())
  // Each test's customer signs in (the scene's own hook, before each test) at the scene's noon, not where the last test
  // left the clock: put back after each.
  afterEach(() => em('2026-11-23T12:00:00.000Z'))
  const scene = setupOrders(dialect)
  const { clock } = scene

  beforeEach(async () => {
    const db = scene.t.database.db
    const horario = JSON.stringify(todosOsDias('10:00', '21:30'))
    await db.updateTable('lojas').set({ horario_encomendas: horario }).execute()
    await db.updateTable('lojas').set({ regiao: 'acores' }).where('id_loja', '=', ACORES).execute()
  })

  /** Whether each store takes orders now: as the app's list says, and as a calculation of a cart there answers. */
  async function abertas(): Promise<{ lisboa: boolean; acores: boolean }> {
    const lista = (await scene.cliente.call('GET', '/api/lojas-encomenda')).json().data as {
      id_loja: number
      aberta: boolean
    }[]
    const calcula = async (idLoja: number) => {
      const res = await scene.cliente.call('POST', '/api/calcula-encomenda', {
        id_loja: idLoja,
        cart: CARRINHO_DE_TESTE,
      })
      expect([200, 422], res.body).toContain(res.statusCode)
      if (res.statusCode === 422) expect(res.json().error.title).toBe('Loja fechada')
      return res.statusCode === 200
    }
    const lisboa = lista.find((l) => l.id_loja === LISBOA)?.aberta
    const acores = lista.find((l) => l.id_loja === ACORES)?.aberta
    expect(await calcula(LISBOA)).toBe(lisboa)
    expect(await calcula(ACORES)).toBe(acores)
    return { lisboa: Boolean(lisboa), acores: Boolean(acores) }
  }

  /** An admin signed in now (a session does not outlive the clock's jumps). */
  async function admin() {
    const cookie = await signedInAdmin(scene.t, `admin-${clock.now().getTime()}@exemplo.pt`, 'admin', { clock })
    return (method: 'GET' | 'POST', url: string, body?: unknown) =>
      scene.t.app.inject({
        method,
        url: `/admin/api${url}`,
        headers: { accept: 'application/json', cookie: `${ADMIN_COOKIE}=${cookie}` },
        ...(method === 'POST' ? { payload: (body ?? { value: true }) as InjectOptions['payload'] } : {}),
      })
  }

  it('29 March 2026: each store opens and closes at 10:00 and 21:30 of its clock, the Azores an hour after Lisbon', async () => {
    // The day before, in winter: Lisbon is UTC, the Azores UTC−1.
    em('2026-03-28T10:30:00.000Z')
    expect(await abertas()).toEqual({ lisboa: true, acores: false })
    em('2026-03-28T11:00:00.000Z')
    expect(await abertas()).toEqual({ lisboa: true, acores: true })
    // After the change (01:00 UTC): Lisbon UTC+1, the Azores UTC.
    em('2026-03-29T08:59:00.000Z')
    expect(await abertas()).toEqual({ lisboa: false, acores: false })
    em('2026-03-29T09:00:00.000Z')
    expect(await abertas()).toEqual({ lisboa: true, acores: false })
    em('2026-03-29T09:59:00.000Z')
    expect(await abertas()).toEqual({ lisboa: true, acores: false })
    em('2026-03-29T10:00:00.000Z')
    expect(await abertas()).toEqual({ lisboa: true, acores: true })
    em('2026-03-29T20:29:00.000Z')
    expect(await abertas()).toEqual({ lisboa: true, acores: true })
    em('2026-03-29T20:30:00.000Z')
    expect(await abertas()).toEqual({ lisboa: false, acores: true })
    em('2026-03-29T21:30:00.000Z')
    expect(await abertas()).toEqual({ lisboa: false, acores: false })
  })

  it('25 October 2026: the same, the hour now given back (Lisbon UTC, the Azores UTC−1)', async () => {
    // The day before, in summer: Lisbon UTC+1, the Azores UTC.
    em('2026-10-24T09:30:00.000Z')
    expect(await abertas()).toEqual({ lisboa: true, acores: false })
    em('2026-10-24T10:00:00.000Z')
    expect(await abertas()).toEqual({ lisboa: true, acores: true })
    em('2026-10-25T09:59:00.000Z')
    expect(await abertas()).toEqual({ lisboa: false, acores: false })
    em('2026-10-25T10:00:00.000Z')
    expect(await abertas()).toEqual({ lisboa: true, acores: false })
    em('2026-10-25T11:00:00.000Z')
    expect(await abertas()).toEqual({ lisboa: true, acores: true })
    em('2026-10-25T21:30:00.000Z')
    expect(await abertas()).toEqual({ lisboa: false, acores: true })
    em('2026-10-25T22:29:00.000Z')
    expect(await abertas()).toEqual({ lisboa: false, acores: true })
    em('2026-10-25T22:30:00.000Z')
    expect(await abertas()).toEqual({ lisboa: false, acores: false })
  })

  it('a closure of a day begins at each store’s own midnight, through both changes of the clocks', async () => {
    em('2026-03-28T12:00:00.000Z')
    const chamar = await admin()
    for (const idLoja of [LISBOA, ACORES]) {
      for (const dia of ['2026-03-29', '2026-10-25']) {
        const res = await chamar('POST', `/lojas/${idLoja}/encerramentos`, { de: dia, ate: dia, motivo: 'Inventário' })
        expect(res.statusCode, res.body).toBe(201)
      }
    }
    const encerradas = async () => {
      const estado = async (idLoja: number) =>
        (await scene.cliente.call('GET', `/api/lojas/${idLoja}/estado`)).json().data.encerrada as boolean
      return { lisboa: await estado(LISBOA), acores: await estado(ACORES) }
    }
    // 29 March, 00:30 UTC: Lisbon's 00:30 of the 29th, the Azores' 23:30 of the 28th.
    em('2026-03-29T00:30:00.000Z')
    expect(await encerradas()).toEqual({ lisboa: true, acores: false })
    // 01:00 UTC: the Azores go from 23:59:59 of the 28th to 01:00 of the 29th (their midnight never strikes).
    em('2026-03-29T00:59:59.000Z')
    expect(await encerradas()).toEqual({ lisboa: true, acores: false })
    em('2026-03-29T01:00:00.000Z')
    expect(await encerradas()).toEqual({ lisboa: true, acores: true })
    em('2026-03-29T23:30:00.000Z')
    expect(await encerradas()).toEqual({ lisboa: false, acores: true })
    em('2026-03-30T00:00:00.000Z')
    expect(await encerradas()).toEqual({ lisboa: false, acores: false })

    // 24 October, 23:30 UTC: Lisbon's 00:30 of the 25th (summer), the Azores' 23:30 of the 24th.
    em('2026-10-24T23:30:00.000Z')
    expect(await encerradas()).toEqual({ lisboa: true, acores: false })
    const aviso = (await scene.cliente.call('GET', `/api/lojas/${LISBOA}/estado`)).json().data.aviso
    expect(aviso).toBe('Esta loja está encerrada hoje (Inventário). Não aceita encomendas.')
    em('2026-10-25T00:00:00.000Z')
    expect(await encerradas()).toEqual({ lisboa: true, acores: true })
    // The 25th ends at 00:00 UTC of the 26th in Lisbon (now UTC), at 01:00 UTC in the Azores (now UTC−1).
    em('2026-10-26T00:30:00.000Z')
    expect(await encerradas()).toEqual({ lisboa: false, acores: true })
    em('2026-10-26T01:00:00.000Z')
    expect(await encerradas()).toEqual({ lisboa: false, acores: false })
  })

  it('sold out for today lasts to the store’s midnight; a pause’s end is told in the store’s time', async () => {
    // 28 March, 23:30 UTC: 23:30 in Lisbon, 22:30 in the Azores; the Galão sold out at both stores.
    em('2026-03-28T23:30:00.000Z')
    const chamar = await admin()
    for (const idLoja of [LISBOA, ACORES]) {
      const res = await chamar('POST', `/lojas/${idLoja}/esgotados`, { cod_produto: '1002', esgotado: true })
      expect(res.statusCode, res.body).toBe(200)
    }
    const esgotado = async (idLoja: number) =>
      (
        (await scene.cliente.call('GET', `/api/catalogo/${idLoja}`)).json().data.categorias as {
          produtos: { id: string; esgotado: boolean }[]
        }[]
      )
        .flatMap((c) => c.produtos)
        .find((p) => p.id === '1002')?.esgotado
    expect([await esgotado(LISBOA), await esgotado(ACORES)]).toEqual([true, true])
    // Lisbon's midnight: back there; still the 28th in the Azores (a catalogue read kept until then is read again).
    em('2026-03-29T00:00:00.000Z')
    expect([await esgotado(LISBOA), await esgotado(ACORES)]).toEqual([false, true])
    // The Azores' 29th begins at 01:00 UTC, the hour their clocks jump.
    em('2026-03-29T01:00:00.000Z')
    expect([await esgotado(LISBOA), await esgotado(ACORES)]).toEqual([false, false])

    // 25 October at 10:00 UTC (Lisbon 10:00, the Azores 09:00): both paused until 12:00 UTC.
    em('2026-10-25T10:00:00.000Z')
    const outra = await admin()
    for (const idLoja of [LISBOA, ACORES]) {
      const res = await outra('POST', `/lojas/${idLoja}/pausa`, { ate: '2026-10-25T12:00:00.000Z' })
      expect(res.statusCode, res.body).toBe(200)
    }
    const lista = (await scene.cliente.call('GET', '/api/lojas-encomenda')).json().data as {
      id_loja: number
      aviso: string
    }[]
    const base = 'Esta loja não está a aceitar encomendas de momento.'
    expect(lista.find((l) => l.id_loja === LISBOA)?.aviso).toBe(`${base} Volta a aceitar às 12:00.`)
    expect(lista.find((l) => l.id_loja === ACORES)?.aviso).toBe(`${base} Volta a aceitar às 11:00.`)
  })

  it('reports count each store’s sales on its own day: the same instant is the 25th in Lisbon, the 24th in the Azores', async () => {
    // 24 October, 23:30 UTC: 00:30 of the 25th in Lisbon (summer), 23:30 of the 24th in the Azores.
    em('2026-10-24T23:30:00.000Z')
    await scene.t.database.db
      .updateTable('lojas')
      .set({ horario_encomendas: JSON.stringify(todosOsDias('00:00', '24:00')) })
      .execute()
    for (const [i, idLoja] of [LISBOA, ACORES].entries()) {
      const res = await scene.finalizar(pedidoDeTeste({ id_loja: idLoja }), `fuso-${i}`)
      expect(res.statusCode, res.body).toBe(201)
    }
    const ids: Record<number, number> = {}
    for (const pedido of await scene.pagamentos()) {
      expect((await scene.responder(pedido.id, 'aprovar')).statusCode).toBe(200)
    }
    // The customer reads each order, and the purchase it made, in its store's time (the board's and the receipt's).
    const dados = (await scene.cliente.call('POST', '/api/refresh-private-data', { value: true })).json().data
    for (const o of dados.ordering as { orderId: number; id_loja: number; fuso: string }[]) {
      ids[o.id_loja] = o.orderId
      expect(o.fuso).toBe(o.id_loja === ACORES ? 'Atlantic/Azores' : 'Europe/Lisbon')
    }
    for (const [idLoja, fuso] of [
      [LISBOA, 'Europe/Lisbon'],
      [ACORES, 'Atlantic/Azores'],
    ] as const) {
      const res = await scene.cliente.call('GET', `/api/encomendas/${ids[idLoja]}`)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().data.fuso).toBe(fuso)
    }
    const transacoes = dados.transacoes as { id_loja: number; data: string; hora: string }[]
    expect(transacoes.find((m) => m.id_loja === LISBOA)).toMatchObject({ data: '25/10/2026', hora: '00:30' })
    expect(transacoes.find((m) => m.id_loja === ACORES)).toMatchObject({ data: '24/10/2026', hora: '23:30' })
    const chamar = await admin()
    const relatorio = async (q: string) => {
      const res = await chamar('GET', `/relatorios?${q}`)
      expect(res.statusCode, res.body).toBe(200)
      return res.json().data
    }
    const dia = async (d: string) => {
      const r = await relatorio(`de=${d}&ate=${d}`)
      return Object.fromEntries(r.lojas.map((l: { id_loja: number; vendas: number }) => [l.id_loja, l.vendas]))
    }
    expect(await dia('2026-10-24')).toEqual({ [LISBOA]: 0, [ACORES]: TOTAL_DE_TESTE })
    expect(await dia('2026-10-25')).toEqual({ [LISBOA]: TOTAL_DE_TESTE, [ACORES]: 0 })
    // Both days: each sale once, each on its store's day.
    const ambos = await relatorio('de=2026-10-24&ate=2026-10-25')
    expect(ambos.totais.vendas).toBe(2 * TOTAL_DE_TESTE)
    expect(ambos.dias).toEqual([
      expect.objectContaining({ dia: '2026-10-24', vendas: TOTAL_DE_TESTE, encomendas_pagas: 1 }),
      expect.objectContaining({ dia: '2026-10-25', vendas: TOTAL_DE_TESTE, encomendas_pagas: 1 }),
    ])
    // Narrowed to the Azores store: its own day.
    const acores = await relatorio(`de=2026-10-24&ate=2026-10-24&loja=${ACORES}`)
    expect(acores.totais).toMatchObject({ encomendas_pagas: 1, vendas: TOTAL_DE_TESTE })
  })
})
