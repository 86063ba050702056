import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
