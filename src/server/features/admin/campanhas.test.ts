import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { campanhasMensagens } from '../../../shared/campanhas-gestao.ts'
import { insertCampanha } from '../../testing/fixtures.ts'
import { createTestApp, type TestApp, testDialects } from '../../testing/harness.ts'
import { chamadas, pngDe, staffCom } from './testing.ts'

/**
 * Campaigns in the back-office: admin and gestor create, edit, publish, take off, order and delete them,
 * each change audited; the customer's next read of /api/campanhas shows it (its ETag moves).
 */

const NOVA = {
  title: 'Semana do bacalhau',
  subtitle: 'Todas as lojas',
  text: 'Pratos de <em>bacalhau</em> a preço especial.',
  destaque: false,
  tag: 'semana-bacalhau',
  posicao: 3,
  termina_em: null,
}

describe.each(testDialects())('campaigns in the back-office, on %s', (dialect) => {
  let t: TestApp
  let admin: string
  let gestor: string
  let c: ReturnType<typeof chamadas>

  beforeAll(async () => {
    t = await createTestApp(dialect)
    c = chamadas(t)
    await insertCampanha(t.database.db, { tag: 'antiga', title: 'Antiga', posicao: 5 })
    admin = await staffCom(t, 'admin-campanhas@exemplo.pt', 'admin')
    gestor = await staffCom(t, 'gestor-campanhas@exemplo.pt', 'gestor', { restaurantes: [1] })
  })
  afterAll(() => t.close())

  const publicas = async () => {
    const res = await c.ler('/api/campanhas')
    return { tags: (res.json().data as { tag: string }[]).map((n) => n.tag), etag: String(res.headers.etag) }
  }

  it('a gestor creates a draft with an image, publishes it; the customer sees it at once, all audited', async () => {
    const { tags, etag } = await publicas()
    expect(tags).toEqual(['antiga'])
    const imagem = await c.carregar(gestor, await pngDe(640, 360, '#1d4e89'))
    const criada = await c.call(gestor, 'POST', '/campanhas', { ...NOVA, imagem })
    expect(criada.statusCode, criada.body).toBe(200)
    const item = criada.json().data
    expect(item).toMatchObject({ tag: NOVA.tag, publicada: false, imagem, termina_em: null, terminada: false })
    // A draft: the customer's list is as it was (304 to its ETag), its page a 404.
    expect((await c.ler('/api/campanhas', etag)).statusCode).toBe(304)
    expect((await c.ler(`/api/campanhas/${NOVA.tag}`)).statusCode).toBe(404)

    expect((await c.call(gestor, 'POST', `/campanhas/${item.id}/publicar`)).json().data.publicada).toBe(true)
    const depois = await c.ler('/api/campanhas', etag)
    expect(depois.statusCode).toBe(200)
    expect(depois.headers.etag).not.toBe(etag)
    expect((depois.json().data as { tag: string }[]).map((n) => n.tag)).toEqual([NOVA.tag, 'antiga'])
    const pagina = (await c.ler(`/api/campanhas/${NOVA.tag}`)).json().data
    expect(pagina.image).toEqual({ list: imagem, detail: imagem })

    const [criar] = await c.auditoria('campanha.criar')
    expect(criar).toMatchObject({ email: 'gestor-campanhas@exemplo.pt', entidade: 'campanha', antes: null })
    expect(JSON.parse(String(criar?.depois))).toMatchObject({ tag: NOVA.tag, imagem })
    const [publicar] = await c.auditoria('campanha.publicar')
    expect(JSON.parse(String(publicar?.antes)).publicada).toBe(false)
  })

  it('edits (order, end), takes off and deletes; the customer follows each change, each audited', async () => {
    const lista = (await c.call(admin, 'GET', '/campanhas')).json().data as { id: number; tag: string }[]
    const id = lista.find((n) => n.tag === NOVA.tag)?.id
    const fim = new Date(Date.now() + 7 * 86_400_000).toISOString()
    const editada = await c.call(admin, 'POST', `/campanhas/${id}`, { ...NOVA, posicao: 9, termina_em: fim })
    expect(editada.statusCode, editada.body).toBe(200)
    expect(editada.json().data).toMatchObject({ posicao: 9, termina_em: fim, publicada: true })
    expect((await publicas()).tags).toEqual(['antiga', NOVA.tag])
    const [editar] = await c.auditoria('campanha.editar')
    expect(JSON.parse(String(editar?.antes)).posicao).toBe(3)
    expect(JSON.parse(String(editar?.depois)).posicao).toBe(9)

    expect((await c.call(admin, 'POST', `/campanhas/${id}/despublicar`)).json().data.publicada).toBe(false)
    expect((await publicas()).tags).toEqual(['antiga'])
    expect((await c.ler(`/api/campanhas/${NOVA.tag}`)).statusCode).toBe(404)
    expect(await c.auditoria('campanha.despublicar')).toHaveLength(1)

    expect((await c.call(gestor, 'POST', `/campanhas/${id}/apagar`)).statusCode).toBe(200)
    expect(((await c.call(admin, 'GET', '/campanhas')).json().data as unknown[]).length).toBe(1)
    const [apagar] = await c.auditoria('campanha.apagar')
    expect(JSON.parse(String(apagar?.antes)).tag).toBe(NOVA.tag)
    expect(apagar?.depois).toBeNull()
    expect((await c.call(gestor, 'POST', `/campanhas/${id}/apagar`)).statusCode).toBe(404)
  })

  it('validates in pt-PT: an end in the past, a tag in use; a store account is refused (403)', async () => {
    const passado = await c.call(admin, 'POST', '/campanhas', {
      ...NOVA,
      tag: 'passada',
      termina_em: '2020-01-01T00:00:00.000Z',
    })
    expect(passado.statusCode).toBe(400)
    expect(passado.json().error.fields).toEqual({ termina_em: campanhasMensagens.fimNoPassado })
    const repetida = await c.call(admin, 'POST', '/campanhas', { ...NOVA, tag: 'antiga' })
    expect(repetida.statusCode).toBe(409)
    expect(repetida.json().error.fields).toEqual({ tag: campanhasMensagens.tagExistente })

    const loja = await staffCom(t, 'loja-campanhas@exemplo.pt', 'loja', { idLoja: 1 })
    expect((await c.call(loja, 'GET', '/campanhas')).statusCode).toBe(403)
    expect((await c.call(loja, 'POST', '/campanhas', { ...NOVA, tag: 'da-loja' })).statusCode).toBe(403)
    expect(await c.auditoria('campanha.criar')).toHaveLength(1)
  })
})
