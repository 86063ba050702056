import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Ementa } from '../../../shared/ementa.ts'
import { manualClock } from '../../platform/clock.ts'
import { lojasChavesRepo } from '../../platform/store-keys.ts'
import { ementaDeTeste as ementa } from '../../testing/ementa.ts'
import { insertLoja, insertRestaurante } from '../../testing/fixtures.ts'
import { createTestApp, device, type TestApp, testDialects } from '../../testing/harness.ts'
import { MAX_PRODUTOS_EMENTA } from './ementa.ts'
import { todosOsDias } from './horario.ts'

describe.each(testDialects())('ordering: menu import and catalogue on %s', (dialect) => {
  let t: TestApp
  let clock: ReturnType<typeof manualClock>
  let key862: string
  let key848: string

  beforeEach(async () => {
    // A Monday, 12:00 in Lisbon (winter: UTC).
    clock = manualClock('2026-11-23T12:00:00.000Z')
    t = await createTestApp(dialect, {}, { clock })
    const { id } = await insertRestaurante(t.database.db, { tag: 'nata-e-grao', name: 'Nata & Grão' })
    await insertLoja(t.database.db, {
      tag: 'chiado',
      restaurante_id: id,
      id_loja: 862,
      name: 'Nata & Grão Chiado',
      latitude: 38.7107,
      longitude: -9.1425,
      horario_encomendas: JSON.stringify(todosOsDias('10:00', '21:30')),
    })
    await insertLoja(t.database.db, { tag: 'baixa', restaurante_id: id, id_loja: 848, name: 'Nata & Grão Baixa' })
    const keys = lojasChavesRepo(t.database.db, clock)
    key862 = (await keys.create(862, 'pos-862')).chave
    key848 = (await keys.create(848, 'pos-848')).chave
  })
  afterEach(() => t.close())

  const putEmenta = (body: unknown, key = key862) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/loja/v1/ementa',
      headers: { authorization: `Bearer ${key}` },
      payload: body as object,
    })
  const catalogo = (idLoja: number) => device(t).call('GET', `/api/catalogo/${idLoja}`)

  it('imports a snapshot for the key’s store and serves its catalogue: visible items only, prices in cents', async () => {
    const res = await putEmenta(ementa())
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toEqual({ hash: 'v1', last_update: '2026-11-20T08:00:00Z', alterada: true, produtos: 7 })

    const cat = await catalogo(862)
    expect(cat.statusCode, cat.body).toBe(200)
    const { categorias } = cat.json().data
    expect(categorias).toHaveLength(1)
    expect(categorias[0]).toMatchObject({ id: '10', nome: 'Cafés' })
    // In the POS's order (posicao), without the hidden product, family or section, nor the dish whose mandatory
    // extra only the counter may sell.
    expect(categorias[0].produtos.map((p: { nome: string }) => p.nome)).toEqual([
      'Pastel de nata',
      'Galão',
      'Menu pequeno-almoço',
    ])
    expect(categorias[0].produtos[1]).toEqual({
      id: '1002',
      nome: 'Galão',
      descricao: 'Café com leite, em copo alto',
      pvp_com_iva: 160,
      pvp_na_loja_com_iva: 160,
      imagem: '/imagens/produto-galao.800x600.0123456789.svg',
      complementares: [
        { id: 'C1', nome: 'Leite de aveia', pvp_com_iva: 40, obrigatorio: false },
        { id: 'C2', nome: 'Dose extra de café', pvp_com_iva: 40, obrigatorio: false },
      ],
      opcoes: [
        { id: 'A1', nome: 'Com açúcar', grupo: 'A', nome_grupo: 'Açúcar' },
        { id: 'A2', nome: 'Sem açúcar', grupo: 'A', nome_grupo: 'Açúcar' },
        { id: 'G1', nome: 'Claro', grupo: 'G', nome_grupo: 'Galão' },
        { id: 'G2', nome: 'Escuro', grupo: 'G', nome_grupo: 'Galão' },
      ],
      idCategoria: '10',
      min_complementos: 0,
      max_complementos: 2,
      maxopcoes: 1,
      esgotado: false,
      grupos_opcoes: [
        { id: 'A', nome: 'Açúcar', min: 0, max: 1 },
        { id: 'G', nome: 'Galão', min: 0, max: 1 },
      ],
      destaque: false,
      // The test menu says nothing of allergens: unknown, not "none".
      alergenios: null,
      pode_conter: [],
      calorias: null,
      sal: null,
      vegetariano: false,
      picante: false,
      dieta: false,
      pessoas: null,
      tempo: null,
      meia_dose: false,
      pvp_meia_com_iva: null,
      rotulo_dose: 'Dose',
      rotulo_meia: 'Meia dose',
      sugeridos: [],
      apenas_maiores: false,
      contribuicao_embalagem: 0,
    })
    expect(categorias[0].produtos[0]).toMatchObject({ pvp_com_iva: 130, imagem: null, descricao: null })
    // Another store's menu is its own: 848 has none yet.
    expect((await catalogo(848)).statusCode).toBe(404)
  })

  it('changes nothing for the same hash, and a new hash replaces the menu the app reads at once', async () => {
    await putEmenta(ementa('v1'))
    expect((await catalogo(862)).json().data.categorias[0].produtos[0].pvp_com_iva).toBe(130)
    const again = await putEmenta(ementa('v1', { precoNata: 9.99 }))
    expect(again.statusCode).toBe(200)
    expect(again.json().data.alterada).toBe(false)
    expect((await catalogo(862)).json().data.categorias[0].produtos[0].pvp_com_iva).toBe(130)
    const next = await putEmenta(ementa('v2', { precoNata: '1.35' }))
    expect(next.json().data.alterada).toBe(true)
    // The cached catalogue was forgotten with the new menu.
    expect((await catalogo(862)).json().data.categorias[0].produtos[0].pvp_com_iva).toBe(135)
  })

  it('refuses a bad snapshot whole, naming the path of its first bad field, and keeps the current menu', async () => {
    await putEmenta(ementa('v1'))
    const bad = ementa('v2', { precoNata: 1.305 })
    const res = await putEmenta(bad)
    expect(res.statusCode).toBe(422)
    expect(res.json().error.fields).toEqual({
      'seccoes.0.familias.0.produtos.1.precovenda': 'Preço com mais de duas casas decimais',
    })
    const iva = ementa('v3')
    const galao = iva.seccoes[0]?.familias[0]?.produtos[0]
    if (galao) galao.iva = 22
    expect((await putEmenta(iva)).json().error.fields).toEqual({
      'seccoes.0.familias.0.produtos.0.iva': 'Galão: IVA 22 % não é uma taxa de Portugal continental (6, 13 ou 23 %)',
    })
    const dup = ementa('v4')
    const nata = dup.seccoes[0]?.familias[0]?.produtos[1]
    if (nata) nata.cod_produto = 1002
    expect((await putEmenta(dup)).json().error.fields).toEqual({
      'seccoes.0.familias.0.produtos.1.cod_produto': 'Código de produto repetido: 1002',
    })
    // A missing price is not a free product.
    for (const preco of [null, '', ' ', false]) {
      const semPreco = ementa('v5', { precoNata: preco as null })
      const res = await putEmenta(semPreco)
      expect(res.statusCode, String(preco)).toBe(422)
      expect(Object.keys(res.json().error.fields)).toEqual(['seccoes.0.familias.0.produtos.1.precovenda'])
    }
    expect((await putEmenta({ hash: 'x' })).statusCode).toBe(422)
    expect((await putEmenta('not json at all')).statusCode).toBeGreaterThanOrEqual(400)
    // Still v1.
    expect((await catalogo(862)).json().data.categorias[0].produtos[0].pvp_com_iva).toBe(130)
  })

  it('refuses repeated family codes, image paths that leave this server, and an oversized menu', async () => {
    await putEmenta(ementa('v1'))
    const familias = ementa('v2')
    const [primeira, segunda] = familias.seccoes[0]?.familias ?? []
    if (primeira && segunda) segunda.codigo = primeira.codigo
    else throw new Error('the test menu has two families')
    expect((await putEmenta(familias)).json().error.fields).toEqual({
      'seccoes.0.familias.1.codigo': 'Código de família repetido: 10',
    })
    for (const base_url of ['https://tracker.example/', '//tracker.example/', 'javascript:alert(1)//', '/a/../api/']) {
      const res = await putEmenta({ ...ementa('v3'), base_url })
      expect(res.statusCode, base_url).toBe(422)
      expect(Object.keys(res.json().error.fields), base_url).toEqual(['base_url'])
    }
    for (const imagem of ['../segredo.svg', '/outra/raiz.svg', 'https://tracker.example/p.gif', 'a b.svg']) {
      const menu = ementa('v4')
      const galao = menu.seccoes[0]?.familias[0]?.produtos[0]
      if (galao) galao.imagem = imagem
      const res = await putEmenta(menu)
      expect(res.statusCode, imagem).toBe(422)
      expect(Object.keys(res.json().error.fields), imagem).toEqual(['seccoes.0.familias.0.produtos.0.imagem'])
    }
    const produto = ementa().seccoes[0]?.familias[0]?.produtos[0]
    const enorme = {
      ...ementa('v5'),
      seccoes: [
        {
          codigo: 1,
          descricao: 'Tudo',
          familias: Array.from({ length: 5 }, (_, f) => ({
            codigo: f,
            descricao: `Família ${f}`,
            produtos: Array.from({ length: 401 }, (_, p) => ({ ...produto, cod_produto: f * 1000 + p })),
          })),
        },
      ],
    }
    const res = await putEmenta(enorme)
    expect(res.statusCode).toBe(422)
    expect(res.json().error.fields).toEqual({
      // 5 × 401 products: the 2001st is the fifth family's 397th (4 × 401 + 396 = 2000).
      'seccoes.0.familias.4.produtos.396': `A ementa tem mais de ${MAX_PRODUTOS_EMENTA} produtos`,
    })
    expect((await catalogo(862)).json().data.categorias[0].produtos[0].pvp_com_iva).toBe(130)
  })

  it('takes concurrent imports whole: one change for one snapshot sent many times, and never a mix of two', async () => {
    const same = await Promise.all(Array.from({ length: 6 }, () => putEmenta(ementa('v1'))))
    expect(same.map((r) => r.statusCode)).toEqual(Array(6).fill(200))
    expect(same.filter((r) => r.json().data.alterada)).toHaveLength(1)
    const racing = await Promise.all(
      ['1.35', '1.40', '1.45', '1.50'].map((preco, i) => putEmenta(ementa(`v${i + 2}`, { precoNata: preco }))),
    )
    expect(racing.map((r) => r.statusCode)).toEqual([200, 200, 200, 200])
    const stored = await t.database.db.selectFrom('ementas').select(['hash', 'conteudo']).executeTakeFirstOrThrow()
    const nata = (JSON.parse(stored.conteudo) as Ementa).seccoes[0]?.familias[0]?.produtos.find(
      (p) => p.cod_produto === '1001',
    )
    // The stored price is the one of the stored snapshot, and the catalogue serves that snapshot.
    expect(nata?.precovenda).toBe({ v2: 135, v3: 140, v4: 145, v5: 150 }[stored.hash])
    const servido = (await catalogo(862))
      .json()
      .data.categorias[0].produtos.find((p: { id: string }) => p.id === '1001')
    expect(servido.pvp_com_iva).toBe(nata?.precovenda)
  })

  it('needs a store key, and a key writes only its own store’s menu', async () => {
    const none = await t.app.inject({ method: 'PUT', url: '/api/loja/v1/ementa', payload: ementa() })
    expect(none.statusCode).toBe(401)
    await putEmenta(ementa('de-848'), key848)
    expect((await catalogo(848)).statusCode).toBe(200)
    expect((await catalogo(862)).statusCode).toBe(404)
  })

  it('lists the stores that take orders, open or closed by their hours in Lisbon', async () => {
    await putEmenta(ementa())
    await putEmenta(ementa('de-848'), key848)
    const list = async () => (await device(t).call('GET', '/api/lojas-encomenda')).json().data
    expect(await list()).toEqual([
      {
        id_loja: 848,
        nome: 'Nata & Grão Baixa',
        latitude: 38.71,
        longitude: -9.137,
        aberta: false,
        em_pausa: false,
        aviso: null,
      },
      {
        id_loja: 862,
        nome: 'Nata & Grão Chiado',
        latitude: 38.7107,
        longitude: -9.1425,
        aberta: true,
        em_pausa: false,
        aviso: null,
      },
    ])
    clock.advance(10 * 3600_000) // 22:00
    expect((await list()).find((l: { id_loja: number }) => l.id_loja === 862).aberta).toBe(false)
  })
})
