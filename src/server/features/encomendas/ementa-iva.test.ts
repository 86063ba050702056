import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { EmentaEnviada } from '../../../shared/ementa.ts'
import type { Regiao } from '../../../shared/regioes.ts'
import { manualClock } from '../../platform/clock.ts'
import { lojasChavesRepo } from '../../platform/store-keys.ts'
import { ementaDeTeste } from '../../testing/ementa.ts'
import { insertLoja, insertRestaurante } from '../../testing/fixtures.ts'
import { createTestApp, device, type TestApp, testDialects } from '../../testing/harness.ts'
import { todosOsDias } from './horario.ts'

/**
 * VAT by region in the menu import (decision 0036): a store's POS may send the rates of the store's region only (mainland
 * 6/13/23, Madeira 5/12/22, the Azores 4/9/16, CIVA art. 18 and the regional decrees), on products and on their
 * complements; another rate refuses the menu whole with 422 naming the product and the field's path, and the current
 * menu stays.
 */

/** ementaDeTeste with every rate of its products and complements set to `taxa` (or the text of it). */
function comIva(ementa: EmentaEnviada, taxa: number | string): EmentaEnviada {
  for (const s of ementa.seccoes) {
    for (const f of s.familias) {
      for (const p of f.produtos) {
        p.iva = taxa as number
        for (const c of p.complementares ?? []) c.iva = taxa as number
      }
    }
  }
  return ementa
}

const cafes = (e: EmentaEnviada) => {
  const familia = e.seccoes[0]?.familias[0]
  if (!familia) throw new Error('ementaDeTeste has no first family')
  return familia.produtos
}

describe.each(testDialects())('VAT rates by the store’s region in the menu import, on %s', (dialect) => {
  let t: TestApp
  const chaves: Partial<Record<Regiao, string>> = {}
  const LOJAS: Record<Regiao, number> = { continente: 862, madeira: 870, acores: 871 }

  beforeEach(async () => {
    const clock = manualClock('2026-11-23T12:00:00.000Z')
    t = await createTestApp(dialect, {}, { clock })
    const { id } = await insertRestaurante(t.database.db, { tag: 'nata-e-grao', name: 'Nata & Grão' })
    const keys = lojasChavesRepo(t.database.db, clock)
    for (const [regiao, idLoja] of Object.entries(LOJAS) as [Regiao, number][]) {
      await insertLoja(t.database.db, {
        tag: `loja-${regiao}`,
        restaurante_id: id,
        id_loja: idLoja,
        horario_encomendas: JSON.stringify(todosOsDias('00:00', '24:00')),
        // The mainland's store is left at the column's default, as every store before regions.
        ...(regiao === 'continente' ? {} : { regiao }),
      })
      chaves[regiao] = (await keys.create(idLoja, `pos-${idLoja}`)).chave
    }
  })
  afterEach(() => t.close())

  const putEmenta = (regiao: Regiao, body: EmentaEnviada) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/loja/v1/ementa',
      headers: { authorization: `Bearer ${chaves[regiao]}` },
      payload: body as object,
    })
  const hashDe = async (idLoja: number) =>
    (await t.database.db.selectFrom('ementas').select('hash').where('id_loja', '=', idLoja).executeTakeFirst())?.hash

  it('accepts each region’s three rates, on products and complements, a rate as text too', async () => {
    const casos: [Regiao, number[]][] = [
      ['continente', [6, 13, 23]],
      // Madeira's 4 % on essential goods (DLR 6/2024/M) beside its three.
      ['madeira', [4, 5, 12, 22]],
      ['acores', [4, 9, 16]],
    ]
    for (const [regiao, taxas] of casos) {
      for (const taxa of taxas) {
        const res = await putEmenta(regiao, comIva(ementaDeTeste(`${regiao}-${taxa}`), String(taxa)))
        expect(res.statusCode, `${regiao} ${taxa}: ${res.body}`).toBe(200)
      }
      expect(await hashDe(LOJAS[regiao])).toBe(`${regiao}-${taxas.at(-1)}`)
    }
    // Bread at the mainland's reduced rate (CIVA List I), the wine of a meal at the standard one, in one menu.
    const mista = comIva(ementaDeTeste('mista'), 13)
    const [galao, nata] = cafes(mista)
    if (galao && nata) {
      galao.iva = 23
      nata.iva = 6
    }
    expect((await putEmenta('continente', mista)).statusCode).toBe(200)
  })

  it('refuses another region’s rate with 422 naming the product and its path; the current menu stays', async () => {
    expect((await putEmenta('acores', comIva(ementaDeTeste('v1'), 9))).statusCode).toBe(200)

    const errada = comIva(ementaDeTeste('v2'), 9)
    const nata = cafes(errada)[1]
    if (nata) {
      nata.produto = 'Pão de Deus'
      nata.iva = 23
    }
    const res = await putEmenta('acores', errada)
    expect(res.statusCode).toBe(422)
    expect(res.json().error.message).toBe(
      'A ementa não foi aceite: corrija o campo indicado e envie-a de novo. A ementa atual mantém-se.',
    )
    expect(res.json().error.fields).toEqual({
      'seccoes.0.familias.0.produtos.1.iva':
        'Pão de Deus: IVA 23 % não é uma taxa da Região Autónoma dos Açores (4, 9 ou 16 %)',
    })
    expect(await hashDe(871)).toBe('v1')
    const catalogo = await device(t).call('GET', '/api/catalogo/871')
    expect(catalogo.statusCode).toBe(200)
    expect(catalogo.json().data.categorias[0].produtos.map((p: { nome: string }) => p.nome)).toContain('Pastel de nata')

    // A complement's rate, named by its product and itself.
    const complemento = comIva(ementaDeTeste('v3'), 9)
    const leite = cafes(complemento)[0]?.complementares?.[0]
    if (leite) leite.iva = 13
    expect((await putEmenta('acores', complemento)).json().error.fields).toEqual({
      'seccoes.0.familias.0.produtos.0.complementares.0.iva':
        'Galão (complemento Leite de aveia): IVA 13 % não é uma taxa da Região Autónoma dos Açores (4, 9 ou 16 %)',
    })
    expect(await hashDe(871)).toBe('v1')
  })

  it('holds each store to its own region: the mainland’s rates refused in Madeira, Madeira’s on the mainland', async () => {
    const madeira = (await putEmenta('madeira', comIva(ementaDeTeste('m1'), 6))).json().error.fields
    expect(madeira).toEqual({
      'seccoes.0.familias.0.produtos.0.iva':
        'Galão: IVA 6 % não é uma taxa da Região Autónoma da Madeira (4, 5, 12 ou 22 %)',
    })
    const continente = (await putEmenta('continente', comIva(ementaDeTeste('c1'), 12))).json().error.fields
    expect(continente).toEqual({
      'seccoes.0.familias.0.produtos.0.iva': 'Galão: IVA 12 % não é uma taxa de Portugal continental (6, 13 ou 23 %)',
    })
    // No rate of any region, with decimals: the same words.
    const estranha = (await putEmenta('continente', comIva(ementaDeTeste('c2'), 5.5))).json().error.fields
    expect(estranha).toEqual({
      'seccoes.0.familias.0.produtos.0.iva': 'Galão: IVA 5,5 % não é uma taxa de Portugal continental (6, 13 ou 23 %)',
    })
    // The Azores' reduced rate is not the mainland's.
    expect((await putEmenta('continente', comIva(ementaDeTeste('c3'), 4))).statusCode).toBe(422)
    expect(await hashDe(870)).toBeUndefined()
    expect(await hashDe(862)).toBeUndefined()
  })
})
