import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { manualClock } from '../platform/clock.ts'
import { sha256 } from '../platform/crypto.ts'
import type { DatabaseHandle } from '../platform/db.ts'
import { insertLoja, insertRestaurante } from '../testing/fixtures.ts'
import { createTestDatabase, testDialects } from '../testing/harness.ts'
import { storeKey } from './store-key.ts'

describe.each(testDialects())('npm run store:key on %s', (dialect) => {
  let database: DatabaseHandle
  const clock = manualClock('2026-11-22T10:00:00.000Z')
  beforeEach(async () => {
    database = await createTestDatabase(dialect)
    const { id } = await insertRestaurante(database.db, { tag: 'nata-e-grao', name: 'Nata & Grão' })
    await insertLoja(database.db, { tag: 'chiado', restaurante_id: id, id_loja: 862, name: 'Chiado' })
  })
  afterEach(() => database.close())
  const auditoria = () => database.db.selectFrom('admin_auditoria').selectAll().orderBy('id').execute()

  it('writes an audit entry for the key it makes and the key it revokes, never the secret', async () => {
    const criada = await storeKey(['862', 'caixa-1'], database.db, clock)
    expect(criada).toMatchObject({ codigo: 0 })
    expect(criada.chave).toMatch(/^loja_/)
    const [registo] = await database.db.selectFrom('lojas_chaves').selectAll().execute()
    expect(registo?.chave_hash).toBe(sha256(criada.chave ?? ''))

    expect(await storeKey(['--revoke', 'caixa-1'], database.db, clock)).toMatchObject({ codigo: 0 })
    const entradas = await auditoria()
    expect(entradas.map((e) => e.acao)).toEqual(['chave_loja.criar', 'chave_loja.revogar'])
    for (const e of entradas) {
      // The command line: no staff member, no address.
      expect(e).toMatchObject({ utilizador_id: null, email: null, ip: null, entidade: 'chave_loja' })
      expect(e.entidade_id).toBe(String(registo?.id))
      expect(JSON.stringify(e)).not.toContain(criada.chave)
      expect(JSON.stringify(e)).not.toContain(registo?.chave_hash)
    }
    expect(JSON.parse(entradas[0]?.depois ?? '{}')).toMatchObject({ id_loja: 862, etiqueta: 'caixa-1', loja: 'Chiado' })
    expect(JSON.parse(entradas[1]?.depois ?? '{}').revogada_em).not.toBeNull()
  })

  it('writes neither key nor entry when it refuses', async () => {
    expect(await storeKey(['999'], database.db, clock)).toMatchObject({ codigo: 1 })
    expect(await storeKey(['--revoke', 'nenhuma'], database.db, clock)).toMatchObject({ codigo: 1 })
    expect((await storeKey(['862', 'caixa-1'], database.db, clock)).codigo).toBe(0)
    expect(await storeKey(['862', 'caixa-1'], database.db, clock)).toMatchObject({ codigo: 1 })
    expect(await database.db.selectFrom('lojas_chaves').selectAll().execute()).toHaveLength(1)
    expect((await auditoria()).map((e) => e.acao)).toEqual(['chave_loja.criar'])
  })
})
