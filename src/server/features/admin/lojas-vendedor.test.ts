import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { avisoIvaLoja, restaurantesMensagens } from '../../../shared/admin-restaurantes.ts'
import { systemClock } from '../../platform/clock.ts'
import { lojasChavesRepo } from '../../platform/store-keys.ts'
import { ementaDeTeste } from '../../testing/ementa.ts'
import { insertLoja, insertRestaurante } from '../../testing/fixtures.ts'
import { createTestApp, device, type TestApp, testDialects } from '../../testing/harness.ts'
import { chamadas, staffCom } from './testing.ts'

/**
 * Who sells at a store and where it is, in the back-office (decision 0036): the operating company and its NIPC (nine
 * digits, a right check digit, beginning with 5, 6, 8 or 9), both or neither, and the fiscal region (mainland unless
 * set), edited with the store's other settings by an admin or the store's gestor, audited; refusals name the field and
 * write nothing. A change of region is made, and the menu whose rates are the old region's is flagged by its product.
 */

describe.each(testDialects())('a store’s seller and region in the back-office, on %s', (dialect) => {
  let t: TestApp
  let c: ReturnType<typeof chamadas>
  let admin: string
  let gestor: string
  let loja: string
  let ids: { lojaA: number; lojaB: number }
  let chaveA: string

  beforeAll(async () => {
    t = await createTestApp(dialect)
    c = chamadas(t)
    const db = t.database.db
    const a = (await insertRestaurante(db, { tag: 'rest-a', name: 'Restaurante A' })).id
    const b = (await insertRestaurante(db, { tag: 'rest-b', name: 'Restaurante B' })).id
    // Stores as an upgrade leaves them: no seller named yet.
    const semVendedor = { empresa: null, nipc: null }
    const lojaA = (await insertLoja(db, { tag: 'loja-a', restaurante_id: a, id_loja: 9201, ...semVendedor })).id
    const lojaB = (await insertLoja(db, { tag: 'loja-b', restaurante_id: b, id_loja: 9202, ...semVendedor })).id
    ids = { lojaA, lojaB }
    chaveA = (await lojasChavesRepo(db, systemClock).create(9201, 'pos-9201')).chave
    admin = await staffCom(t, 'admin-vendedor@exemplo.pt', 'admin')
    gestor = await staffCom(t, 'gestor-vendedor@exemplo.pt', 'gestor', { restaurantes: [a] })
    loja = await staffCom(t, 'loja-vendedor@exemplo.pt', 'loja', { idLoja: 9201 })
  })
  afterAll(() => t.close())

  const dadosLoja = (extra: Record<string, unknown> = {}) => ({
    name: 'Loja A',
    name_detail: 'Loja A, em Ponta Delgada',
    text: null,
    directions: null,
    address: 'Rua dos Mercadores 1',
    postal_code: '9500-092',
    city: 'Ponta Delgada',
    phone: null,
    latitude: 37.7412,
    longitude: -25.6756,
    map_link: null,
    facebook_link: null,
    instagram_link: null,
    site_link: null,
    book: false,
    opening_hours: [],
    horario_encomendas: null,
    image_list: null,
    image_main: null,
    menus: [],
    ...extra,
  })
  const guardar = (cookie: string, id: number, extra: Record<string, unknown> = {}) =>
    c.call(cookie, 'POST', `/lojas-conteudo/${id}`, dadosLoja(extra))
  const linha = (id: number) =>
    t.database.db
      .selectFrom('lojas')
      .select(['empresa', 'nipc', 'regiao'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()

  it('a store is on the mainland with no seller until set; its gestor names the seller and the region, audited', async () => {
    expect(await linha(ids.lojaA)).toEqual({ empresa: null, nipc: null, regiao: 'continente' })
    const lista = (await c.call(gestor, 'GET', '/restaurantes')).json().data
    expect(lista[0].lojas[0]).toMatchObject({ empresa: null, nipc: null, regiao: 'continente', aviso_iva: null })

    const res = await guardar(gestor, ids.lojaA, {
      empresa: '  Açor Sabores, Lda. ',
      // Written as people group it: kept as its nine digits.
      nipc: '517 392 640',
      regiao: 'acores',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ empresa: 'Açor Sabores, Lda.', nipc: '517392640', regiao: 'acores' })
    expect(await linha(ids.lojaA)).toEqual({ empresa: 'Açor Sabores, Lda.', nipc: '517392640', regiao: 'acores' })

    const [entrada] = await c.auditoria('loja.editar')
    expect(entrada).toMatchObject({ email: 'gestor-vendedor@exemplo.pt', entidade: 'loja' })
    expect(JSON.parse(String(entrada?.antes))).toMatchObject({ empresa: null, nipc: null, regiao: 'continente' })
    expect(JSON.parse(String(entrada?.depois))).toMatchObject({
      empresa: 'Açor Sabores, Lda.',
      nipc: '517392640',
      regiao: 'acores',
    })

    // A save without the fields (a form from before them) keeps them.
    expect((await guardar(gestor, ids.lojaA)).statusCode).toBe(200)
    expect(await linha(ids.lojaA)).toEqual({ empresa: 'Açor Sabores, Lda.', nipc: '517392640', regiao: 'acores' })
  })

  it('refuses a NIPC that is not a company’s, a seller half named and an unknown region, naming the field; nothing changes', async () => {
    const antes = await linha(ids.lojaB)
    const auditadas = (await c.auditoria('loja.editar')).length
    const casos: [Record<string, unknown>, Record<string, string>][] = [
      // A wrong check digit.
      [{ empresa: 'Brasa, S.A.', nipc: '514725835' }, { nipc: restaurantesMensagens.nipc }],
      // A valid number of 7 (estates, funds), and of 4 (non-residents): no store's seller.
      [{ empresa: 'Brasa, S.A.', nipc: '700000003' }, { nipc: restaurantesMensagens.nipc }],
      [{ empresa: 'Brasa, S.A.', nipc: '451234561' }, { nipc: restaurantesMensagens.nipc }],
      [{ empresa: 'Brasa, S.A.', nipc: '51472583' }, { nipc: restaurantesMensagens.nipc }],
      [{ empresa: 'Brasa, S.A.', nipc: '51472583A' }, { nipc: restaurantesMensagens.nipc }],
      [{ empresa: 'Brasa, S.A.', nipc: '' }, { nipc: restaurantesMensagens.empresaSemNipc }],
      [{ empresa: '', nipc: '514725834' }, { empresa: restaurantesMensagens.nipcSemEmpresa }],
      [{ regiao: 'algarve' }, { regiao: restaurantesMensagens.regiao }],
      // One of the pair alone, the other empty as stored: still half a seller.
      [{ nipc: '514725834' }, { empresa: restaurantesMensagens.nipcSemEmpresa }],
    ]
    for (const [extra, fields] of casos) {
      const res = await guardar(admin, ids.lojaB, extra)
      expect(res.statusCode, JSON.stringify(extra)).toBe(400)
      expect(res.json().error.fields).toEqual(fields)
    }
    expect(restaurantesMensagens.nipc).toContain('NIPC')
    expect(await linha(ids.lojaB)).toEqual(antes)
    expect(await c.auditoria('loja.editar')).toHaveLength(auditadas)

    // Accepted: a company (5), a public body (6), a sole trader's old NIPC (8), a provisional one (9), a sole trader's
    // own NIF (1, 2: a franchisee trading in their own name), and clearing the seller (both empty).
    for (const nipc of ['514725834', '600000001', '800000005', '900000007', '123456789', '212345672']) {
      const res = await guardar(admin, ids.lojaB, { empresa: 'Brasa, S.A.', nipc, regiao: 'madeira' })
      expect(res.statusCode, res.body).toBe(200)
    }
    expect((await guardar(admin, ids.lojaB, { empresa: null, nipc: '' })).statusCode).toBe(200)
    expect(await linha(ids.lojaB)).toEqual({ empresa: null, nipc: null, regiao: 'madeira' })
  })

  it('only who edits the store’s settings: a gestor of another restaurant and a store account are refused', async () => {
    const antes = await linha(ids.lojaB)
    expect((await guardar(gestor, ids.lojaB, { regiao: 'continente' })).statusCode).toBe(403)
    expect((await guardar(loja, ids.lojaA, { regiao: 'continente' })).statusCode).toBe(403)
    expect(await linha(ids.lojaB)).toEqual(antes)
  })

  it('a change of region is made and flags the menu whose rates are the old region’s, naming its product', async () => {
    await guardar(admin, ids.lojaA, { regiao: 'continente' })
    const enviar = (hash: string, iva: number) => {
      const ementa = ementaDeTeste(hash)
      for (const s of ementa.seccoes)
        for (const f of s.familias)
          for (const p of f.produtos) {
            p.iva = iva
            for (const x of p.complementares ?? []) x.iva = iva
          }
      return t.app.inject({
        method: 'PUT',
        url: '/api/loja/v1/ementa',
        headers: { authorization: `Bearer ${chaveA}` },
        payload: ementa as object,
      })
    }
    expect((await enviar('continente', 23)).statusCode).toBe(200)

    const mudada = await guardar(admin, ids.lojaA, { regiao: 'acores' })
    expect(mudada.statusCode, mudada.body).toBe(200)
    const aviso = 'Galão: IVA 23 % não é uma taxa da Região Autónoma dos Açores (4, 9 ou 16 %)'
    expect(mudada.json().data).toMatchObject({ regiao: 'acores', aviso_iva: aviso })
    expect(avisoIvaLoja(aviso)).toContain('Peça ao POS que a envie com as taxas desta região.')
    const lista = (await c.call(admin, 'GET', '/restaurantes')).json().data
    const naLista = lista
      .flatMap((r: { lojas: { id: number }[] }) => r.lojas)
      .find((l: { id: number }) => l.id === ids.lojaA)
    expect(naLista).toMatchObject({ regiao: 'acores', aviso_iva: aviso })
    // The menu stays, and the customer still orders from it: its prices are final, VAT included.
    expect((await device(t).call('GET', '/api/catalogo/9201')).statusCode).toBe(200)

    // The POS sends its old rates again: refused, as the region is now the Azores'; then the right ones clear the flag.
    expect((await enviar('continente-2', 23)).statusCode).toBe(422)
    expect((await enviar('acores', 16)).statusCode).toBe(200)
    const lista2 = (await c.call(admin, 'GET', '/restaurantes')).json().data
    const limpa = lista2
      .flatMap((r: { lojas: { id: number }[] }) => r.lojas)
      .find((l: { id: number }) => l.id === ids.lojaA)
    expect(limpa).toMatchObject({ regiao: 'acores', aviso_iva: null })
  })
})
