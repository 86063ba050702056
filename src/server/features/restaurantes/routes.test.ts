import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertLoja, insertRestaurante } from '../../testing/fixtures.ts'
import { createTestApp, type TestApp, testDialects } from '../../testing/harness.ts'

describe.each(testDialects())('restaurant endpoints on %s', (dialect) => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp(dialect)
    const { db } = t.database
    const pastelaria = await insertRestaurante(db, {
      tag: 'pastelaria',
      title: 'A Pastelaria',
      image_main: '/imagens/p.svg',
      image_logo: '/imagens/p-logo.svg',
      color: '#aa3300',
      posicao: 1,
    })
    const unica = await insertRestaurante(db, { tag: 'tasca', title: 'A Tasca', posicao: 2 })
    await insertRestaurante(db, { tag: 'sem-lojas', title: 'Sem lojas', posicao: 3 })
    const chiado = await insertLoja(db, {
      restaurante_id: pastelaria.id,
      tag: 'chiado',
      id_loja: 862,
      name: 'Chiado',
      name_detail: 'Pastelaria do Chiado',
      opening_hours: 'Segunda a Domingo: 10h00 – 21h30\nFeriados: 10h00 – 19h00\n',
      phone: '+351 213 000 000',
      facebook_link: 'https://www.facebook.com/exemplo',
      facebook_tag: '@exemplo',
      site_link: 'https://reservas.exemplo.pt',
      book: 1,
      map_link: 'https://www.openstreetmap.org/export/embed.html?bbox=1',
      latitude: 38.7107,
      longitude: -9.1424,
      text: 'Boa <strong>pastelaria</strong><script>x()</script>',
      posicao: 1,
    })
    await insertLoja(db, { restaurante_id: pastelaria.id, tag: 'baixa', id_loja: 848, posicao: 2 })
    await insertLoja(db, { restaurante_id: unica.id, tag: 'porto', id_loja: 900, city: 'Porto' })
    await db
      .insertInto('loja_menus')
      .values([
        {
          loja_id: chiado.id,
          titulo: 'Pequeno-almoço',
          imagem_pequena: '/imagens/m1p.svg',
          imagem: '/imagens/m1.svg',
          posicao: 1,
        },
        {
          loja_id: chiado.id,
          titulo: 'Almoço',
          imagem_pequena: '/imagens/m2p.svg',
          imagem: '/imagens/m2.svg',
          posicao: 2,
        },
      ])
      .execute()
  })
  afterAll(() => t.close())

  it('lists restaurants with their stores, so the list can link a single store directly', async () => {
    const res = await t.api('GET', '/api/restaurantes')
    expect(res.statusCode).toBe(200)
    const { data } = res.json()
    expect(data.map((r: { tag: string }) => r.tag)).toEqual(['pastelaria', 'tasca', 'sem-lojas'])
    expect(data[0]).toEqual({
      id: expect.any(Number),
      tag: 'pastelaria',
      name: 'pastelaria',
      title: 'A Pastelaria',
      image: { main: '/imagens/p.svg', logo: '/imagens/p-logo.svg' },
      color: '#aa3300',
      lojas: [
        { tag: 'chiado', name: 'Chiado' },
        { tag: 'baixa', name: 'baixa' },
      ],
    })
    expect(data[1].lojas).toEqual([{ tag: 'porto', name: 'porto' }])
    expect(data[2].lojas).toEqual([])
  })

  it('serves a restaurant with its store list', async () => {
    const res = await t.api('GET', '/api/restaurantes/pastelaria')
    const { data } = res.json()
    expect(data.lojas).toHaveLength(2)
    expect(data.lojas[0]).toEqual({
      id: expect.any(Number),
      tag: 'chiado',
      id_loja: 862,
      name: 'Chiado',
      address: { address: 'Rua Augusta 1', postalCode: '1100-048', city: 'Lisboa' },
      image: { list: null },
    })
  })

  it('serves a store with every field of the spec', async () => {
    const res = await t.api('GET', '/api/restaurantes/pastelaria/lojas/chiado')
    expect(res.statusCode).toBe(200)
    const { data } = res.json()
    expect(data).toMatchObject({
      id_loja: 862,
      name: 'Chiado',
      nameDetail: 'Pastelaria do Chiado',
      opening_hours: ['Segunda a Domingo: 10h00 – 21h30', 'Feriados: 10h00 – 19h00'],
      facebook: { link: 'https://www.facebook.com/exemplo', tag: '@exemplo' },
      instagram: null,
      site: { link: 'https://reservas.exemplo.pt' },
      book: true,
      address: {
        phone: '+351 213 000 000',
        // Its call-cost note, from the number (DL 59/2021; shared/custo-chamada.ts).
        custoChamada: 'Chamada para a rede fixa nacional',
        location: {
          latitude: 38.7107,
          longitude: -9.1424,
          link: 'https://www.openstreetmap.org/export/embed.html?bbox=1',
        },
      },
      restaurante: { tag: 'pastelaria', name: 'pastelaria' },
    })
    expect(data.text).toBe('Boa <strong>pastelaria</strong>')
    expect(data.menus.map((m: { titulo: string }) => m.titulo)).toEqual(['Pequeno-almoço', 'Almoço'])
  })

  it('serves a store without optional fields', async () => {
    const { data } = (await t.api('GET', '/api/restaurantes/pastelaria/lojas/baixa')).json()
    expect(data).toMatchObject({ facebook: null, instagram: null, site: null, book: false, menus: [], text: null })
    expect(data.address.phone).toBeNull()
    expect(data.address.custoChamada).toBeNull()
  })

  it('404s an unknown restaurant, an unknown store, and a store asked under another restaurant', async () => {
    expect((await t.api('GET', '/api/restaurantes/nenhum')).statusCode).toBe(404)
    expect((await t.api('GET', '/api/restaurantes/pastelaria/lojas/nenhuma')).statusCode).toBe(404)
    expect((await t.api('GET', '/api/restaurantes/nenhum/lojas/chiado')).statusCode).toBe(404)
    expect((await t.api('GET', '/api/restaurantes/tasca/lojas/chiado')).statusCode).toBe(404)
  })
})

describe.each(testDialects())('restaurant endpoints on an empty %s database', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(dialect)
  })
  afterAll(() => t.close())

  it('answers an empty list', async () => {
    expect((await t.api('GET', '/api/restaurantes')).json()).toEqual({ data: [] })
  })
})
