import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { imagensMensagens } from '../../../shared/admin-imagens.ts'
import { insertNovidade } from '../../testing/fixtures.ts'
import { createTestApp, type TestApp, testDialects } from '../../testing/harness.ts'
import { chamadas, pngDe, staffCom } from './testing.ts'

/** A news item's image: uploaded, then attached; the customer's next read shows it (its ETag moves). */

const NOVA = { title: 'Menu de inverno', subtitle: null, text: 'Sopas e assados.', tag: 'menu-inverno', posicao: 0 }

describe.each(testDialects())('news items with an image, on %s', (dialect) => {
  let t: TestApp
  let gestor: string
  let c: ReturnType<typeof chamadas>

  beforeAll(async () => {
    t = await createTestApp(dialect)
    c = chamadas(t)
    await insertNovidade(t.database.db, {
      tag: 'semeada',
      title: 'Semeada',
      image_list: '/imagens/lista.png',
      image_detail: '/imagens/detalhe.png',
    })
    gestor = await staffCom(t, 'gestor-novidade-imagem@exemplo.pt', 'gestor')
  })
  afterAll(() => t.close())

  it('attaches an uploaded image: the list and the page show it, the ETag moves, the audit has it', async () => {
    const url = await c.carregar(gestor, await pngDe(800, 450))
    const antes = await c.ler('/api/novidades')
    const etag = String(antes.headers.etag)
    expect((await c.ler('/api/novidades', etag)).statusCode).toBe(304)

    const criada = await c.call(gestor, 'POST', '/novidades', { ...NOVA, imagem: url })
    expect(criada.statusCode, criada.body).toBe(200)
    const { id, imagem } = criada.json().data
    expect(imagem).toBe(url)
    await c.call(gestor, 'POST', `/novidades/${id}/publicar`)

    const depois = await c.ler('/api/novidades', etag)
    expect(depois.statusCode).toBe(200)
    expect(depois.headers.etag).not.toBe(etag)
    const item = (depois.json().data as { tag: string; image: { list: string } }[]).find((n) => n.tag === NOVA.tag)
    expect(item?.image.list).toBe(url)
    const pagina = (await c.ler(`/api/novidades/${NOVA.tag}`)).json().data
    expect(pagina.image).toEqual({ list: url, detail: url })
    const [entrada] = await c.auditoria('novidade.criar')
    expect(JSON.parse(String(entrada?.depois)).imagem).toBe(url)

    // Taken off: no image.
    const sem = await c.call(gestor, 'POST', `/novidades/${id}`, { ...NOVA, imagem: null })
    expect(sem.json().data.imagem).toBeNull()
    expect((await c.ler(`/api/novidades/${NOVA.tag}`)).json().data.image).toEqual({ list: null, detail: null })
  })

  it('keeps the two images of a seeded item when its other fields change', async () => {
    const lista = (await c.call(gestor, 'GET', '/novidades')).json().data as {
      id: number
      tag: string
      imagem: string
    }[]
    const semeada = lista.find((n) => n.tag === 'semeada')
    expect(semeada?.imagem).toBe('/imagens/detalhe.png')
    const res = await c.call(gestor, 'POST', `/novidades/${semeada?.id}`, {
      ...NOVA,
      tag: 'semeada',
      title: 'Semeada, revista',
      imagem: semeada?.imagem,
    })
    expect(res.statusCode, res.body).toBe(200)
    const pagina = (await c.ler('/api/novidades/semeada')).json().data
    expect(pagina.image).toEqual({ list: '/imagens/lista.png', detail: '/imagens/detalhe.png' })
  })

  it('refuses an image that was never uploaded, or any other URL', async () => {
    for (const imagem of ['/imagens/carregada.10x10.0123456789.png', 'https://outro.exemplo/x.png', '/imagens/../x']) {
      const res = await c.call(gestor, 'POST', '/novidades', { ...NOVA, tag: 'outra', imagem })
      expect(res.statusCode, imagem).toBe(400)
      expect(res.json().error.fields).toEqual({ imagem: imagensMensagens.naoExiste })
    }
  })

  it('previews a text through the sanitiser of the app, for admin and gestor only', async () => {
    const res = await c.call(gestor, 'POST', '/pre-visualizar', {
      text: '<strong>Sim</strong><script>alert(1)</script>',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.html).toBe('<strong>Sim</strong>')
    const loja = await staffCom(t, 'loja-pre@exemplo.pt', 'loja', { idLoja: 1 })
    expect((await c.call(loja, 'POST', '/pre-visualizar', { text: 'x' })).statusCode).toBe(403)
  })
})
