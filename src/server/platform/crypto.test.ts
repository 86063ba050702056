import { randomBytes, scryptSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../config.ts'
import { HASH_COST_DEFAULT, hashSecret, setHashCost, verifySecret } from './crypto.ts'

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
      TRUST_PROXY: '1',
      PAYMENT_PROVIDER: 'ifthenpay',
      IFTHENPAY_MBWAY_KEY: 'k',
      IFTHENPAY_ANTI_PHISHING_KEY: 'k',
      IFTHENPAY_BACKOFFICE_KEY: 'k',
    }
    expect(() => loadConfig({ ...production, HASH_COST: '10' })).toThrow(ConfigError)
    expect(loadConfig({ ...production }).HASH_COST).toBe(14)
  })
})
