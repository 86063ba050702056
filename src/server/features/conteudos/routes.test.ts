import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertCampanha, insertNovidade } from '../../testing/fixtures.ts'
import { createTestApp, type TestApp, testDialects } from '../../testing/harness.ts'

describe.each(testDialects())('content endpoints on %s', (dialect) => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp(dialect)
    const { db } = t.database
    await insertNovidade(db, {
      tag: 'segunda',
      title: 'Segunda',
      subtitle: 'Sub',
      posicao: 2,
      image_list: '/imagens/a.svg',
      image_detail: '/imagens/b.svg',
    })
    await insertNovidade(db, {
      tag: 'primeira',
      title: 'Primeira',
      destaque: 1,
      posicao: 1,
      text: 'Linha 1\nLinha 2 <strong>forte</strong><script>alert(1)</script><img src=x onerror=alert(1)>',
    })
    await insertCampanha(db, { tag: 'dobro-pontos', title: 'Dobro de pontos', subtitle: 'Ao domingo' })
    const cat = await db
      .insertInto('faq_categorias')
      .values({ tag: 'fidelizacao', title: 'Fidelização', posicao: 1 })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db.insertInto('faq_categorias').values({ tag: 'vazia', title: 'Vazia', posicao: 2 }).execute()
    await db
      .insertInto('faq_perguntas')
      .values([
        {
          categoria_id: cat.id,
          tag: 'como-aderir',
          title: 'Como aderir?',
          title_detail: 'Como aderir ao programa?',
          text: 'Com o telemóvel.',
          posicao: 1,
        },
        {
          categoria_id: cat.id,
          tag: 'qr',
          title: 'O que é o QR?',
          title_detail: 'O código QR',
          text: 'Mostre-o na caixa.',
          posicao: 2,
        },
      ])
      .execute()
    await db
      .insertInto('informacao_legal')
      .values([
        { tag: 'termos-e-condicoes', title: 'Termos', title_detail: 'Termos e Condições', text: 'Termos…', posicao: 1 },
        {
          tag: 'politica-de-privacidade',
          title: 'Privacidade',
          title_detail: 'Política de privacidade',
          text: 'RGPD',
          posicao: 2,
        },
      ])
      .execute()
  })
  afterAll(() => t.close())

  it('lists news in position order with the list fields only', async () => {
    const res = await t.api('GET', '/api/novidades')
    expect(res.statusCode).toBe(200)
    const { data } = res.json()
    expect(data.map((n: { tag: string }) => n.tag)).toEqual(['primeira', 'segunda'])
    expect(data[0]).toEqual({
      id: expect.any(Number),
      tag: 'primeira',
      title: 'Primeira',
      subtitle: null,
      destaque: true,
      image: { list: null },
    })
    expect(data[1]).toMatchObject({ destaque: false, subtitle: 'Sub', image: { list: '/imagens/a.svg' } })
    expect(data[1].text).toBeUndefined()
  })

  it('serves a news item by tag with its text sanitised and its lines kept', async () => {
    const res = await t.api('GET', '/api/novidades/primeira')
    expect(res.statusCode).toBe(200)
    const { data } = res.json()
    expect(data.titleDetail).toBe('primeira (detalhe)')
    expect(data.text).toContain('Linha 1\nLinha 2 <strong>forte</strong>')
    expect(data.text).not.toMatch(/script|onerror|<img/)
  })

  it('answers 404 in the error envelope for an unknown news tag', async () => {
    const res = await t.api('GET', '/api/novidades/nao-existe')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ error: { title: 'Não encontrado', message: 'Esta novidade não existe.' } })
  })

  it('rejects a malformed tag before touching the database', async () => {
    const res = await t.api('GET', `/api/novidades/${encodeURIComponent("x' or 1=1 --")}`)
    expect(res.statusCode).toBe(400)
    expect(res.json().error.title).toBe('Erro')
  })

  it('lists and serves campaigns', async () => {
    const list = await t.api('GET', '/api/campanhas')
    expect(list.json().data).toHaveLength(1)
    const one = await t.api('GET', '/api/campanhas/dobro-pontos')
    expect(one.json().data).toMatchObject({ title: 'Dobro de pontos', subtitle: 'Ao domingo' })
    expect((await t.api('GET', '/api/campanhas/outra')).statusCode).toBe(404)
  })

  it('lists FAQ categories with their questions in order', async () => {
    const res = await t.api('GET', '/api/perguntas-frequentes')
    const { data } = res.json()
    expect(data.map((c: { tag: string }) => c.tag)).toEqual(['fidelizacao', 'vazia'])
    expect(data[0].perguntas.map((p: { tag: string }) => p.tag)).toEqual(['como-aderir', 'qr'])
    expect(data[0].perguntas[0]).toEqual({
      id: expect.any(Number),
      tag: 'como-aderir',
      title: 'Como aderir?',
      titleDetail: 'Como aderir ao programa?',
      text: 'Com o telemóvel.',
    })
    expect(data[1].perguntas).toEqual([])
  })

  it('serves one FAQ category and 404s an unknown one', async () => {
    const res = await t.api('GET', '/api/perguntas-frequentes/fidelizacao')
    expect(res.json().data.perguntas).toHaveLength(2)
    const missing = await t.api('GET', '/api/perguntas-frequentes/nenhuma')
    expect(missing.statusCode).toBe(404)
    expect(missing.json().error.message).toBe('Não existe categoria')
  })

  it('lists legal content and serves each page', async () => {
    const list = await t.api('GET', '/api/informacao-legal')
    expect(list.json().data.map((i: { tag: string }) => i.tag)).toEqual([
      'termos-e-condicoes',
      'politica-de-privacidade',
    ])
    const termos = await t.api('GET', '/api/informacao-legal/termos-e-condicoes')
    expect(termos.json().data).toMatchObject({ titleDetail: 'Termos e Condições', text: 'Termos…' })
    expect((await t.api('GET', '/api/informacao-legal/outro')).statusCode).toBe(404)
  })

  it('sends an ETag and answers 304 when it has not changed', async () => {
    const first = await t.api('GET', '/api/novidades')
    const etag = first.headers.etag
    expect(etag).toBeTruthy()
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/novidades',
      headers: { 'x-api-version': '1.0', 'if-none-match': String(etag) },
    })
    expect(again.statusCode).toBe(304)
  })
})

describe.each(testDialects())('content endpoints on an empty %s database', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(dialect)
  })
  afterAll(() => t.close())

  it('answers empty lists', async () => {
    for (const url of ['/api/novidades', '/api/campanhas', '/api/perguntas-frequentes', '/api/informacao-legal']) {
      const res = await t.api('GET', url)
      expect(res.statusCode, url).toBe(200)
      expect(res.json(), url).toEqual({ data: [] })
    }
  })
})
