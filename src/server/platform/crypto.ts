import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
  randomInt,
  type ScryptOptions,
  scrypt,
  timingSafeEqual,
} from 'node:crypto'
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'

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

/** Two secrets compared in constant time: their SHA-256 digests, equal-length buffers whatever the inputs' lengths. */
export function secretsEqual(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest())
}

/**
 * Values kept encrypted at rest (the customer's security code): AES-256-GCM with a server key that is never in the
 * database (DATA_ENCRYPTION_KEY, or a file beside the data outside production; docs/decisions/0004). Each value has a
 * random 96-bit IV of its own and is bound to its place by additional authenticated data (the table, the column and
 * the row's id), so a ciphertext copied to another account does not open. Stored as `<version>:<iv>:<ciphertext>:<tag>`
 * (base64url): the version names the key, so a new key can seal new values while the old one still opens the others.
 */
export const DATA_KEY_BYTES = 32
const GCM_IV_BYTES = 12
const GCM_TAG_BYTES = 16

export interface DataKeyring {
  /** The version new values are sealed with. */
  current: string
  /** Every key that may open a stored value, by version. */
  keys: ReadonlyMap<string, Buffer>
}

/** A keyring of one key (today's only version, `v1`); a rotation adds the new key under `v2` and keeps `v1`. */
export function dataKeyring(key: Buffer, version = 'v1', older: Record<string, Buffer> = {}): DataKeyring {
  const keys = new Map(Object.entries(older))
  keys.set(version, key)
  for (const [v, k] of keys) {
    if (!/^v\d+$/.test(v) || k.length !== DATA_KEY_BYTES) throw new Error(`bad data key ${v}`)
  }
  return { current: version, keys }
}

/** 32 bytes from their base64 (standard or URL-safe, padding optional), or undefined. */
export function parseDataKey(text: string): Buffer | undefined {
  const trimmed = text.trim()
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) return undefined
  const key = Buffer.from(trimmed, 'base64')
  return key.length === DATA_KEY_BYTES ? key : undefined
}

export class SealedValueError extends Error {}

export function sealText(keyring: DataKeyring, plaintext: string, aad: string): string {
  const key = keyring.keys.get(keyring.current)
  if (!key) throw new Error(`no data key ${keyring.current}`)
  const iv = randomBytes(GCM_IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: GCM_TAG_BYTES })
  cipher.setAAD(Buffer.from(aad, 'utf8'))
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  const tag = cipher.getAuthTag()
  return [keyring.current, iv, ciphertext, tag]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join(':')
}

/** The plaintext of a sealed value; SealedValueError if it is malformed, of an unknown key, tampered or misplaced. */
export function openText(keyring: DataKeyring, sealed: string, aad: string): string {
  const parts = sealed.split(':')
  const [version, iv64, ciphertext64, tag64] = parts
  const key = version === undefined ? undefined : keyring.keys.get(version)
  if (parts.length !== 4 || !key || iv64 === undefined || ciphertext64 === undefined || tag64 === undefined) {
    throw new SealedValueError('sealed value: malformed or of an unknown key')
  }
  const iv = Buffer.from(iv64, 'base64url')
  const tag = Buffer.from(tag64, 'base64url')
  if (iv.length !== GCM_IV_BYTES || tag.length !== GCM_TAG_BYTES) throw new SealedValueError('sealed value: malformed')
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: GCM_TAG_BYTES })
    decipher.setAAD(Buffer.from(aad, 'utf8'))
    decipher.setAuthTag(tag)
    return Buffer.concat([decipher.update(Buffer.from(ciphertext64, 'base64url')), decipher.final()]).toString('utf8')
  } catch {
    throw new SealedValueError('sealed value: does not authenticate (wrong key, tampered or moved)')
  }
}

/** Where the data key is kept when DATA_ENCRYPTION_KEY is unset (outside production): beside the SQLite file, or ./data. */
export function dataKeyFileFor(databaseUrl: string): string {
  const sqliteFile = /^(postgres(ql)?:\/\/)/.test(databaseUrl)
    ? null
    : databaseUrl.replace(/^(sqlite|file):(\/\/)?/, '')
  const dir = sqliteFile && sqliteFile !== ':memory:' ? dirname(resolve(sqliteFile)) : resolve('data')
  return join(dir, 'encryption.key')
}

/**
 * The data key kept in `file`, made the first time (32 random bytes, base64, mode 0600). The file appears whole or not
 * at all: it is written under a name of its own and then linked into place, which fails if another process got there
 * first, so processes starting at once all end up with the one key that won.
 */
export async function dataKeyFromFile(file: string): Promise<Buffer> {
  const read = async () => {
    const key = parseDataKey(await readFile(file, 'utf8'))
    if (!key)
      throw new Error(`${file}: not a data key (32 bytes in base64); it holds the key of the data encrypted so far`)
    return key
  }
  try {
    return await read()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  await mkdir(dirname(file), { recursive: true, mode: 0o700 })
  const draft = `${file}.${process.pid}.${randomToken(6)}.tmp`
  await writeFile(draft, `${randomBytes(DATA_KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' })
  try {
    await link(draft, file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  } finally {
    await unlink(draft)
  }
  return read()
}

/**
 * The app's data keyring: DATA_ENCRYPTION_KEY when set (config.ts checked it, and requires it in production), else the
 * key file beside the data (dataKeyFileFor), made on the first start.
 */
export async function dataKeyringFor(settings: {
  configured: string | undefined
  production: boolean
  databaseUrl: string
}): Promise<DataKeyring> {
  if (settings.configured) {
    const key = parseDataKey(settings.configured)
    if (!key) throw new Error('DATA_ENCRYPTION_KEY: 32 bytes em base64')
    return dataKeyring(key)
  }
  if (settings.production) throw new Error('DATA_ENCRYPTION_KEY: obrigatório em produção')
  return dataKeyring(await dataKeyFromFile(dataKeyFileFor(settings.databaseUrl)))
}
