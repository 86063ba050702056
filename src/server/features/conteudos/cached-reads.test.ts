import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HOUR, manualClock } from '../../platform/clock.ts'
import { insertCampanha, insertNovidade } from '../../testing/fixtures.ts'
import { createTestApp, type TestApp, testDialects } from '../../testing/harness.ts'
import { CONTEUDOS_CACHE_TAGS } from './routes.ts'

const tagsIn = (res: { json(): { data: { tag: string }[] } }) => res.json().data.map((item) => item.tag)

describe.each(testDialects())('content read models on %s', (dialect) => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp(dialect)
    await insertNovidade(t.database.db, { tag: 'primeira', title: 'Primeira', posicao: 1 })
    await insertCampanha(t.database.db, { tag: 'verao', title: 'Verão', posicao: 1 })
  })
  afterAll(() => t.close())

  it('serves what it read until the content’s tag is invalidated, then the change', async () => {
    const before = await t.api('GET', '/api/novidades')
    expect(tagsIn(before)).toEqual(['primeira'])

    await insertNovidade(t.database.db, { tag: 'segunda', title: 'Segunda', posicao: 2 })
    await t.database.db
      .updateTable('novidades')
      .set({ title: 'Primeira, revista' })
      .where('tag', '=', 'primeira')
      .execute()
    // Written behind the cache's back: still the answer it read.
    expect(tagsIn(await t.api('GET', '/api/novidades'))).toEqual(['primeira'])
    expect((await t.api('GET', '/api/novidades/primeira')).json().data.title).toBe('Primeira, revista')

    t.app.readCache.invalidate(CONTEUDOS_CACHE_TAGS.novidades)
    const after = await t.api('GET', '/api/novidades')
    expect(tagsIn(after)).toEqual(['primeira', 'segunda'])
    expect(after.json().data[0].title).toBe('Primeira, revista')
    expect(after.headers.etag).not.toBe(before.headers.etag)

    // A client holding the old ETag gets the new content, not a 304.
    const revalidated = await t.app.inject({
      method: 'GET',
      url: '/api/novidades',
      headers: { 'x-api-version': '1.0', 'if-none-match': String(before.headers.etag) },
    })
    expect(revalidated.statusCode).toBe(200)
    expect(tagsIn(revalidated)).toEqual(['primeira', 'segunda'])
  })

  it('invalidates one kind of content without the others, and the whole feature at once', async () => {
    expect(tagsIn(await t.api('GET', '/api/campanhas'))).toEqual(['verao'])
    const novidadesBefore = tagsIn(await t.api('GET', '/api/novidades'))

    await insertCampanha(t.database.db, { tag: 'inverno', title: 'Inverno', posicao: 2 })
    await insertNovidade(t.database.db, { tag: 'terceira', title: 'Terceira', posicao: 3 })
    t.app.readCache.invalidate(CONTEUDOS_CACHE_TAGS.campanhas)
    expect(tagsIn(await t.api('GET', '/api/campanhas'))).toEqual(['verao', 'inverno'])
    expect(tagsIn(await t.api('GET', '/api/novidades'))).toEqual(novidadesBefore)

    t.app.readCache.invalidate(CONTEUDOS_CACHE_TAGS.all)
    expect(tagsIn(await t.api('GET', '/api/novidades'))).toEqual([...novidadesBefore, 'terceira'])
  })

  it('keeps no 404: an item published after a miss is served at once', async () => {
    expect((await t.api('GET', '/api/campanhas/outono')).statusCode).toBe(404)
    await insertCampanha(t.database.db, { tag: 'outono', title: 'Outono' })
    const res = await t.api('GET', '/api/campanhas/outono')
    expect(res.statusCode).toBe(200)
    expect(res.json().data.title).toBe('Outono')
  })

  it('keeps the FAQ and the legal pages until they are invalidated', async () => {
    const categoria = await t.database.db
      .insertInto('faq_categorias')
      .values({ tag: 'geral', title: 'Geral', posicao: 1 })
      .returning('id')
      .executeTakeFirstOrThrow()
    await t.database.db
      .insertInto('informacao_legal')
      .values({ tag: 'termos', title: 'Termos', title_detail: 'Termos', text: 'v1', posicao: 1 })
      .execute()
    expect((await t.api('GET', '/api/perguntas-frequentes/geral')).json().data.perguntas).toEqual([])
    expect((await t.api('GET', '/api/informacao-legal/termos')).json().data.text).toBe('v1')

    await t.database.db
      .insertInto('faq_perguntas')
      .values({ categoria_id: categoria.id, tag: 'q', title: 'Q?', title_detail: 'Q?', text: 'R.', posicao: 1 })
      .execute()
    await t.database.db.updateTable('informacao_legal').set({ text: 'v2' }).where('tag', '=', 'termos').execute()
    expect((await t.api('GET', '/api/perguntas-frequentes/geral')).json().data.perguntas).toEqual([])
    expect((await t.api('GET', '/api/informacao-legal/termos')).json().data.text).toBe('v1')

    t.app.readCache.invalidate(CONTEUDOS_CACHE_TAGS.perguntasFrequentes, CONTEUDOS_CACHE_TAGS.informacaoLegal)
    expect((await t.api('GET', '/api/perguntas-frequentes/geral')).json().data.perguntas).toHaveLength(1)
    expect((await t.api('GET', '/api/informacao-legal/termos')).json().data.text).toBe('v2')
  })
})

describe.each(testDialects())('a campaign that ends, on %s', (dialect) => {
  const clock = manualClock('2026-12-24T10:00:00.000Z')
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { clock })
    await insertCampanha(t.database.db, {
      tag: 'natal',
      title: 'Natal',
      posicao: 1,
      termina_em: '2026-12-25T00:00:00.000Z',
    })
    await insertCampanha(t.database.db, { tag: 'sempre', title: 'Sempre', posicao: 2 })
    await insertCampanha(t.database.db, {
      tag: 'acabou',
      title: 'Acabou',
      posicao: 3,
      termina_em: '2026-12-01T00:00:00.000Z',
    })
  })
  afterAll(() => t.close())

  it('leaves the list and its own page when its end comes, though the cache read both before, with no restart', async () => {
    expect(tagsIn(await t.api('GET', '/api/campanhas'))).toEqual(['natal', 'sempre'])
    expect((await t.api('GET', '/api/campanhas/natal')).statusCode).toBe(200)
    expect((await t.api('GET', '/api/campanhas/acabou')).statusCode).toBe(404)
    // Its own answers are served from memory until then…
    clock.advance(13 * HOUR)
    expect(tagsIn(await t.api('GET', '/api/campanhas'))).toEqual(['natal', 'sempre'])
    // …and no writer tells the cache that the time has come.
    clock.advance(HOUR)
    expect(tagsIn(await t.api('GET', '/api/campanhas'))).toEqual(['sempre'])
    const detalhe = await t.api('GET', '/api/campanhas/natal')
    expect(detalhe.statusCode).toBe(404)
    expect(detalhe.json().error.message).toBe('Esta campanha não existe.')
    expect((await t.api('GET', '/api/campanhas/sempre')).statusCode).toBe(200)
  })

  it('sends no end date out: the list and the page carry the fields they always did', async () => {
    const [sempre] = (await t.api('GET', '/api/campanhas')).json().data
    expect(Object.keys(sempre).sort()).toEqual(['destaque', 'id', 'image', 'subtitle', 'tag', 'title'])
    expect((await t.api('GET', '/api/campanhas/sempre')).json().data.terminaEm).toBeUndefined()
  })
})
