import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertLoja, insertRestaurante } from '../../testing/fixtures.ts'
import { createTestApp, type TestApp, testDialects } from '../../testing/harness.ts'
import { RESTAURANTES_CACHE_TAG } from './routes.ts'

describe.each(testDialects())('restaurant read models on %s', (dialect) => {
  let t: TestApp
  let lojaId: number

  beforeAll(async () => {
    t = await createTestApp(dialect)
    const { id } = await insertRestaurante(t.database.db, { tag: 'tasca', name: 'Tasca', title: 'A Tasca' })
    lojaId = (await insertLoja(t.database.db, { restaurante_id: id, tag: 'porto', id_loja: 900, name: 'Porto' })).id
  })
  afterAll(() => t.close())

  it('serves the list, the restaurant and its store as read until the tag is invalidated', async () => {
    const urls = ['/api/restaurantes', '/api/restaurantes/tasca', '/api/restaurantes/tasca/lojas/porto']
    const names = async () => {
      const [list, restaurante, loja] = await Promise.all(urls.map((url) => t.api('GET', url)))
      return [list?.json().data[0].name, restaurante?.json().data.name, loja?.json().data.restaurante.name]
    }
    const menus = async () => (await t.api('GET', urls[2] as string)).json().data.menus.length
    expect(await names()).toEqual(['Tasca', 'Tasca', 'Tasca'])
    expect(await menus()).toBe(0)

    await t.database.db.updateTable('restaurantes').set({ name: 'Tasca Nova' }).where('tag', '=', 'tasca').execute()
    await t.database.db
      .insertInto('loja_menus')
      .values({ loja_id: lojaId, titulo: 'Almoço', imagem_pequena: '/a.svg', imagem: '/b.svg', posicao: 1 })
      .execute()
    expect(await names()).toEqual(['Tasca', 'Tasca', 'Tasca'])
    expect(await menus()).toBe(0)

    t.app.readCache.invalidate(RESTAURANTES_CACHE_TAG)
    expect(await names()).toEqual(['Tasca Nova', 'Tasca Nova', 'Tasca Nova'])
    expect(await menus()).toBe(1)
  })

  it('keeps no 404: a store opened after a miss is served at once', async () => {
    expect((await t.api('GET', '/api/restaurantes/tasca/lojas/braga')).statusCode).toBe(404)
    const { id } = await t.database.db
      .selectFrom('restaurantes')
      .select('id')
      .where('tag', '=', 'tasca')
      .executeTakeFirstOrThrow()
    await insertLoja(t.database.db, { restaurante_id: id, tag: 'braga', id_loja: 901, name: 'Braga' })
    expect((await t.api('GET', '/api/restaurantes/tasca/lojas/braga')).statusCode).toBe(200)
  })
})
