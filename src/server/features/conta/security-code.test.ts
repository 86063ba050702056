import type { InjectOptions } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { configWith } from '../../config.ts'
import { manualClock } from '../../platform/clock.ts'
import { dataKeyring, HASH_COST_MIN, hashSecret, openText, parseDataKey } from '../../platform/crypto.ts'
import { lojasChavesRepo } from '../../platform/store-keys.ts'
import { insertLoja, insertRestaurante } from '../../testing/fixtures.ts'
import {
  createTestApp,
  device,
  lastSmsCode,
  TEST_DATA_ENCRYPTION_KEY,
  type TestApp,
  testDialects,
} from '../../testing/harness.ts'
import { upgradeLegacySecurityKeys } from './service.ts'

/**
 * The security code on every device: kept sealed with the server's data key, read back only in the
 * customer's own private data, checked at the till in constant time; the keys kept only as a hash before are renewed
 * at start (docs/decisions/0004, "Security key").
 */

const PASSWORD = '135790'
const DADOS = { nome: 'Ana Silva', email: 'ana@exemplo.pt', dataNascimento: '1990-05-17', aceitacao: true }
const keyring = dataKeyring(parseDataKey(TEST_DATA_ENCRYPTION_KEY) as Buffer)
const aad = (id: number) => `utilizadores.codigo_seguranca:${id}`

describe.each(testDialects())('the security code on %s', (dialect) => {
  let t: TestApp
  let clock: ReturnType<typeof manualClock>
  let storeKey: string
  let seq = 0

  beforeEach(async () => {
    clock = manualClock('2026-11-22T10:00:00.000Z')
    t = await createTestApp(dialect, {}, { clock })
    const { id } = await insertRestaurante(t.database.db, { tag: 'nata-e-grao', name: 'Nata & Grão' })
    await insertLoja(t.database.db, { tag: 'chiado', restaurante_id: id, id_loja: 862, name: 'Chiado' })
    storeKey = (await lojasChavesRepo(t.database.db, clock).create(862, 'caixa-862')).chave
  })
  afterEach(() => t.close())

  /** Sign-up on a device of its own (device A), personal data with a password. */
  async function cliente(telemovel = '912345678', ip = '203.0.113.10') {
    const d = device(t, ip)
    const { hash } = (await d.call('POST', '/registo', { telemovel, pais: '351', termos: true })).json().data
    await d.call('POST', `/registo/${hash}`, { codigo: await lastSmsCode(t, `+351${telemovel}`) })
    const done = await d.call('POST', '/alterar-dados-pessoais', {
      ...DADOS,
      password: PASSWORD,
      confirmacaoPassword: PASSWORD,
    })
    expect(done.statusCode, done.body).toBe(200)
    return { d, id: done.json().data.user.data.id as number, telemovel }
  }

  /** Another device of the same customer, signed in with the password. */
  async function signIn(telemovel: string, ip = '198.51.100.20') {
    const d = device(t, ip)
    const res = await d.call('POST', '/login', { telemovel, pais: '351', password: PASSWORD })
    expect(res.statusCode, res.body).toBe(200)
    return d
  }

  const userData = async (d: ReturnType<typeof device>) =>
    (await d.call('POST', '/api/refresh-private-data', { value: true })).json().data.user.data

  /** The till's Store API call: identify by phone and security code. */
  function identificar(body: Record<string, string>) {
    const options: InjectOptions = {
      method: 'POST',
      url: '/api/loja/v1/clientes/identificar',
      headers: { authorization: `Bearer ${storeKey}`, 'idempotency-key': `idem-${++seq}` },
      payload: body,
    }
    return t.app.inject(options)
  }
  const porTelefone = (telemovel: string, codigo_seguranca: string) =>
    identificar({ telemovel, pais: '351', codigo_seguranca })

  const row = (id: number) =>
    t.database.db.selectFrom('utilizadores').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

  it('turned on on one device, the same code is in the private data of another device signed in later', async () => {
    const a = await cliente()
    expect((await userData(a.d)).codigo_seguranca).toBeNull()
    const on = await a.d.call('POST', '/chave-seguranca', { selecao: 1 })
    expect(on.statusCode, on.body).toBe(200)
    const codigo = on.json().data.chave as string
    expect(codigo).toMatch(/^\d{6}$/)
    expect(on.json().data.user).toMatchObject({ usar_codigo_seguranca: 1, codigo_seguranca: codigo })
    expect((await userData(a.d)).codigo_seguranca).toBe(codigo)

    const b = await signIn(a.telemovel)
    expect(await userData(b)).toMatchObject({ id: a.id, usar_codigo_seguranca: 1, codigo_seguranca: codigo })
    expect((await porTelefone(a.telemovel, codigo)).statusCode).toBe(200)

    // Off: no code in the data; on again: the same code, on both devices (no new one is made).
    const off = await b.call('POST', '/chave-seguranca', { selecao: 0 })
    expect(off.json().data.user).toMatchObject({ usar_codigo_seguranca: 0, codigo_seguranca: null })
    expect((await userData(a.d)).codigo_seguranca).toBeNull()
    const again = await b.call('POST', '/chave-seguranca', { selecao: 1 })
    expect(again.json().data).toMatchObject({ chave: null, user: { codigo_seguranca: codigo } })
    expect((await userData(a.d)).codigo_seguranca).toBe(codigo)

    // Only to that customer: nobody else's private data, and no anonymous visitor's, carries it.
    const outro = await cliente('912345679', '203.0.113.11')
    expect((await userData(outro.d)).codigo_seguranca).toBeNull()
    const anonimo = await device(t, '203.0.113.12').call('POST', '/api/refresh-private-data', { value: true })
    expect(anonimo.body).not.toContain(codigo)
  })

  it('keeps the code sealed: the column is not the code, and the code is nowhere in the row', async () => {
    const a = await cliente()
    const codigo = (await a.d.call('POST', '/chave-seguranca', { selecao: 1 })).json().data.chave as string
    const stored = await row(a.id)
    expect(stored.codigo_seguranca_hash).toBeNull()
    expect(stored.codigo_seguranca_cifrado).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/)
    expect(stored.codigo_seguranca_cifrado).not.toContain(codigo)
    for (const [coluna, valor] of Object.entries(stored)) expect(String(valor), coluna).not.toContain(codigo)
    // Sealed with the server's key for this row, not hashed or encoded.
    expect(openText(keyring, stored.codigo_seguranca_cifrado ?? '', aad(a.id))).toBe(codigo)
    // Another turn on with a new code seals it again with a fresh IV.
    const novo = (await a.d.call('POST', '/chave-seguranca', { selecao: 1, gerar: true })).json().data.chave as string
    const depois = await row(a.id)
    expect(depois.codigo_seguranca_cifrado?.split(':')[1]).not.toBe(stored.codigo_seguranca_cifrado?.split(':')[1])
    expect(openText(keyring, depois.codigo_seguranca_cifrado ?? '', aad(a.id))).toBe(novo)
  })

  it("a sealed code moved to another account opens for nobody: not in that account's data, not at the till", async () => {
    const ana = await cliente()
    const rui = await cliente('912345679', '203.0.113.11')
    const codigoAna = (await ana.d.call('POST', '/chave-seguranca', { selecao: 1 })).json().data.chave as string
    await rui.d.call('POST', '/chave-seguranca', { selecao: 1 })
    const { codigo_seguranca_cifrado } = await row(ana.id)
    await t.database.db.updateTable('utilizadores').set({ codigo_seguranca_cifrado }).where('id', '=', rui.id).execute()
    expect((await userData(rui.d)).codigo_seguranca).toBeNull()
    expect((await porTelefone(rui.telemovel, codigoAna)).statusCode).toBe(404)
    // Rui can make a new one, which works.
    const novo = (await rui.d.call('POST', '/chave-seguranca', { selecao: 1 })).json().data.chave as string
    expect(novo).toMatch(/^\d{6}$/)
    expect((await porTelefone(rui.telemovel, novo)).statusCode).toBe(200)
  })

  it("'Gerar nova chave' rotates it: the till refuses the old code and the old QR, and takes the new ones", async () => {
    const a = await cliente()
    const primeira = (await a.d.call('POST', '/chave-seguranca', { selecao: 1 })).json().data
    const antigo = primeira.chave as string
    const qrAntigo = primeira.user.qrCode as string
    expect((await porTelefone(a.telemovel, antigo)).statusCode).toBe(200)

    const b = await signIn(a.telemovel)
    const gerada = await b.call('POST', '/chave-seguranca', { selecao: 1, gerar: true })
    expect(gerada.statusCode, gerada.body).toBe(200)
    const novo = gerada.json().data.chave as string
    expect(novo).toMatch(/^\d{6}$/)
    // The device that made the old one reads the new one.
    const emA = await userData(a.d)
    expect(emA.codigo_seguranca).toBe(novo)
    expect(emA.qrCode).not.toBe(qrAntigo)

    if (novo !== antigo) expect((await porTelefone(a.telemovel, antigo)).statusCode).toBe(404)
    expect((await identificar({ qr: qrAntigo })).statusCode).toBe(404)
    expect((await porTelefone(a.telemovel, novo)).statusCode).toBe(200)
    expect((await identificar({ qr: emA.qrCode })).statusCode).toBe(200)
  })

  describe('keys from before codes were sealed (only a scrypt hash)', () => {
    /** Makes the account's key what the earlier version left: on (or off) with only the hash of `codigo`. */
    async function legado(id: number, codigo: string, usar: 0 | 1) {
      await t.database.db
        .updateTable('utilizadores')
        .set({
          usar_codigo_seguranca: usar,
          codigo_seguranca_hash: await hashSecret(codigo),
          codigo_seguranca_cifrado: null,
        })
        .where('id', '=', id)
        .execute()
    }

    it('are checked against their hash until upgraded, then get one new code, readable, that the till takes', async () => {
      const ana = await cliente()
      const rui = await cliente('912345679', '203.0.113.11')
      await legado(ana.id, '246802', 1)
      await legado(rui.id, '135791', 0)
      const qrAntes = (await row(ana.id)).qr_code

      // Before the upgrade: the code cannot be shown, but the till still takes it (the hash).
      expect(await userData(ana.d)).toMatchObject({ usar_codigo_seguranca: 1, codigo_seguranca: null })
      expect((await porTelefone(ana.telemovel, '246802')).statusCode).toBe(200)

      // Several processes starting at once, then one more start: each legacy key is renewed exactly once.
      const renovados = await Promise.all([
        upgradeLegacySecurityKeys(t.database.db, keyring, clock),
        upgradeLegacySecurityKeys(t.database.db, keyring, clock),
        upgradeLegacySecurityKeys(t.database.db, keyring, clock),
      ])
      expect(renovados.flat()).toEqual([ana.id])
      const depois = await row(ana.id)
      expect(await upgradeLegacySecurityKeys(t.database.db, keyring, clock)).toEqual([])
      expect(await row(ana.id)).toEqual(depois)

      expect(depois.codigo_seguranca_hash).toBeNull()
      expect(depois.qr_code).not.toBe(qrAntes)
      const codigo = openText(keyring, depois.codigo_seguranca_cifrado ?? '', aad(ana.id))
      expect(codigo).toMatch(/^\d{6}$/)
      expect(await userData(ana.d)).toMatchObject({ codigo_seguranca: codigo, qrCode: depois.qr_code })
      expect(await userData(await signIn(ana.telemovel))).toMatchObject({ codigo_seguranca: codigo })
      expect((await porTelefone(ana.telemovel, codigo)).statusCode).toBe(200)
      if (codigo !== '246802') expect((await porTelefone(ana.telemovel, '246802')).statusCode).toBe(404)

      // A key that was off only loses its hash: its QR stays; turned on, it gets a code of its own.
      const ruiDepois = await row(rui.id)
      expect(ruiDepois).toMatchObject({ codigo_seguranca_hash: null, codigo_seguranca_cifrado: null })
      const on = (await rui.d.call('POST', '/chave-seguranca', { selecao: 1 })).json().data
      expect(on.chave).toMatch(/^\d{6}$/)
      expect(on.user.codigo_seguranca).toBe(on.chave)
    })

    it('are upgraded when the app starts, by every process starting at once', async () => {
      const ana = await cliente()
      await legado(ana.id, '246802', 1)
      const config = configWith({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        WEB_DIST: 'dist/none',
        HASH_COST: HASH_COST_MIN,
        DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
      })
      const apps = await Promise.all([buildApp(config, t.database, { clock }), buildApp(config, t.database, { clock })])
      await Promise.all(apps.map((app) => app.close()))
      const depois = await row(ana.id)
      expect(depois.codigo_seguranca_hash).toBeNull()
      const codigo = openText(keyring, depois.codigo_seguranca_cifrado ?? '', aad(ana.id))
      expect((await userData(ana.d)).codigo_seguranca).toBe(codigo)
      expect((await porTelefone(ana.telemovel, codigo)).statusCode).toBe(200)
    })
  })
})
