import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { textosMensagens } from '../../../shared/admin-textos.ts'
import { POLITICA_PRIVACIDADE_TAG, TERMOS_TAG } from '../../../shared/constants.ts'
import { createTestApp, type TestApp, testDialects } from '../../testing/harness.ts'
import { ADMIN_COOKIE } from './routes.ts'
import { signedInAdmin } from './testing.ts'

/**
 * The FAQ and the legal contents in the back-office: admin and gestor (a store's staff are refused); each
 * change audited; the customer's reads (read cache and ETag) follow each change at once; rich text sanitised as the
 * app does, in what is kept and in the preview.
 */

const PERIGOSO =
  '<p onclick="roubar()">Olá <strong>mundo</strong></p><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a>'

describe.each(testDialects())('FAQ and legal contents in the back-office, on %s', (dialect) => {
  let t: TestApp
  let admin: string
  let gestor: string
  let loja: string

  beforeAll(async () => {
    t = await createTestApp(dialect)
    admin = await signedInAdmin(t, 'admin-textos@exemplo.pt')
    gestor = await signedInAdmin(t, 'gestor-textos@exemplo.pt', 'gestor')
    // A store's staff: the same sign-in, its role changed afterwards (the session reads the role on each request).
    loja = await signedInAdmin(t, 'loja-textos@exemplo.pt', 'gestor')
    await t.database.db
      .updateTable('admin_utilizadores')
      .set({ papel: 'loja', restaurantes: null, id_loja: 1 })
      .where('email', '=', 'loja-textos@exemplo.pt')
      .execute()
    const { id } = await t.database.db
      .insertInto('faq_categorias')
      .values({ tag: 'conta', title: 'Conta', posicao: 1 })
      .returning('id')
      .executeTakeFirstOrThrow()
    await t.database.db
      .insertInto('faq_perguntas')
      .values({ categoria_id: id, tag: 'aderir', title: 'Como adiro?', title_detail: 'Como adiro?', text: 'Assim.' })
      .execute()
    await t.database.db
      .insertInto('informacao_legal')
      .values([
        { tag: TERMOS_TAG, title: 'Termos', title_detail: 'Termos e Condições', text: '<p>Termos.</p>', posicao: 1 },
        {
          tag: POLITICA_PRIVACIDADE_TAG,
          title: 'Privacidade',
          title_detail: 'Política',
          text: '<p>P.</p>',
          posicao: 2,
        },
      ])
      .execute()
  })
  afterAll(() => t.close())

  const call = (cookie: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
    t.app.inject({
      method,
      url: `/admin/api${url}`,
      headers: { accept: 'application/json', cookie: `${ADMIN_COOKIE}=${cookie}` },
      ...(method === 'POST' ? { payload: (body ?? { value: true }) as InjectOptions['payload'] } : {}),
    })
  const ok = async (res: Awaited<ReturnType<typeof call>>) => {
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data
  }
  const auditoria = (acao: string) =>
    t.database.db.selectFrom('admin_auditoria').selectAll().where('acao', '=', acao).orderBy('id').execute()
  const faqPublica = async () =>
    (
      (await t.api('GET', '/api/perguntas-frequentes')).json().data as {
        tag: string
        perguntas: { tag: string; title: string; text: string }[]
      }[]
    ).map((c) => ({ tag: c.tag, perguntas: c.perguntas.map((p) => p.tag) }))

  it('a store’s staff is refused every FAQ and legal route (403); a gestor is let in', async () => {
    for (const [method, url] of [
      ['GET', '/faq/categorias'],
      ['GET', '/faq/perguntas'],
      ['GET', '/legais'],
      ['POST', '/faq/categorias'],
      ['POST', '/faq/perguntas/1'],
      ['POST', '/legais/1/despublicar'],
      ['POST', '/pre-visualizar'],
    ] as const) {
      expect((await call(loja, method, url, { value: true })).statusCode, `${method} ${url}`).toBe(403)
    }
    expect((await call(gestor, 'GET', '/faq/categorias')).statusCode).toBe(200)
  })

  it('a gestor creates a category and a question as drafts, publishes them, the customer sees them at once', async () => {
    const antes = await t.api('GET', '/api/perguntas-frequentes')
    const etag = antes.headers.etag
    expect(await faqPublica()).toEqual([{ tag: 'conta', perguntas: ['aderir'] }])

    const categoria = await ok(
      await call(gestor, 'POST', '/faq/categorias', { title: 'Encomendas', tag: 'encomendas', posicao: 0 }),
    )
    expect(categoria).toMatchObject({ tag: 'encomendas', publicada: false })
    const pergunta = await ok(
      await call(gestor, 'POST', '/faq/perguntas', {
        categoria_id: categoria.id,
        title: 'Posso cancelar?',
        title_detail: '',
        text: PERIGOSO,
        tag: 'cancelar',
        posicao: 0,
      }),
    )
    expect(pergunta).toMatchObject({ title_detail: 'Posso cancelar?', publicada: false })
    expect(pergunta.text).toBe('<p>Olá <strong>mundo</strong></p><a>x</a>')
    // Drafts: the customer's list did not move.
    expect(await faqPublica()).toEqual([{ tag: 'conta', perguntas: ['aderir'] }])

    await ok(await call(gestor, 'POST', `/faq/categorias/${categoria.id}/publicar`))
    await ok(await call(gestor, 'POST', `/faq/perguntas/${pergunta.id}/publicar`))
    const depois = await t.api('GET', '/api/perguntas-frequentes')
    expect(depois.headers.etag).not.toBe(etag)
    expect(await faqPublica()).toEqual([
      { tag: 'encomendas', perguntas: ['cancelar'] },
      { tag: 'conta', perguntas: ['aderir'] },
    ])
    const publica = (await t.api('GET', '/api/perguntas-frequentes/encomendas')).json().data
    expect(publica.perguntas[0].text).not.toMatch(/script|onclick|onerror|javascript/)

    const [criar] = await auditoria('faq_pergunta.criar')
    expect(criar).toMatchObject({ email: 'gestor-textos@exemplo.pt', entidade: 'faq_pergunta', antes: null })
    expect(JSON.parse(String(criar?.depois)).tag).toBe('cancelar')
    expect(await auditoria('faq_categoria.criar')).toHaveLength(1)
    expect(await auditoria('faq_categoria.publicar')).toHaveLength(1)
    expect(await auditoria('faq_pergunta.publicar')).toHaveLength(1)
  })

  it('edits, reorders, unpublishes and deletes; a category with questions is not deleted', async () => {
    const categorias = (await ok(await call(admin, 'GET', '/faq/categorias'))) as { id: number; tag: string }[]
    const conta = categorias.find((c) => c.tag === 'conta')
    const encomendas = categorias.find((c) => c.tag === 'encomendas')
    await ok(
      await call(admin, 'POST', `/faq/categorias/${encomendas?.id}`, { title: 'Pedidos', tag: 'pedidos', posicao: 9 }),
    )
    expect((await faqPublica()).map((c) => c.tag)).toEqual(['conta', 'pedidos'])
    const [editar] = await auditoria('faq_categoria.editar')
    expect(JSON.parse(String(editar?.antes)).title).toBe('Encomendas')
    expect(JSON.parse(String(editar?.depois)).title).toBe('Pedidos')

    const cheia = await call(admin, 'POST', `/faq/categorias/${conta?.id}/apagar`)
    expect(cheia.statusCode).toBe(409)
    expect(cheia.json().error.message).toBe(textosMensagens.categoriaComPerguntas)

    const perguntas = (await ok(await call(admin, 'GET', '/faq/perguntas'))) as { id: number; tag: string }[]
    const aderir = perguntas.find((p) => p.tag === 'aderir')
    await ok(await call(admin, 'POST', `/faq/perguntas/${aderir?.id}/despublicar`))
    expect(await faqPublica()).toEqual([
      { tag: 'conta', perguntas: [] },
      { tag: 'pedidos', perguntas: ['cancelar'] },
    ])
    await ok(await call(admin, 'POST', `/faq/perguntas/${aderir?.id}/apagar`))
    await ok(await call(admin, 'POST', `/faq/categorias/${conta?.id}/apagar`))
    expect((await faqPublica()).map((c) => c.tag)).toEqual(['pedidos'])
    const [apagar] = await auditoria('faq_categoria.apagar')
    expect(JSON.parse(String(apagar?.antes)).tag).toBe('conta')
    expect(apagar?.depois).toBeNull()
    expect(await auditoria('faq_pergunta.despublicar')).toHaveLength(1)
    expect(await auditoria('faq_pergunta.apagar')).toHaveLength(1)
  })

  it('validates in pt-PT: tags unique (per category for questions), the category must exist', async () => {
    const [categoria] = (await ok(await call(admin, 'GET', '/faq/categorias'))) as { id: number }[]
    const repetida = await call(admin, 'POST', '/faq/categorias', { title: 'X', tag: 'pedidos' })
    expect(repetida.statusCode).toBe(409)
    expect(repetida.json().error.fields).toEqual({ tag: textosMensagens.tagExistente })
    const base = { categoria_id: categoria?.id, title: 'P', text: 'T', tag: 'cancelar' }
    const mesmaTag = await call(admin, 'POST', '/faq/perguntas', base)
    expect(mesmaTag.json().error.fields).toEqual({ tag: textosMensagens.tagExistenteCategoria })
    const semCategoria = await call(admin, 'POST', '/faq/perguntas', { ...base, categoria_id: 999999, tag: 'nova' })
    expect(semCategoria.statusCode).toBe(400)
    expect(semCategoria.json().error.fields).toEqual({ categoria_id: textosMensagens.categoriaNaoExiste })
    const invalida = await call(admin, 'POST', '/faq/categorias', { title: '', tag: 'Com Espaços' })
    expect(invalida.statusCode).toBe(400)
    expect(invalida.json().error.fields.tag).toBe(textosMensagens.tag)
  })

  it('legal texts: edited with rich text sanitised, the customer reads it at once; terms stay published', async () => {
    const legais = (await ok(await call(gestor, 'GET', '/legais'))) as {
      id: number
      tag: string
      obrigatorio: boolean
    }[]
    const termos = legais.find((l) => l.tag === TERMOS_TAG)
    expect(termos?.obrigatorio).toBe(true)
    const etag = (await t.api('GET', `/api/informacao-legal/${TERMOS_TAG}`)).headers.etag

    const editado = await ok(
      await call(gestor, 'POST', `/legais/${termos?.id}`, {
        title: 'Termos',
        title_detail: 'Termos e Condições (revistos)',
        text: `<h2>1. Novo</h2>${PERIGOSO}`,
        tag: TERMOS_TAG,
        posicao: 1,
      }),
    )
    expect(editado.text).toBe('<h2>1. Novo</h2><p>Olá <strong>mundo</strong></p><a>x</a>')
    const publico = await t.api('GET', `/api/informacao-legal/${TERMOS_TAG}`)
    expect(publico.headers.etag).not.toBe(etag)
    expect(publico.json().data).toMatchObject({ titleDetail: 'Termos e Condições (revistos)', text: editado.text })
    const [editar] = await auditoria('conteudo_legal.editar')
    expect(JSON.parse(String(editar?.depois)).text).toBe(editado.text)

    // Accepted at sign-up: neither taken off, deleted, nor renamed.
    for (const acao of ['despublicar', 'apagar']) {
      const res = await call(admin, 'POST', `/legais/${termos?.id}/${acao}`)
      expect(res.statusCode).toBe(409)
      expect(res.json().error.message).toBe(textosMensagens.legalObrigatorio)
    }
    const renomeado = await call(admin, 'POST', `/legais/${termos?.id}`, {
      title: 'T',
      text: 'T',
      tag: 'outros-termos',
    })
    expect(renomeado.statusCode).toBe(409)
  })

  it('legal texts: another one is created as a draft, published, taken off and deleted, each audited', async () => {
    const criado = await ok(
      await call(admin, 'POST', '/legais', {
        title: 'Cookies',
        text: '<p>Usamos cookies.</p>',
        tag: 'cookies',
        posicao: 3,
      }),
    )
    expect(criado).toMatchObject({ publicada: false, obrigatorio: false, title_detail: 'Cookies' })
    const lista = async () =>
      ((await t.api('GET', '/api/informacao-legal')).json().data as { tag: string }[]).map((l) => l.tag)
    expect(await lista()).toEqual([TERMOS_TAG, POLITICA_PRIVACIDADE_TAG])
    await ok(await call(admin, 'POST', `/legais/${criado.id}/publicar`))
    expect(await lista()).toEqual([TERMOS_TAG, POLITICA_PRIVACIDADE_TAG, 'cookies'])
    await ok(await call(admin, 'POST', `/legais/${criado.id}/despublicar`))
    expect((await t.api('GET', '/api/informacao-legal/cookies')).statusCode).toBe(404)
    await ok(await call(admin, 'POST', `/legais/${criado.id}/apagar`))
    expect(((await ok(await call(admin, 'GET', '/legais'))) as unknown[]).length).toBe(2)
    for (const acao of ['criar', 'publicar', 'despublicar', 'apagar']) {
      expect(await auditoria(`conteudo_legal.${acao}`), acao).toHaveLength(1)
    }
  })

  it('the preview answers the text as the app keeps it: no script, no event handler, no javascript: link', async () => {
    const { html } = await ok(await call(gestor, 'POST', '/pre-visualizar', { text: PERIGOSO }))
    expect(html).toBe('<p>Olá <strong>mundo</strong></p><a>x</a>')
  })
})
