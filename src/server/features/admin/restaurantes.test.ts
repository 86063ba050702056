import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { restaurantesMensagens } from '../../../shared/admin-restaurantes.ts'
import { mensagens } from '../../../shared/validacao.ts'
import { insertLoja, insertRestaurante } from '../../testing/fixtures.ts'
import { createTestApp, type TestApp, testDialects } from '../../testing/harness.ts'
import { chamadas, pngDe, staffCom } from './testing.ts'

/**
 * Restaurants and stores' content in the back-office: an admin edits every one, a gestor their restaurants'
 * (403 for another's, a store account 403 for all), each change audited; the customer's next read shows it.
 */

const HORARIO = [
  [['12:00', '15:00']],
  [['12:00', '15:00']],
  [],
  [['12:00', '15:00']],
  [['12:00', '15:00']],
  [
    ['12:00', '15:00'],
    ['19:00', '24:00'],
  ],
  [],
]

describe.each(testDialects())('restaurants and stores in the back-office, on %s', (dialect) => {
  let t: TestApp
  let c: ReturnType<typeof chamadas>
  let admin: string
  let gestor: string
  let loja: string
  let ids: { a: number; b: number; lojaA: number; lojaB: number }

  beforeAll(async () => {
    t = await createTestApp(dialect)
    c = chamadas(t)
    const db = t.database.db
    const a = (await insertRestaurante(db, { tag: 'rest-a', name: 'Restaurante A' })).id
    const b = (await insertRestaurante(db, { tag: 'rest-b', name: 'Restaurante B' })).id
    const lojaA = (await insertLoja(db, { tag: 'loja-a', restaurante_id: a, id_loja: 9101 })).id
    const lojaB = (await insertLoja(db, { tag: 'loja-b', restaurante_id: b, id_loja: 9102 })).id
    ids = { a, b, lojaA, lojaB }
    admin = await staffCom(t, 'admin-restaurantes@exemplo.pt', 'admin')
    gestor = await staffCom(t, 'gestor-restaurantes@exemplo.pt', 'gestor', { restaurantes: [a] })
    loja = await staffCom(t, 'loja-restaurantes@exemplo.pt', 'loja', { idLoja: 9101 })
  })
  afterAll(() => t.close())

  const dadosLoja = (extra: Record<string, unknown> = {}) => ({
    name: 'Loja A',
    name_detail: 'Loja A, na Baixa',
    text: 'Junto ao <strong>rio</strong>.<script>x</script>',
    directions: null,
    address: 'Rua Nova 10',
    postal_code: '4000-123',
    city: 'Porto',
    phone: '+351 222 000 111',
    latitude: 41.1496,
    longitude: -8.6109,
    map_link: 'https://maps.exemplo.pt/loja-a',
    facebook_link: null,
    instagram_link: 'https://instagram.com/loja.a',
    site_link: null,
    book: true,
    opening_hours: ['Segunda a sexta: 12h–15h', 'Sábado: 12h–24h'],
    horario_encomendas: HORARIO,
    image_list: null,
    image_main: null,
    menus: [],
    ...extra,
  })

  it('a gestor edits their store (address, coordinates, hours, links, menu image); the customer sees it at once', async () => {
    const lista = (await c.call(gestor, 'GET', '/restaurantes')).json().data as { tag: string; lojas: unknown[] }[]
    expect(lista.map((r) => r.tag)).toEqual(['rest-a'])
    // The form reads every field it sends back: ordering ahead's, the tables' and the printer's too.
    expect(lista[0]?.lojas[0]).toMatchObject({
      capacidade_intervalo: 10,
      mesas: 0,
      impressora_endereco: null,
      impressora_porta: null,
    })

    const antes = await c.ler('/api/restaurantes/rest-a/lojas/loja-a')
    const etag = String(antes.headers.etag)
    const ementa = await c.carregar(gestor, await pngDe(600, 800, '#eeddcc'))
    const res = await c.call(gestor, 'POST', `/lojas-conteudo/${ids.lojaA}`, {
      ...dadosLoja(),
      image_main: ementa,
      menus: [{ titulo: 'Ementa de almoço', imagem: ementa }],
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ address: 'Rua Nova 10', horario_encomendas: HORARIO, book: true })
    expect(res.json().data.text).toBe('Junto ao <strong>rio</strong>.')

    const depois = await c.ler('/api/restaurantes/rest-a/lojas/loja-a', etag)
    expect(depois.statusCode).toBe(200)
    expect(depois.headers.etag).not.toBe(etag)
    const vista = depois.json().data
    expect(vista.address).toMatchObject({
      address: 'Rua Nova 10',
      postalCode: '4000-123',
      city: 'Porto',
      phone: '+351 222 000 111',
      location: { latitude: 41.1496, longitude: -8.6109, link: 'https://maps.exemplo.pt/loja-a' },
    })
    expect(vista.opening_hours).toEqual(['Segunda a sexta: 12h–15h', 'Sábado: 12h–24h'])
    expect(vista.menus).toEqual([expect.objectContaining({ titulo: 'Ementa de almoço', imagem: ementa })])
    expect(vista.instagram).toMatchObject({ link: 'https://instagram.com/loja.a' })

    const [entrada] = await c.auditoria('loja.editar')
    expect(entrada).toMatchObject({ email: 'gestor-restaurantes@exemplo.pt', entidade: 'loja' })
    expect(JSON.parse(String(entrada?.antes)).address).toBe('Rua Augusta 1')
    expect(JSON.parse(String(entrada?.depois)).address).toBe('Rua Nova 10')
  })

  it('refuses a gestor outside their restaurants (403) and a store account (403); nothing changes', async () => {
    const outra = await c.call(gestor, 'POST', `/lojas-conteudo/${ids.lojaB}`, dadosLoja({ name: 'Tomada' }))
    expect(outra.statusCode).toBe(403)
    const restB = await c.call(gestor, 'POST', `/restaurantes/${ids.b}`, {
      name: 'Tomado',
      title: 'Tomado',
      text: null,
      color: null,
      image_main: null,
      image_logo: null,
    })
    expect(restB.statusCode).toBe(403)
    expect((await c.call(loja, 'GET', '/restaurantes')).statusCode).toBe(403)
    expect((await c.call(loja, 'POST', `/lojas-conteudo/${ids.lojaA}`, dadosLoja())).statusCode).toBe(403)
    expect((await c.ler('/api/restaurantes/rest-b/lojas/loja-b')).json().data.name).toBe('loja-b')
    expect(await c.auditoria('restaurante.editar')).toHaveLength(0)
    expect(await c.auditoria('loja.editar')).toHaveLength(1)
  })

  it('validates in pt-PT: coordinates in range, https links, the hours format, a postal code', async () => {
    const res = await c.call(admin, 'POST', `/lojas-conteudo/${ids.lojaB}`, {
      ...dadosLoja(),
      latitude: 91,
      longitude: -181,
      site_link: 'javascript:alert(1)',
      postal_code: '4000',
      horario_encomendas: [[['25:00', '26:00']], [], [], [], [], [], []],
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields).toMatchObject({
      latitude: restaurantesMensagens.latitude,
      longitude: restaurantesMensagens.longitude,
      site_link: restaurantesMensagens.ligacao,
      postal_code: mensagens.codigoPostalInvalido,
      'horario_encomendas.0.0.0': restaurantesMensagens.hora,
    })
    const semImagem = await c.call(admin, 'POST', `/lojas-conteudo/${ids.lojaB}`, {
      ...dadosLoja(),
      menus: [{ titulo: 'X', imagem: '/imagens/carregada.10x10.0123456789.png' }],
    })
    expect(semImagem.statusCode).toBe(400)
    expect((await c.call(admin, 'POST', '/lojas-conteudo/999999', dadosLoja())).statusCode).toBe(404)
  })

  it('an admin edits any restaurant (texts, colour, logo), audited; the customer sees it', async () => {
    const logo = await c.carregar(admin, await pngDe(200, 200, '#112233'))
    const res = await c.call(admin, 'POST', `/restaurantes/${ids.b}`, {
      name: 'Restaurante B',
      title: 'O B renovado',
      text: 'Cozinha <em>tradicional</em>.',
      color: '#6E2A17',
      image_main: null,
      image_logo: logo,
    })
    expect(res.statusCode, res.body).toBe(200)
    const vista = (await c.ler('/api/restaurantes/rest-b')).json().data
    expect(vista).toMatchObject({ title: 'O B renovado', color: '#6E2A17', image: { main: null, logo } })
    const [entrada] = await c.auditoria('restaurante.editar')
    expect(JSON.parse(String(entrada?.depois)).title).toBe('O B renovado')
    const cor = await c.call(admin, 'POST', `/restaurantes/${ids.b}`, {
      name: 'B',
      title: 'B',
      text: null,
      color: 'vermelho',
      image_main: null,
      image_logo: null,
    })
    expect(cor.json().error.fields).toEqual({ color: restaurantesMensagens.cor })
  })
})
