import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { novidadesMensagens } from '../../../shared/novidades-gestao.ts'
import { mensagens } from '../../../shared/validacao.ts'
import { insertNovidade } from '../../testing/fixtures.ts'
import { createTestApp, type TestApp, testDialects } from '../../testing/harness.ts'
import { ADMIN_COOKIE } from './routes.ts'
import { signedInAdmin } from './testing.ts'

/** News items in the back-office: admin and gestor; the customer's reads follow each change at once. */

const NOVA = {
  title: 'Nova loja no Porto',
  subtitle: 'Abre sábado',
  text: 'Venha visitar-nos.\n<strong>Oferta</strong> no primeiro dia.<script>alert(1)</script>',
  destaque: true,
  tag: 'nova-loja-porto',
  posicao: 1,
}

describe.each(testDialects())('news items in the back-office, on %s', (dialect) => {
  let t: TestApp
  let admin: string
  let gestor: string

  beforeAll(async () => {
    t = await createTestApp(dialect)
    await insertNovidade(t.database.db, { tag: 'antiga', title: 'Antiga', posicao: 5 })
    admin = await signedInAdmin(t, 'admin-novidades@exemplo.pt')
    gestor = await signedInAdmin(t, 'gestor-novidades@exemplo.pt', 'gestor')
  })
  afterAll(() => t.close())

  const call = (cookie: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
    t.app.inject({
      method,
      url: `/admin/api${url}`,
      headers: { accept: 'application/json', cookie: `${ADMIN_COOKIE}=${cookie}` },
      ...(method === 'POST' ? { payload: (body ?? { value: true }) as InjectOptions['payload'] } : {}),
    })
  const publicas = async () =>
    ((await t.api('GET', '/api/novidades')).json().data as { tag: string }[]).map((n) => n.tag)
  const auditoria = (acao: string) =>
    t.database.db.selectFrom('admin_auditoria').selectAll().where('acao', '=', acao).orderBy('id').execute()

  it('creates a draft the customer does not see, publishes it and the customer sees it at once, audited', async () => {
    expect(await publicas()).toEqual(['antiga'])
    const criada = await call(admin, 'POST', '/novidades', NOVA)
    expect(criada.statusCode, criada.body).toBe(200)
    const item = criada.json().data
    expect(item).toMatchObject({ tag: 'nova-loja-porto', publicada: false, destaque: true, posicao: 1 })
    expect(item.text).toContain('<strong>Oferta</strong>')
    expect(item.text).not.toContain('script')
    // A draft: not in the list nor at its own address, though the list was read (and cached) before.
    expect(await publicas()).toEqual(['antiga'])
    expect((await t.api('GET', '/api/novidades/nova-loja-porto')).statusCode).toBe(404)

    const publicada = await call(admin, 'POST', `/novidades/${item.id}/publicar`)
    expect(publicada.json().data.publicada).toBe(true)
    expect(await publicas()).toEqual(['nova-loja-porto', 'antiga'])
    expect((await t.api('GET', '/api/novidades/nova-loja-porto')).json().data.title).toBe('Nova loja no Porto')

    const [criar] = await auditoria('novidade.criar')
    expect(criar).toMatchObject({ email: 'admin-novidades@exemplo.pt', entidade: 'novidade', antes: null })
    expect(JSON.parse(String(criar?.depois)).tag).toBe('nova-loja-porto')
    const [publicar] = await auditoria('novidade.publicar')
    expect(JSON.parse(String(publicar?.antes)).publicada).toBe(false)
    expect(JSON.parse(String(publicar?.depois)).publicada).toBe(true)
  })

  it('a gestor edits, reorders and unpublishes; the customer follows each change', async () => {
    const lista = (await call(gestor, 'GET', '/novidades')).json().data as { id: number; tag: string }[]
    expect(lista.map((n) => n.tag)).toEqual(['nova-loja-porto', 'antiga'])
    const id = lista.find((n) => n.tag === 'nova-loja-porto')?.id
    const editada = await call(gestor, 'POST', `/novidades/${id}`, { ...NOVA, title: 'Nova loja, revista', posicao: 9 })
    expect(editada.statusCode, editada.body).toBe(200)
    expect(editada.json().data).toMatchObject({ title: 'Nova loja, revista', posicao: 9, publicada: true })
    expect(await publicas()).toEqual(['antiga', 'nova-loja-porto'])
    expect((await t.api('GET', '/api/novidades/nova-loja-porto')).json().data.title).toBe('Nova loja, revista')

    const [editar] = await auditoria('novidade.editar')
    expect(editar?.email).toBe('gestor-novidades@exemplo.pt')
    expect(JSON.parse(String(editar?.antes)).title).toBe('Nova loja no Porto')
    expect(JSON.parse(String(editar?.depois)).title).toBe('Nova loja, revista')

    expect((await call(gestor, 'POST', `/novidades/${id}/despublicar`)).json().data.publicada).toBe(false)
    expect(await publicas()).toEqual(['antiga'])
    expect((await t.api('GET', '/api/novidades/nova-loja-porto')).statusCode).toBe(404)
    expect(await auditoria('novidade.despublicar')).toHaveLength(1)
  })

  it('validates in pt-PT: title required, tag a slug and unique', async () => {
    const vazio = await call(admin, 'POST', '/novidades', { ...NOVA, title: ' ', tag: 'Com Espaços' })
    expect(vazio.statusCode).toBe(400)
    const erro = vazio.json().error
    expect(erro.fields).toMatchObject({ title: mensagens.obrigatorio, tag: novidadesMensagens.tag })

    const repetida = await call(admin, 'POST', '/novidades', { ...NOVA, tag: 'antiga' })
    expect(repetida.statusCode).toBe(409)
    expect(repetida.json().error.fields).toEqual({ tag: novidadesMensagens.tagExistente })

    const antiga = ((await call(admin, 'GET', '/novidades')).json().data as { id: number; tag: string }[]).find(
      (n) => n.tag === 'antiga',
    )
    const outraComTag = await call(admin, 'POST', `/novidades/${antiga?.id}`, { ...NOVA, tag: 'nova-loja-porto' })
    expect(outraComTag.statusCode).toBe(409)
    expect((await call(admin, 'POST', '/novidades/999999', NOVA)).statusCode).toBe(404)
    expect((await call(admin, 'POST', '/novidades', { ...NOVA, tag: 'outra', extra: 1 })).statusCode).toBe(400)
  })

  it('deletes an item: gone for staff and customers, the audit keeps what it was', async () => {
    const antiga = ((await call(admin, 'GET', '/novidades')).json().data as { id: number; tag: string }[]).find(
      (n) => n.tag === 'antiga',
    )
    expect(await publicas()).toEqual(['antiga'])
    const res = await call(gestor, 'POST', `/novidades/${antiga?.id}/apagar`)
    expect(res.statusCode, res.body).toBe(200)
    expect(await publicas()).toEqual([])
    expect(((await call(admin, 'GET', '/novidades')).json().data as { tag: string }[]).map((n) => n.tag)).toEqual([
      'nova-loja-porto',
    ])
    const [apagar] = await auditoria('novidade.apagar')
    expect(JSON.parse(String(apagar?.antes)).tag).toBe('antiga')
    expect(apagar?.depois).toBeNull()
    expect((await call(gestor, 'POST', `/novidades/${antiga?.id}/apagar`)).statusCode).toBe(404)
  })

  it('needs a staff session: none is a 401', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/admin/api/novidades',
      headers: { accept: 'application/json' },
    })
    expect(res.statusCode).toBe(401)
  })
})
