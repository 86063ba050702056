import { beforeEach, describe, expect, it } from 'vitest'
import { carimbosMensagens } from '../../../shared/carimbos.ts'
import type { TestApp } from '../../testing/harness.ts'
import { createTestApp, testDialects } from '../../testing/harness.ts'
import { chamadas, signedInAdmin } from './testing.ts'

/** 'Cartões de carimbos' in the back-office (decision 0057): admins make and edit them, checked and audited. */
describe.each(testDialects())('stamp cards in the back-office, on %s', (dialect) => {
  let t: TestApp
  let admin: string
  let c: ReturnType<typeof chamadas>

  beforeEach(async () => {
    t = await createTestApp(dialect)
    c = chamadas(t)
    admin = await signedInAdmin(t, 'admin-carimbos@exemplo.pt', 'admin')
    return () => t.close()
  })

  it('makes and edits a card, refusing what would not work, and audits each change', async () => {
    const errado = await c.call(admin, 'POST', '/carimbos', { nome: ' ', codigos: [], por_oferta: 1 })
    expect(errado.statusCode).toBe(400)
    expect(errado.json().error.fields).toMatchObject({
      codigos: carimbosMensagens.codigos,
      por_oferta: carimbosMensagens.porOferta,
      ativo: carimbosMensagens.ativo,
    })
    // A code is one line: one with a comma would be read back as two.
    const virgula = await c.call(admin, 'POST', '/carimbos', {
      nome: 'X',
      codigos: ['10,01'],
      por_oferta: 2,
      ativo: true,
    })
    expect(virgula.json().error.fields).toEqual({ 'codigos.0': carimbosMensagens.codigo })
    const criado = await c.call(admin, 'POST', '/carimbos', {
      nome: 'Cafés',
      codigos: ['1001', ' 1002 ', '1001'],
      por_oferta: 10,
      ativo: true,
    })
    expect(criado.statusCode, criado.body).toBe(200)
    const cartao = criado.json().data
    expect(cartao).toMatchObject({ nome: 'Cafés', codigos: ['1001', '1002'], por_oferta: 10, ativo: true })

    const editado = await c.call(admin, 'POST', `/carimbos/${cartao.id}`, {
      nome: 'Cafés e galões',
      codigos: ['1001', '1002', '1101'],
      por_oferta: 8,
      ativo: false,
    })
    expect(editado.statusCode, editado.body).toBe(200)
    expect((await c.call(admin, 'GET', '/carimbos')).json().data).toEqual([
      expect.objectContaining({ id: cartao.id, nome: 'Cafés e galões', por_oferta: 8, ativo: false }),
    ])
    expect(
      (await c.call(admin, 'POST', '/carimbos/99999', { nome: 'X', codigos: ['1'], por_oferta: 2, ativo: true }))
        .statusCode,
    ).toBe(404)
    const auditoria = await t.database.db
      .selectFrom('admin_auditoria')
      .select(['acao', 'entidade', 'entidade_id'])
      .where('entidade', '=', 'cartao_carimbos')
      .orderBy('id')
      .execute()
    expect(auditoria).toEqual([
      { acao: 'cartao_carimbos.criar', entidade: 'cartao_carimbos', entidade_id: String(cartao.id) },
      { acao: 'cartao_carimbos.editar', entidade: 'cartao_carimbos', entidade_id: String(cartao.id) },
    ])
  })

  it('is an admin’s: a gestor is refused', async () => {
    const gestor = await signedInAdmin(t, 'gestor-carimbos@exemplo.pt', 'gestor', { restaurantes: [] })
    expect((await c.call(gestor, 'GET', '/carimbos')).statusCode).toBe(403)
    expect(
      (await c.call(gestor, 'POST', '/carimbos', { nome: 'X', codigos: ['1'], por_oferta: 2, ativo: true })).statusCode,
    ).toBe(403)
  })
})
