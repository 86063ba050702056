import { createHash, randomBytes, randomInt, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto'

/** An opaque random token (session, SMS hash), URL-safe. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url')

/** Tokens are stored only as their SHA-256. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

/** `n` uniformly random decimal digits. */
export function randomDigits(n: number): string {
  let out = ''
  for (let i = 0; i < n; i++) out += String(randomInt(10))
  return out
}

/** scrypt's cost as log2 of N. 14 (N = 16384) is the production floor; each step up doubles time and memory. */
export const HASH_COST_DEFAULT = 14
export const HASH_COST_MIN = 10
export const HASH_COST_MAX = 16

/**
 * The cost new hashes are made with (configuration HASH_COST, set by buildApp). Each hash records its own cost, so a
 * change never breaks the hashes already stored; tests that do not test hashing run at the minimum.
 */
let currentCost = HASH_COST_DEFAULT
export function setHashCost(logN: number): void {
  if (!Number.isInteger(logN) || logN < HASH_COST_MIN || logN > HASH_COST_MAX)
    throw new Error(`bad scrypt cost ${logN}`)
  currentCost = logN
}

const KEY_LENGTH = 32

function scryptAsync(secret: string, salt: Buffer, logN: number): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** logN, r: 8, p: 1, maxmem: 256 * 1024 * 1024 }
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  )
}

/**
 * Passwords, security keys and SMS codes: scrypt with a salt of their own, `scrypt$cost$salt$hash` (salt and hash in
 * base64url). Hashes from before the cost was recorded read `scrypt$salt$hash`, at the default cost.
 */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scryptAsync(secret, salt, currentCost)
  return `scrypt$${currentCost}$${salt.toString('base64url')}$${key.toString('base64url')}`
}

function parseHash(stored: string | null): { logN: number; salt: string; hash: string } | undefined {
  const parts = (stored ?? '').split('$')
  if (parts[0] !== 'scrypt') return undefined
  const [logN, salt, hash] =
    parts.length === 3 ? [HASH_COST_DEFAULT, parts[1], parts[2]] : [Number(parts[1]), parts[2], parts[3]]
  if (!salt || !hash || !Number.isInteger(logN) || logN < HASH_COST_MIN || logN > HASH_COST_MAX) return undefined
  return { logN, salt, hash }
}

export async function verifySecret(secret: string, stored: string | null): Promise<boolean> {
  const parsed = parseHash(stored)
  if (!parsed) {
    // Spend the same time as a real check, so the answer does not tell whether there was anything to compare.
    await scryptAsync(secret, Buffer.alloc(16), currentCost)
    return false
  }
  const expected = Buffer.from(parsed.hash, 'base64url')
  const actual = await scryptAsync(secret, Buffer.from(parsed.salt, 'base64url'), parsed.logN)
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}
