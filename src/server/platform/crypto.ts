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

const SCRYPT: ScryptOptions = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }
const KEY_LENGTH = 32

function scryptAsync(secret: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, KEY_LENGTH, SCRYPT, (error, key) => (error ? reject(error) : resolve(key))),
  )
}

/** Passwords, security keys and SMS codes: scrypt with a salt of their own, `scrypt$salt$hash` in base64url. */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scryptAsync(secret, salt)
  return `scrypt$${salt.toString('base64url')}$${key.toString('base64url')}`
}

export async function verifySecret(secret: string, stored: string | null): Promise<boolean> {
  const [scheme, salt, hash] = (stored ?? '').split('$')
  if (scheme !== 'scrypt' || !salt || !hash) {
    // Spend the same time as a real check, so the answer does not tell whether there was anything to compare.
    await scryptAsync(secret, Buffer.alloc(16))
    return false
  }
  const expected = Buffer.from(hash, 'base64url')
  const actual = await scryptAsync(secret, Buffer.from(salt, 'base64url'))
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}
