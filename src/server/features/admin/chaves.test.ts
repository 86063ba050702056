import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chavesMensagens } from '../../../shared/admin-chaves.ts'
import { manualClock } from '../../platform/clock.ts'
import { STAFF_API_PREFIX, STAFF_COOKIE } from '../../platform/staff-surface.ts'
import { lojasChavesRepo } from '../../platform/store-keys.ts'
import { STORE_API_PREFIX } from '../../platform/store-surface.ts'
import { insertLoja, insertRestaurante } from '../../testing/fixtures.ts'
import { createTestApp, type TestApp, testDialects } from '../../testing/harness.ts'
import { ADMIN_COOKIE } from './routes.ts'
import { signedInAdmin } from './testing.ts'

/**
 * Store keys in the back-office: by role and reach, shown once, never kept or audited in clear; revoked
 * keys refused by the Store API at once, created ones accepted; the last use recorded at most once a minute.
 */

describe.each(testDialects())('store keys in the back-office, on %s', (dialect) => {
  let t: TestApp
  let admin: string
  let gestor: string
  let loja: string
  // The server's clock: where the sign-in's TOTP codes are (real time), moved by the test for the last use.
  const clock = manualClock(new Date())
  const MINHA = 861
  const OUTRA = 862

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { clock })
    const db = t.database.db
    const meu = await insertRestaurante(db, { tag: 'meu' })
    const outro = await insertRestaurante(db, { tag: 'outro' })
    await insertLoja(db, { tag: 'minha', restaurante_id: meu.id, id_loja: MINHA, name: 'Minha' })
    await insertLoja(db, { tag: 'outra', restaurante_id: outro.id, id_loja: OUTRA, name: 'Outra' })
    admin = await signedInAdmin(t, 'admin-chaves@exemplo.pt')
    gestor = await signedInAdmin(t, 'gestor-chaves@exemplo.pt', 'gestor')
    await db
      .updateTable('admin_utilizadores')
      .set({ restaurantes: JSON.stringify([meu.id]) })
      .where('email', '=', 'gestor-chaves@exemplo.pt')
      .execute()
    // A store's staff: the same sign-in, its role changed afterwards (the session reads the role on each request).
    loja = await signedInAdmin(t, 'loja-chaves@exemplo.pt', 'gestor')
    await db
      .updateTable('admin_utilizadores')
      .set({ papel: 'loja', restaurantes: null, id_loja: MINHA })
      .where('email', '=', 'loja-chaves@exemplo.pt')
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
  const storeApi = (chave: string) =>
    t.app.inject({
      method: 'GET',
      url: `${STORE_API_PREFIX}/encomendas?estado=1`,
      headers: { accept: 'application/json', authorization: `Bearer ${chave}` },
    })
  const auditoria = () =>
    t.database.db.selectFrom('admin_auditoria').selectAll().where('entidade', '=', 'chave_loja').orderBy('id').execute()

  it('a store’s staff is refused (403); a gestor is refused another restaurant’s store (403)', async () => {
    for (const [method, url] of [
      ['GET', '/chaves'],
      ['POST', '/chaves'],
      ['POST', '/chaves/1'],
      ['POST', '/chaves/1/revogar'],
    ] as const) {
      expect((await call(loja, method, url, { value: true })).statusCode, `${method} ${url}`).toBe(403)
    }
    const fora = await call(gestor, 'POST', '/chaves', { id_loja: OUTRA, etiqueta: 'caixa-outra' })
    expect(fora.statusCode).toBe(403)
    const outra = await lojasChavesRepo(t.database.db, clock).create(OUTRA, 'tablet-outra')
    expect((await call(gestor, 'POST', `/chaves/${outra.registo.id}`, { etiqueta: 'x' })).statusCode).toBe(403)
    expect((await call(gestor, 'POST', `/chaves/${outra.registo.id}/revogar`)).statusCode).toBe(403)
    // Its list holds its stores' keys only; an admin's, every store's.
    expect((await ok(await call(gestor, 'GET', '/chaves'))).total).toBe(0)
    const todas = await ok(await call(admin, 'GET', '/chaves'))
    expect(todas.itens.map((c: { etiqueta: string }) => c.etiqueta)).toEqual(['tablet-outra'])
    expect(await auditoria()).toEqual([])
  })

  it('a gestor creates a key (shown once) that the Store API accepts; its last use moves at most once a minute', async () => {
    const criada = await ok(await call(gestor, 'POST', '/chaves', { id_loja: MINHA, etiqueta: 'caixa-1' }))
    expect(criada.chave).toMatch(/^loja_/)
    expect(criada.registo).toMatchObject({ id_loja: MINHA, loja: 'Minha (meu)', etiqueta: 'caixa-1' })
    expect(criada.registo.ultimo_uso_em).toBeNull()
    // Kept as its hash only; the list and the audit never carry it.
    const row = await t.database.db
      .selectFrom('lojas_chaves')
      .selectAll()
      .where('id', '=', criada.registo.id)
      .executeTakeFirstOrThrow()
    expect(row.chave_hash).not.toContain(criada.chave)
    const lista = await call(gestor, 'GET', '/chaves')
    expect(lista.body).not.toContain(criada.chave)
    expect(lista.body).not.toContain(row.chave_hash)
    const [entrada] = await auditoria()
    expect(entrada).toMatchObject({ acao: 'chave_loja.criar', email: 'gestor-chaves@exemplo.pt', antes: null })
    expect(JSON.stringify(entrada)).not.toContain(criada.chave)
    expect(JSON.stringify(entrada)).not.toContain(row.chave_hash)

    expect((await storeApi(criada.chave)).statusCode).toBe(200)
    const ultimo = async () =>
      ((await ok(await call(gestor, 'GET', '/chaves'))).itens[0] as { ultimo_uso_em: string | null }).ultimo_uso_em
    const primeiro = await ultimo()
    expect(primeiro).toBe(clock.now().toISOString())
    clock.advance(30_000)
    expect((await storeApi(criada.chave)).statusCode).toBe(200)
    expect(await ultimo()).toBe(primeiro)
    clock.advance(31_000)
    expect((await storeApi(criada.chave)).statusCode).toBe(200)
    expect(await ultimo()).toBe(clock.now().toISOString())
  })

  it('relabels and revokes: the Store API refuses a revoked key at once, audited without the key', async () => {
    const { chave } = await lojasChavesRepo(t.database.db, clock).create(MINHA, 'tablet-1')
    const lista = await ok(await call(gestor, 'GET', '/chaves?ordenar=etiqueta&direcao=asc'))
    expect(lista.itens.map((c: { etiqueta: string }) => c.etiqueta)).toEqual(['caixa-1', 'tablet-1'])
    const id = lista.itens[1].id

    const repetida = await call(gestor, 'POST', `/chaves/${id}`, { etiqueta: 'tablet-outra' })
    expect(repetida.statusCode).toBe(409)
    expect(repetida.json().error.fields).toEqual({ etiqueta: chavesMensagens.etiquetaExistente })
    const invalida = await call(gestor, 'POST', `/chaves/${id}`, { etiqueta: 'com espaços' })
    expect(invalida.statusCode).toBe(400)
    expect(invalida.json().error.fields.etiqueta).toBe(chavesMensagens.etiqueta)

    const renomeada = await ok(await call(gestor, 'POST', `/chaves/${id}`, { etiqueta: 'tablet-cozinha' }))
    expect(renomeada.etiqueta).toBe('tablet-cozinha')
    expect((await storeApi(chave)).statusCode).toBe(200)

    const revogada = await ok(await call(gestor, 'POST', `/chaves/${id}/revogar`))
    expect(revogada.revogada_em).toBe(clock.now().toISOString())
    expect((await storeApi(chave)).statusCode).toBe(401)
    expect((await call(gestor, 'POST', `/chaves/${id}/revogar`)).statusCode).toBe(409)
    expect((await call(gestor, 'POST', `/chaves/${id}`, { etiqueta: 'outra-vez' })).statusCode).toBe(409)
    // The command line still finds keys by label: this one is gone for it too.
    expect(await lojasChavesRepo(t.database.db, clock).revoke('tablet-cozinha')).toBe(false)

    const entradas = await auditoria()
    expect(entradas.map((e) => e.acao)).toEqual(['chave_loja.criar', 'chave_loja.renomear', 'chave_loja.revogar'])
    const renomear = entradas[1]
    expect(JSON.parse(String(renomear?.antes)).etiqueta).toBe('tablet-1')
    expect(JSON.parse(String(renomear?.depois)).etiqueta).toBe('tablet-cozinha')
    for (const e of entradas) {
      expect(`${e.antes}${e.depois}`).not.toContain(chave)
      expect(`${e.antes}${e.depois}`).not.toMatch(/chave_hash|loja_[A-Za-z0-9_-]{20,}/)
    }
  })

  it('a tablet paired with a key moves its last use, and its session ends when the key is revoked', async () => {
    const criada = await ok(await call(admin, 'POST', '/chaves', { id_loja: MINHA, etiqueta: 'tablet-balcao' }))
    clock.advance(120_000)
    const entrar = await t.app.inject({
      method: 'POST',
      url: `${STAFF_API_PREFIX}/entrar`,
      headers: { accept: 'application/json' },
      payload: { chave: criada.chave },
    })
    expect(entrar.statusCode, entrar.body).toBe(200)
    const cookie = entrar.cookies.find((c) => c.name === STAFF_COOKIE)?.value ?? ''
    const sessao = () =>
      t.app.inject({
        method: 'GET',
        url: `${STAFF_API_PREFIX}/sessao`,
        headers: { accept: 'application/json', cookie: `${STAFF_COOKIE}=${cookie}` },
      })
    expect((await sessao()).statusCode).toBe(200)
    const lista = await ok(await call(admin, 'GET', '/chaves?ordenar=etiqueta&direcao=asc'))
    const linha = lista.itens.find((c: { id: number }) => c.id === criada.registo.id)
    expect(linha.ultimo_uso_em).toBe(clock.now().toISOString())

    await ok(await call(admin, 'POST', `/chaves/${criada.registo.id}/revogar`))
    expect((await sessao()).statusCode).toBe(401)
  })

  it('an unknown store is a 400 on the field; an unknown key a 404', async () => {
    const res = await call(admin, 'POST', '/chaves', { id_loja: 999, etiqueta: 'nada' })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields).toEqual({ id_loja: chavesMensagens.lojaNaoExiste })
    expect((await call(admin, 'POST', '/chaves/999999/revogar')).statusCode).toBe(404)
  })
})
