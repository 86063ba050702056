import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type CodigoAlergenio, seguroPara } from '../../../shared/alergenios.ts'
import type { Catalogo, ProdutoCatalogo } from '../../../shared/catalogo.ts'
import { manualClock } from '../../platform/clock.ts'
import { lojasChavesRepo } from '../../platform/store-keys.ts'
import { ementaCompleta } from '../../testing/ementa-completa.ts'
import { insertLoja, insertRestaurante } from '../../testing/fixtures.ts'
import { createTestApp, device, type TestApp, testDialects } from '../../testing/harness.ts'
import { todosOsDias } from './horario.ts'

/** menu fields through `PUT /api/loja/v1/ementa` to the catalogue (decision 0026). */
describe.each(testDialects())('ordering: the whole menu, imported and in the catalogue, on %s', (dialect) => {
  let t: TestApp
  let key: string

  beforeEach(async () => {
    const clock = manualClock('2026-11-23T12:00:00.000Z')
    t = await createTestApp(dialect, {}, { clock })
    const { id } = await insertRestaurante(t.database.db, { tag: 'nata-e-grao', name: 'Nata & Grão' })
    await insertLoja(t.database.db, {
      tag: 'chiado',
      restaurante_id: id,
      id_loja: 862,
      horario_encomendas: JSON.stringify(todosOsDias('00:00', '24:00')),
    })
    key = (await lojasChavesRepo(t.database.db, clock).create(862, 'pos-862')).chave
  })
  afterEach(() => t.close())

  const putEmenta = (body: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/loja/v1/ementa',
      headers: { authorization: `Bearer ${key}` },
      payload: body as object,
    })
  const produtos = async (): Promise<ProdutoCatalogo[]> => {
    const res = await device(t).call('GET', '/api/catalogo/862')
    expect(res.statusCode, res.body).toBe(200)
    return (res.json().data as Catalogo).categorias.flatMap((c) => c.produtos)
  }
  const produto = async (nome: string) => {
    const p = (await produtos()).find((x) => x.nome === nome)
    if (!p) throw new Error(`${nome} is not in the catalogue`)
    return p
  }
  const codigos = (lista: readonly { codigo: string }[] | null) => lista?.map((a) => a.codigo) ?? null

  it('reads every field: allergens by number, code or name, traces, flags, nutrition, marks, portions', async () => {
    expect((await putEmenta(ementaCompleta())).statusCode).toBe(200)
    const sopa = await produto('Sopa de legumes')
    expect(sopa).toMatchObject({
      alergenios: [{ codigo: 'aipo', nome: 'Aipo' }],
      pode_conter: [],
      calorias: 95,
      sal: 0.9,
      vegetariano: true,
      picante: false,
      dieta: true,
      // 0 is the POS's "not said".
      pessoas: null,
      tempo: 5,
      meia_dose: true,
      pvp_com_iva: 220,
      pvp_meia_com_iva: 140,
      rotulo_dose: 'Inteira',
      rotulo_meia: 'Meia',
      destaque: false,
    })
    const bitoque = await produto('Bitoque')
    // Number 7, 'OVOS', the Annex's name without its accent: once each, in the Annex's order, with their names.
    expect(bitoque.alergenios).toEqual([
      { codigo: 'gluten', nome: 'Glúten' },
      { codigo: 'ovos', nome: 'Ovos' },
      { codigo: 'leite', nome: 'Leite' },
    ])
    expect(codigos(bitoque.pode_conter)).toEqual(['mostarda', 'tremoco'])
    expect(bitoque).toMatchObject({ destaque: true, calorias: 820.5, sal: null, tempo: 25, pvp_meia_com_iva: 600 })
    expect(bitoque.grupos_opcoes).toEqual([{ id: 'P', nome: 'Ponto da carne', min: 1, max: 1 }])
    // Unknown: neither list nor flags. Its family allows half portions; it prices none.
    expect(await produto('Arroz de marisco')).toMatchObject({
      alergenios: null,
      pode_conter: [],
      pessoas: 2,
      tempo: 30,
      meia_dose: false,
      pvp_meia_com_iva: null,
    })
    // Only the flags, no list: unknown, even with 1s (a list is what makes allergens known).
    expect((await produto('Tosta mista')).alergenios).toBeNull()
    expect(await produto('Água')).toMatchObject({ alergenios: [], calorias: 0, sal: 0, pvp_com_iva: 120 })
    // A family without `meiadose`: no half portion, whatever the product's precomeia; the default labels.
    expect(await produto('Menu pequeno-almoço')).toMatchObject({
      meia_dose: false,
      pvp_meia_com_iva: null,
      rotulo_dose: 'Dose',
      rotulo_meia: 'Meia dose',
    })
    expect((await produto('Menu pequeno-almoço')).grupos_opcoes).toEqual([
      { id: 'B', nome: 'Bebida', min: 1, max: 1 },
      { id: 'X', nome: 'Para barrar', min: 0, max: 2 },
    ])
    // A composite: each component required unless its group says otherwise.
    expect((await produto('Menu almoço')).grupos_opcoes).toEqual([
      { id: 'S', nome: 'Sopa', min: 1, max: 1 },
      { id: 'M', nome: 'Prato', min: 1, max: 1 },
      { id: 'D', nome: 'Sobremesa', min: 0, max: 1 },
    ])
    // The price tiers are kept in the stored menu: a store may charge one (tabelas-preco.test.ts).
    const stored = await t.database.db.selectFrom('ementas').select('conteudo').executeTakeFirstOrThrow()
    expect(stored.conteudo).toContain('"pvp2":150')
    expect(stored.conteudo).toContain('"politicapreco":2')
  })

  it("reads a family's meiadose yes/no words as the flag they say, and any other text as the half portion's name", async () => {
    const casos: [unknown, boolean, string][] = [
      ['N', false, 'Meia dose'],
      ['Não', false, 'Meia dose'],
      ['nao', false, 'Meia dose'],
      ['NÃO', false, 'Meia dose'],
      ['false', false, 'Meia dose'],
      ['no', false, 'Meia dose'],
      ['0', false, 'Meia dose'],
      [0, false, 'Meia dose'],
      [false, false, 'Meia dose'],
      ['s', true, 'Meia dose'],
      ['Sim', true, 'Meia dose'],
      ['TRUE', true, 'Meia dose'],
      ['yes', true, 'Meia dose'],
      ['1', true, 'Meia dose'],
      [1, true, 'Meia dose'],
      [' Pequena ', true, 'Pequena'],
      ['Meia', true, 'Meia'],
    ]
    for (const [i, [meiadose, permitida, rotulo]] of casos.entries()) {
      const menu = ementaCompleta(`meiadose-${i}`, {
        familia: (c, f) => c === 30 && Object.assign(f, { meiadose, dose: 'Não' }),
      })
      const res = await putEmenta(menu)
      expect(res.statusCode, `${String(meiadose)}: ${res.body}`).toBe(200)
      // A yes/no word in `dose` names nothing either.
      expect(await produto('Sopa de legumes'), String(meiadose)).toMatchObject({
        meia_dose: permitida,
        pvp_meia_com_iva: permitida ? 140 : null,
        rotulo_meia: rotulo,
        rotulo_dose: 'Dose',
      })
    }
  })

  it("drops from 'Pode conter' what the product contains, as the list or a flag says", async () => {
    const menu = ementaCompleta('tracos', {
      produto: (cod, p) => {
        if (cod === 3101) Object.assign(p, { alergenios: ['gluten', 'leite'], pode_conter: ['Leite', 'sésamo', 1] })
        if (cod === 3201) Object.assign(p, { alergenios: [], lactose: 1, pode_conter: ['leite', 'ovos'] })
        // Unknown contents: the traces it names are all it says, kept.
        if (cod === 3003) Object.assign(p, { pode_conter: ['leite'] })
      },
    })
    expect((await putEmenta(menu)).statusCode).toBe(200)
    const pequenoAlmoco = await produto('Menu pequeno-almoço')
    expect(codigos(pequenoAlmoco.alergenios)).toEqual(['gluten', 'leite'])
    expect(codigos(pequenoAlmoco.pode_conter)).toEqual(['sesamo'])
    expect(codigos((await produto('Tosta mista')).pode_conter)).toEqual(['ovos'])
    expect(await produto('Arroz de marisco')).toMatchObject({
      alergenios: null,
      pode_conter: [{ codigo: 'leite', nome: 'Leite' }],
    })
  })

  it('lists as suggestions only products the customer can open, once each', async () => {
    await putEmenta(ementaCompleta())
    const visiveis = new Set((await produtos()).map((p) => p.id))
    const bitoque = await produto('Bitoque')
    // 3004 is hidden: accepted at import, left out here; 3001 was named twice.
    expect(bitoque.sugeridos).toEqual(['3001', '3003'])
    for (const p of await produtos()) for (const id of p.sugeridos) expect(visiveis.has(id), id).toBe(true)
  })

  it('never lets a filter call a product of unknown allergens safe, and reads traces as a risk', async () => {
    await putEmenta(ementaCompleta())
    const seguros = async (evitar: CodigoAlergenio[]) =>
      (await produtos())
        .filter((p) =>
          seguroPara(
            {
              contem: codigos(p.alergenios) as CodigoAlergenio[] | null,
              pode_conter: codigos(p.pode_conter) as CodigoAlergenio[],
            },
            evitar,
          ),
        )
        .map((p) => p.nome)
    // 'Sem glúten' and 'Sem lactose' together.
    expect(await seguros(['gluten', 'leite'])).toEqual(['Sopa de legumes', 'Menu almoço', 'Água'])
    // A trace is a risk: the bitoque may contain tremoço.
    expect(await seguros(['tremoco'])).not.toContain('Bitoque')
    expect(await seguros(['aipo'])).toContain('Bitoque')
    // With nothing to avoid, the unknown is still not "safe": nor is the one with only ZoneSoft's flags.
    expect(await seguros([])).not.toContain('Arroz de marisco')
    expect(await seguros([])).not.toContain('Tosta mista')
    expect(await seguros([])).toHaveLength((await produtos()).length - 2)
  })

  it('refuses a menu whole for each bad field, naming its path, and keeps the current one', async () => {
    await putEmenta(ementaCompleta())
    const P = 'seccoes.0.familias.0.produtos'
    const M = 'seccoes.0.familias.1.produtos'
    type Caso = [string, Parameters<typeof ementaCompleta>[1], string, string?]
    const naSopa = (campos: Record<string, unknown>) => ({
      produto: (cod: number, p: object) => {
        if (cod === 3001) Object.assign(p, campos)
      },
    })
    const casos: Caso[] = [
      [
        'an item naming no allergen',
        naSopa({ alergenios: ['aipo', 'amendoim-torrado'] }),
        `${P}.0.alergenios.1`,
        'Alergénio desconhecido: amendoim-torrado',
      ],
      ['allergen number 15', naSopa({ alergenios: [15] }), `${P}.0.alergenios.0`, 'Alergénio desconhecido: 15'],
      ['allergen number 0', naSopa({ alergenios: [0] }), `${P}.0.alergenios.0`],
      ['an empty item', naSopa({ alergenios: [''] }), `${P}.0.alergenios.0`],
      ['a null item', naSopa({ alergenios: ['aipo', null] }), `${P}.0.alergenios.1`],
      ['a text instead of a list', naSopa({ alergenios: 'aipo' }), `${P}.0.alergenios`],
      ['a bad trace', naSopa({ pode_conter: ['nozes'] }), `${P}.0.pode_conter.0`, 'Alergénio desconhecido: nozes'],
      ['a flag of 2', naSopa({ gluten: 2 }), `${P}.0.gluten`],
      ['calories in words', naSopa({ calorias: 'muitas' }), `${P}.0.calorias`],
      ['negative salt', naSopa({ sal: -1 }), `${P}.0.sal`],
      ['a comma decimal', naSopa({ sal: '0,9' }), `${P}.0.sal`],
      ['a vegetarian "sim"', naSopa({ vegetariano: 'sim' }), `${P}.0.vegetariano`],
      ['minutes with decimals', naSopa({ tempo: 2.5 }), `${P}.0.tempo`],
      ['a day of preparation', naSopa({ tempo: 1440 }), `${P}.0.tempo`],
      ['serves -1', naSopa({ pessoas: -1 }), `${P}.0.pessoas`],
      ['a half price of three decimals', naSopa({ precomeia: 1.405 }), `${P}.0.precomeia`],
      [
        'a half dearer than the dose',
        naSopa({ precomeia: 3 }),
        `${P}.0.precomeia`,
        'A meia dose não pode custar mais do que a dose',
      ],
      ['a bad price tier', naSopa({ pvp2: 'dois' }), `${P}.0.pvp2`],
      ['a price policy of 11', naSopa({ politicapreco: 11 }), `${P}.0.politicapreco`],
      [
        'a suggestion the menu does not have',
        naSopa({ sugeridos: [3002, 9999] }),
        `${P}.0.sugeridos.1`,
        'Produto sugerido desconhecido: 9999',
      ],
      [
        'a product suggesting itself',
        naSopa({ sugeridos: [3001] }),
        `${P}.0.sugeridos.0`,
        'Um produto não se sugere a si próprio',
      ],
      [
        'a family meiadose of 2',
        { familia: (c, f) => c === 30 && Object.assign(f, { meiadose: 2 }) },
        'seccoes.0.familias.0.meiadose',
      ],
      [
        'a minimum above the options',
        { produto: (c, p) => c === 3101 && Object.assign(p.opcoes?.[0] ?? {}, { minopcoes: 3, maxopcoes: 0 }) },
        `${M}.0.opcoes.0.minopcoes`,
        'O mínimo de opções (3) passa das opções do grupo (2)',
      ],
      [
        'a minimum above the maximum',
        { produto: (c, p) => c === 3101 && Object.assign(p.opcoes?.[1] ?? {}, { minopcoes: 3, maxopcoes: 2 }) },
        `${M}.0.opcoes.1.minopcoes`,
        'O mínimo de opções (3) passa do máximo (2)',
      ],
    ]
    for (const [i, [caso, mudar, path, message]] of casos.entries()) {
      const res = await putEmenta(ementaCompleta(`mau-${i}`, mudar))
      expect(res.statusCode, caso).toBe(422)
      const fields = res.json().error.fields
      expect(Object.keys(fields), caso).toEqual([path])
      if (message) expect(fields[path], caso).toBe(message)
    }
    // Still the first menu.
    expect((await produto('Sopa de legumes')).pvp_meia_com_iva).toBe(140)
    const stored = await t.database.db.selectFrom('ementas').select('hash').executeTakeFirstOrThrow()
    expect(stored.hash).toBe('completa-1')
  })

  it('takes an empty list as "none", the flags alone as unknown, and a missing half price as no half portion', async () => {
    const menu = ementaCompleta('v2', {
      produto: (cod, p) => {
        if (cod === 3001) Object.assign(p, { precomeia: null, gluten: undefined, lactose: undefined, alergenios: [] })
        // ZoneSoft's defaults on a dish nobody filled in.
        if (cod === 3003) Object.assign(p, { gluten: 0, lactose: 0 })
        // A list that names gluten against `gluten: 0`: the list wins (the safe reading).
        if (cod === 3201) Object.assign(p, { alergenios: ['gluten'], gluten: 0, lactose: 1 })
        // The flags' 1s add to an empty list.
        if (cod === 3101) Object.assign(p, { alergenios: [], gluten: 1, lactose: 0 })
      },
    })
    expect((await putEmenta(menu)).statusCode).toBe(200)
    expect(await produto('Sopa de legumes')).toMatchObject({ alergenios: [], meia_dose: false, pvp_meia_com_iva: null })
    // `gluten: 0, lactose: 0` and no list say nothing (decision 0026): unknown, never "free of all 14".
    expect((await produto('Arroz de marisco')).alergenios).toBeNull()
    expect(codigos((await produto('Tosta mista')).alergenios)).toEqual(['gluten', 'leite'])
    expect(codigos((await produto('Menu pequeno-almoço')).alergenios)).toEqual(['gluten'])
  })
})
