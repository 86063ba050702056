import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { manualClock } from '../../platform/clock.ts'
import { lojasChavesRepo } from '../../platform/store-keys.ts'
import { ementaDeTeste } from '../../testing/ementa.ts'
import { insertLoja, insertRestaurante } from '../../testing/fixtures.ts'
import { createTestApp, device, type TestApp, testDialects } from '../../testing/harness.ts'
import { todosOsDias } from './horario.ts'

/**
 * A store's page tells today's closure or pause of any store, not only of those listed for app orders: a walk-in-only
 * store closed today says so too.
 */
describe.each(testDialects())("a store's state today, for its page, on %s", (dialect) => {
  let t: TestApp
  let clock: ReturnType<typeof manualClock>

  beforeEach(async () => {
    // A Monday, 23:30 in Lisbon (winter: UTC): still the 23rd there, whatever the server's own zone.
    clock = manualClock('2026-11-23T23:30:00.000Z')
    t = await createTestApp(dialect, {}, { clock })
    const { id } = await insertRestaurante(t.database.db, { tag: 'nata-e-grao', name: 'Nata & Grão' })
    const horario = JSON.stringify(todosOsDias('00:00', '24:00'))
    await insertLoja(t.database.db, { tag: 'chiado', restaurante_id: id, id_loja: 862, horario_encomendas: horario })
    // No menu: it takes no app orders, customers walk in.
    await insertLoja(t.database.db, { tag: 'baixa', restaurante_id: id, id_loja: 848 })
    const { chave } = await lojasChavesRepo(t.database.db, clock).create(862, 'pos-862')
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/loja/v1/ementa',
      headers: { authorization: `Bearer ${chave}` },
      payload: ementaDeTeste() as object,
    })
    expect(res.statusCode, res.body).toBe(200)
  })
  afterEach(() => t.close())

  const estado = async (idLoja: number) => {
    const res = await device(t).call('GET', `/api/lojas/${idLoja}/estado`)
    expect(res.statusCode, res.body).toBe(200)
    // It changes with the clock: no browser or proxy may answer it from what it kept.
    expect(res.headers['cache-control']).toBe('no-cache')
    return res.json().data
  }
  const fechar = (id_loja: number, de: string, ate: string, motivo: string | null) =>
    t.database.db
      .insertInto('lojas_encerramentos')
      .values({ id_loja, de, ate, motivo, criado_em: '2026-11-20T10:00:00.000Z' })
      .execute()
  const pausar = (id_loja: number) =>
    t.database.db
      .updateTable('lojas')
      .set({ encomendas_pausa_em: '2026-11-23T20:00:00.000Z', encomendas_pausa_ate: null })
      .where('id_loja', '=', id_loja)
      .execute()

  it('shows a store without app orders closed today, in the catalogue’s words', async () => {
    expect(await estado(848)).toEqual({ id_loja: 848, encerrada: false, em_pausa: false, aviso: null })
    await fechar(848, '2026-11-23', '2026-11-23', 'Feriado')
    expect(await estado(848)).toEqual({
      id_loja: 848,
      encerrada: true,
      em_pausa: false,
      aviso: 'Esta loja está encerrada hoje (Feriado). Não aceita encomendas.',
    })
  })

  it('shows a closure of today, not one of tomorrow, nor one that ended yesterday', async () => {
    await fechar(862, '2026-11-24', '2026-11-25', null)
    await fechar(862, '2026-11-20', '2026-11-22', null)
    expect(await estado(862)).toEqual({ id_loja: 862, encerrada: false, em_pausa: false, aviso: null })
    await fechar(862, '2026-11-22', '2026-11-24', null)
    expect(await estado(862)).toMatchObject({
      encerrada: true,
      aviso: 'Esta loja está encerrada até 24/11. Não aceita encomendas.',
    })
    // Past midnight in Lisbon the 24th is today, and the closure that began on it holds alone the day after.
    clock.advance(60 * 60_000)
    expect(await estado(862)).toMatchObject({ encerrada: true })
    clock.advance(24 * 60 * 60_000)
    expect((await estado(862)).aviso).toBe('Esta loja está encerrada hoje. Não aceita encomendas.')
    clock.advance(24 * 60 * 60_000)
    expect(await estado(862)).toMatchObject({ encerrada: false, aviso: null })
  })

  it('shows the pause of a store taking app orders; a store without them has no orders to pause', async () => {
    await pausar(862)
    await pausar(848)
    expect(await estado(862)).toEqual({
      id_loja: 862,
      encerrada: false,
      em_pausa: true,
      aviso: 'Esta loja não está a aceitar encomendas de momento.',
    })
    expect(await estado(848)).toEqual({ id_loja: 848, encerrada: false, em_pausa: false, aviso: null })
  })

  it('answers 404 for a store that does not exist', async () => {
    expect((await device(t).call('GET', '/api/lojas/4242/estado')).statusCode).toBe(404)
  })
})
