import { randomBytes, scryptSync } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../config.ts'
import {
  DATA_KEY_BYTES,
  dataKeyFileFor,
  dataKeyFromFile,
  dataKeyring,
  dataKeyringFor,
  HASH_COST_DEFAULT,
  hashSecret,
  openText,
  parseDataKey,
  SealedValueError,
  sealText,
  secretsEqual,
  setHashCost,
  verifySecret,
} from './crypto.ts'

describe('secret hashing', () => {
  it('records its cost in each hash, so a change of cost never breaks the hashes already stored', async () => {
    setHashCost(10)
    const cheap = await hashSecret('135790')
    expect(cheap).toMatch(/^scrypt\$10\$[\w-]+\$[\w-]+$/)
    setHashCost(HASH_COST_DEFAULT)
    const dear = await hashSecret('135790')
    expect(dear).toMatch(/^scrypt\$14\$/)
    expect(await verifySecret('135790', cheap)).toBe(true)
    expect(await verifySecret('135790', dear)).toBe(true)
    expect(await verifySecret('135791', cheap)).toBe(false)
  })

  it('still reads the hashes written before the cost was recorded (scrypt$salt$hash, cost 14)', async () => {
    const salt = randomBytes(16)
    const key = scryptSync('2468', salt, 32, { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 })
    const legacy = `scrypt$${salt.toString('base64url')}$${key.toString('base64url')}`
    expect(await verifySecret('2468', legacy)).toBe(true)
    expect(await verifySecret('2469', legacy)).toBe(false)
  })

  it('refuses a forged cost, and nothing to compare, as a wrong secret', async () => {
    const real = await hashSecret('1')
    expect(await verifySecret('1', real.replace(/^scrypt\$\d+\$/, 'scrypt$30$'))).toBe(false)
    expect(await verifySecret('1', null)).toBe(false)
    expect(await verifySecret('1', 'md5$x$y')).toBe(false)
  })

  it('production refuses a cost below 14', () => {
    const production = {
      NODE_ENV: 'production',
      SMS_PROVIDER: 'outbox',
      EMAIL_PROVIDER: 'outbox',
      TRUST_PROXY: '1',
      PAYMENT_PROVIDER: 'ifthenpay',
      IFTHENPAY_MBWAY_KEY: 'k',
      IFTHENPAY_ANTI_PHISHING_KEY: 'k',
      IFTHENPAY_BACKOFFICE_KEY: 'k',
      APP_URL: 'https://app.exemplo.pt',
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    }
    expect(() => loadConfig({ ...production, HASH_COST: '10' })).toThrow(ConfigError)
    expect(loadConfig({ ...production }).HASH_COST).toBe(14)
  })
})

describe('values sealed at rest (AES-256-GCM)', () => {
  const keyring = dataKeyring(randomBytes(DATA_KEY_BYTES))
  const AAD = 'utilizadores.codigo_seguranca:42'

  it('opens what it sealed, under a version prefix, with a fresh IV each time', () => {
    const sealed = sealText(keyring, '123456', AAD)
    expect(sealed).toMatch(/^v1:[\w-]{16}:[\w-]+:[\w-]{22}$/)
    expect(sealed).not.toContain('123456')
    expect(openText(keyring, sealed, AAD)).toBe('123456')
    const again = sealText(keyring, '123456', AAD)
    expect(again).not.toBe(sealed)
    expect(again.split(':')[1]).not.toBe(sealed.split(':')[1])
    expect(openText(keyring, sealText(keyring, '', AAD), AAD)).toBe('')
  })

  it('refuses another row or column (additional authenticated data)', () => {
    const sealed = sealText(keyring, '123456', AAD)
    expect(() => openText(keyring, sealed, 'utilizadores.codigo_seguranca:43')).toThrow(SealedValueError)
    expect(() => openText(keyring, sealed, 'outra.coluna:42')).toThrow(SealedValueError)
  })

  it('refuses a tampered value: ciphertext, tag, IV or shape', () => {
    const sealed = sealText(keyring, '123456', AAD)
    const [version, iv, ciphertext, tag] = sealed.split(':') as [string, string, string, string]
    const flip = (b64: string) => {
      const bytes = Buffer.from(b64, 'base64url')
      bytes[0] = (bytes[0] ?? 0) ^ 1
      return bytes.toString('base64url')
    }
    for (const bad of [
      [version, iv, flip(ciphertext), tag],
      [version, iv, ciphertext, flip(tag)],
      [version, flip(iv), ciphertext, tag],
      [version, iv, ciphertext, tag.slice(0, 10)],
      [version, iv, ciphertext],
      [version, iv, `${ciphertext}AA`, tag],
    ]) {
      expect(() => openText(keyring, bad.join(':'), AAD), bad.join(':')).toThrow(SealedValueError)
    }
    expect(() => openText(keyring, 'scrypt$14$abc$def', AAD)).toThrow(SealedValueError)
  })

  it('refuses another key, and a version it has no key for; a rotated keyring still opens the old values', () => {
    const sealed = sealText(keyring, '123456', AAD)
    expect(() => openText(dataKeyring(randomBytes(DATA_KEY_BYTES)), sealed, AAD)).toThrow(SealedValueError)
    const old = keyring.keys.get('v1') as Buffer
    const rotated = dataKeyring(randomBytes(DATA_KEY_BYTES), 'v2', { v1: old })
    expect(openText(rotated, sealed, AAD)).toBe('123456')
    const newer = sealText(rotated, '654321', AAD)
    expect(newer.startsWith('v2:')).toBe(true)
    expect(() => openText(keyring, newer, AAD)).toThrow(SealedValueError)
  })

  it('compares secrets in constant time, whatever their lengths', () => {
    expect(secretsEqual('123456', '123456')).toBe(true)
    expect(secretsEqual('123456', '123457')).toBe(false)
    expect(secretsEqual('123456', '1234567')).toBe(false)
    expect(secretsEqual('', '123456')).toBe(false)
  })

  it('reads DATA_ENCRYPTION_KEY as base64 of exactly 32 bytes, and requires it in production', () => {
    const key = randomBytes(32)
    expect(parseDataKey(key.toString('base64'))?.equals(key)).toBe(true)
    expect(parseDataKey(key.toString('base64url'))?.equals(key)).toBe(true)
    expect(parseDataKey(randomBytes(31).toString('base64'))).toBeUndefined()
    expect(parseDataKey(randomBytes(33).toString('base64'))).toBeUndefined()
    expect(parseDataKey('x'.repeat(44))).toBeUndefined()
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY: 'uma frase secreta com mais de 32 caracteres' })).toThrow(
      /DATA_ENCRYPTION_KEY: 32 bytes/,
    )
    const production = {
      NODE_ENV: 'production',
      SMS_PROVIDER: 'outbox',
      EMAIL_PROVIDER: 'outbox',
      TRUST_PROXY: '1',
      PAYMENT_PROVIDER: 'ifthenpay',
      IFTHENPAY_MBWAY_KEY: 'k',
      IFTHENPAY_ANTI_PHISHING_KEY: 'k',
      IFTHENPAY_BACKOFFICE_KEY: 'k',
      APP_URL: 'https://app.exemplo.pt',
    }
    expect(() => loadConfig(production)).toThrow(/DATA_ENCRYPTION_KEY: obrigatório em produção/)
    expect(loadConfig({ ...production, DATA_ENCRYPTION_KEY: key.toString('base64') }).DATA_ENCRYPTION_KEY).toBe(
      key.toString('base64'),
    )
  })
})

describe('the data key file (outside production, DATA_ENCRYPTION_KEY unset)', () => {
  it('lives beside the SQLite file, or in ./data', () => {
    expect(dataKeyFileFor('sqlite:./data/balcao.sqlite')).toBe(resolve('data/encryption.key'))
    expect(dataKeyFileFor('sqlite:.tmp/e2e-demo-4101.sqlite')).toBe(resolve('.tmp/encryption.key'))
    expect(dataKeyFileFor('/var/lib/balcao/db.sqlite')).toBe('/var/lib/balcao/encryption.key')
    expect(dataKeyFileFor('postgres://postgres@127.0.0.1:5432/balcao')).toBe(resolve('data/encryption.key'))
    expect(dataKeyFileFor(':memory:')).toBe(resolve('data/encryption.key'))
  })

  it('is made once, mode 0600, and processes starting at once all get the same key', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'balcao-key-'))
    try {
      const file = join(dir, 'dados', 'encryption.key')
      const keys = await Promise.all(Array.from({ length: 8 }, () => dataKeyFromFile(file)))
      for (const key of keys) expect(key.equals(keys[0] as Buffer)).toBe(true)
      expect((await stat(file)).mode & 0o777).toBe(0o600)
      expect(parseDataKey(await readFile(file, 'utf8'))?.equals(keys[0] as Buffer)).toBe(true)
      // No drafts left behind; a later start reads the same key.
      expect(await readdir(join(dir, 'dados'))).toEqual(['encryption.key'])
      expect((await dataKeyFromFile(file)).equals(keys[0] as Buffer)).toBe(true)
      const keyring = await dataKeyringFor({
        configured: undefined,
        production: false,
        databaseUrl: `sqlite:${join(dir, 'dados', 'balcao.sqlite')}`,
      })
      expect(keyring.keys.get('v1')?.equals(keys[0] as Buffer)).toBe(true)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('stops on a file that is not a key, rather than sealing with another one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'balcao-key-'))
    try {
      const file = join(dir, 'encryption.key')
      await writeFile(file, 'não é uma chave\n')
      await expect(dataKeyFromFile(file)).rejects.toThrow(/not a data key/)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('is never used in production, nor when the variable is set', async () => {
    await expect(dataKeyringFor({ configured: undefined, production: true, databaseUrl: ':memory:' })).rejects.toThrow(
      /DATA_ENCRYPTION_KEY/,
    )
    const key = randomBytes(32)
    const keyring = await dataKeyringFor({
      configured: key.toString('base64'),
      production: true,
      databaseUrl: 'sqlite:/nonexistent/dir/db.sqlite',
    })
    expect(keyring.keys.get('v1')?.equals(key)).toBe(true)
  })
})
