import { createHash, randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import type { Insertable } from 'kysely'
import sharp from 'sharp'
import { imagensMensagens } from '../../shared/admin-imagens.ts'
import {
  IMAGE_BASE,
  IMAGE_HASH_LENGTH,
  type SourceExtension,
  sourceFileName,
  VARIANT_FORMATS,
  VARIANT_TYPES,
  type VariantFormat,
  variantFileName,
  variantHeight,
  variantWidths,
} from '../../shared/imagens.ts'
import type { ImagensTable } from '../db/schema.ts'
import type { Database, DatabaseTransaction } from './db.ts'
import { HttpError } from './errors.ts'

/**
 * The image pipeline: a source (SVG drawn by the seed, or a JPEG/PNG/WebP upload) becomes AVIF and WebP variants at
 * the widths of `variantWidths` (src/shared/imagens.ts), never wider than the source, stored beside it in `imagens`.
 */

/** Part of every name's hash: bump it when the encoder settings change, so that no cache keeps the old bytes. */
export const PIPELINE_VERSION = 1

// Low efforts: a cold seed encodes some 400 variants on a two-core CI machine. Against libaom's default effort 4,
// effort 1 makes the demo art's AVIFs about 15% larger and encodes them five to ten times faster; WebP effort 2 costs
// 3% more bytes than 4 for 40% less time. 4:2:0 chroma is invisible on flat art and 6% smaller than 4:4:4.
const AVIF_OPTIONS = { quality: 50, effort: 1, chromaSubsampling: '4:2:0' } as const
const WEBP_OPTIONS = { quality: 80, effort: 2 } as const

export type SourceType = 'image/svg+xml' | 'image/jpeg' | 'image/png' | 'image/webp'

const EXTENSION_OF: Record<SourceType, SourceExtension> = {
  'image/svg+xml': 'svg',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
}

const RASTER_TYPES: Record<string, SourceType> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' }

export interface ImageVariant {
  format: VariantFormat
  width: number
  height: number
  data: Buffer
}

export interface ProcessedImage {
  type: SourceType
  /** Design size: an SVG's width and height attributes, a raster's pixels (upright, as its EXIF orientation says). */
  width: number
  height: number
  /** The content hash the names carry. */
  hash: string
  /** Narrowest first, AVIF before WebP at each width. */
  variants: ImageVariant[]
}

export interface ProcessOptions {
  /**
   * Keep the encoded variants on disk under this folder, by the source's hash, and in this process's memory: the seed
   * draws the same pictures on every run, and encoding them is most of its time. Uploads leave it unset.
   */
  cacheDir?: string
  /**
   * The most pixels a raster source may have (sharp's `limitInputPixels`): sharp refuses a larger one before decoding
   * it. Uploads set it (the back-office's limit); unset, sharp's own default holds.
   */
  limitInputPixels?: number
}

/** Where the seed keeps its encoded variants (beside other tools' caches, ignored by git, gone with node_modules). */
export const SEED_IMAGE_CACHE = fileURLToPath(new URL('../../../node_modules/.cache/balcao-images', import.meta.url))

/** The full hash of a source (and of the pipeline's version): its cache entry's name. */
export function cacheKey(source: Buffer | string): string {
  return createHash('sha256').update(`balcao-images/${PIPELINE_VERSION}\0`).update(source).digest('hex')
}

/** The hash a source's names carry: of its bytes and of the pipeline's version. */
export function contentHash(source: Buffer | string): string {
  return cacheKey(source).slice(0, IMAGE_HASH_LENGTH)
}

/** The design size an SVG declares on its root element (whole pixels), or null. */
export function svgSize(svg: string): { width: number; height: number } | null {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? ''
  const width = /\swidth="(\d+)"/.exec(root)?.[1]
  const height = /\sheight="(\d+)"/.exec(root)?.[1]
  return width && height ? { width: Number(width), height: Number(height) } : null
}

/** The file name of an SVG source, known without encoding it (the seed's content points at it before it is stored). */
export function svgFileName(base: string, svg: string): string {
  const size = svgSize(svg)
  if (!size) throw new Error(`SVG sem largura e altura: ${base}`)
  return sourceFileName({ base, ...size, hash: contentHash(svg), extension: 'svg' })
}

export function imageFileName(base: string, image: Pick<ProcessedImage, 'type' | 'width' | 'height' | 'hash'>): string {
  if (!IMAGE_BASE.test(base)) throw new Error(`Nome de imagem inválido: ${base}`)
  return sourceFileName({
    base,
    width: image.width,
    height: image.height,
    hash: image.hash,
    extension: EXTENSION_OF[image.type],
  })
}

/**
 * Encodes a source: a string is SVG markup (trusted: drawn by our own code), a Buffer a JPEG, PNG or WebP. SVG in a
 * Buffer is refused, so that an upload can never store markup that a browser would run.
 */
export async function processImage(source: string | Buffer, options: ProcessOptions = {}): Promise<ProcessedImage> {
  const { cacheDir, limitInputPixels } = options
  if (!cacheDir) return encode(source, limitInputPixels)
  const key = cacheKey(source)
  const memoKey = `${cacheDir}\0${key}`
  let pending = memo.get(memoKey)
  if (!pending) {
    pending = throughCache(cacheDir, key, () => encode(source))
    memo.set(memoKey, pending)
    pending.catch(() => memo.delete(memoKey))
  }
  return pending
}

const memo = new Map<string, Promise<ProcessedImage>>()

/** How often a process waiting for another's encoding looks for its result. */
const LOCK_POLL_MS = 50
/** A lock older than this is from a process that died mid-encoding (one image takes well under a second). */
const LOCK_STALE_MS = 60_000

/**
 * The cached image, or `make()`'s, written to the cache. Parallel processes (test workers seeding at once on a cold
 * cache) share the work: whoever creates an image's lock file encodes it, the others wait for the file it writes.
 */
async function throughCache(dir: string, key: string, make: () => Promise<ProcessedImage>): Promise<ProcessedImage> {
  const lock = join(dir, `${key}.lock`)
  for (;;) {
    const hit = await readCache(dir, key)
    if (hit) return hit
    try {
      await mkdir(dir, { recursive: true })
      await writeFile(lock, String(process.pid), { flag: 'wx' })
    } catch (error) {
      // Not ours to encode now: someone holds the lock. Any other failure: no usable cache, so encode here.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return make()
      if (await isStaleLock(lock)) await rm(lock, { force: true })
      else await sleep(LOCK_POLL_MS)
      continue
    }
    try {
      const image = await make()
      await writeCache(dir, key, image)
      return image
    } finally {
      await rm(lock, { force: true })
    }
  }
}

async function isStaleLock(lock: string): Promise<boolean> {
  try {
    const [pid, info] = await Promise.all([readFile(lock, 'utf8'), stat(lock)])
    if (Date.now() - info.mtimeMs > LOCK_STALE_MS) return true
    // A lock left by a process that was stopped (Ctrl-C during a cold seed) must not hold the next run up.
    process.kill(Number(pid), 0)
    return false
  } catch (error) {
    // Gone meanwhile (ENOENT: look again), or its process no longer exists (ESRCH).
    return (error as NodeJS.ErrnoException).code === 'ESRCH'
  }
}

async function encode(source: string | Buffer, limitInputPixels?: number): Promise<ProcessedImage> {
  const svg = typeof source === 'string'
  const input = svg ? Buffer.from(source) : source
  const limit = limitInputPixels === undefined ? {} : { limitInputPixels }
  const meta = await sharp(input, { autoOrient: true, ...limit }).metadata()
  const type = svg ? (meta.format === 'svg' ? 'image/svg+xml' : undefined) : RASTER_TYPES[meta.format ?? '']
  if (!type) throw new Error(`Formato de imagem não suportado: ${meta.format ?? 'desconhecido'}`)
  const width = meta.autoOrient?.width ?? meta.width
  const height = meta.autoOrient?.height ?? meta.height
  if (!width || !height) throw new Error('Imagem sem dimensões')
  const variants = await Promise.all(
    variantWidths(width).flatMap((w) =>
      VARIANT_FORMATS.map((format) => encodeVariant(input, svg, { width, height }, w, format, limit)),
    ),
  )
  return { type, width, height, hash: contentHash(source), variants }
}

async function encodeVariant(
  input: Buffer,
  svg: boolean,
  source: { width: number; height: number },
  width: number,
  format: VariantFormat,
  limit: { limitInputPixels?: number },
): Promise<ImageVariant> {
  const height = variantHeight(source, width)
  // A vector is drawn at the variant's own size (crisp text and edges), not drawn large and scaled down.
  const image = svg
    ? sharp(input, { density: (72 * width) / source.width })
    : sharp(input, { autoOrient: true, ...limit })
  const sized = image.resize(width, height, { fit: 'fill' })
  const data = await (format === 'avif' ? sized.avif(AVIF_OPTIONS) : sized.webp(WEBP_OPTIONS)).toBuffer()
  return { format, width, height, data }
}

// Cache file: a 4-byte length, a JSON header (the image without its bytes), then the variants' bytes in order.

interface CacheHeader extends Omit<ProcessedImage, 'variants'> {
  variants: (Omit<ImageVariant, 'data'> & { length: number })[]
}

async function readCache(dir: string, key: string): Promise<ProcessedImage | null> {
  try {
    const file = await readFile(join(dir, `${key}.bin`))
    const headerLength = file.readUInt32BE(0)
    const header = JSON.parse(file.subarray(4, 4 + headerLength).toString('utf8')) as CacheHeader
    let offset = 4 + headerLength
    const variants = header.variants.map(({ length, ...v }) => {
      const data = file.subarray(offset, offset + length)
      offset += length
      return { ...v, data }
    })
    if (offset !== file.length) return null
    return { ...header, variants }
  } catch {
    return null
  }
}

async function writeCache(dir: string, key: string, image: ProcessedImage): Promise<void> {
  const header: CacheHeader = {
    ...image,
    variants: image.variants.map(({ data, ...v }) => ({ ...v, length: data.length })),
  }
  const json = Buffer.from(JSON.stringify(header))
  const length = Buffer.alloc(4)
  length.writeUInt32BE(json.length)
  // Written aside and renamed into place: parallel test processes seeding at once never read half a file.
  const temporary = join(dir, `${key}.${randomBytes(6).toString('hex')}.tmp`)
  try {
    await mkdir(dir, { recursive: true })
    await writeFile(temporary, Buffer.concat([length, json, ...image.variants.map((v) => v.data)]))
    await rename(temporary, join(dir, `${key}.bin`))
  } catch {
    // Only a cache (a read-only node_modules, a full disk): the next seed encodes again.
    await rm(temporary, { force: true }).catch(() => {})
  }
}

/** The rows of `imagens` for a source and its variants: the source under `fileName`, each variant beside it. */
export function imageRows(
  fileName: string,
  source: string | Buffer,
  image: ProcessedImage,
  now: string,
): Insertable<ImagensTable>[] {
  const original: Insertable<ImagensTable> = {
    nome: fileName,
    tipo: image.type,
    conteudo: typeof source === 'string' ? source : null,
    dados: typeof source === 'string' ? null : source,
    largura: image.width,
    altura: image.height,
    origem: null,
    atualizado_em: now,
  }
  return [
    original,
    ...image.variants.map((v) => ({
      nome: variantFileName(fileName, v.width, v.format),
      tipo: VARIANT_TYPES[v.format],
      conteudo: null,
      dados: v.data,
      largura: v.width,
      altura: v.height,
      origem: fileName,
      atualizado_em: now,
    })),
  ]
}

/**
 * Encodes and stores one image under `base` (e.g. `novidade-natal-2026-lista`) and returns the URL content rows
 * point at. Storing the same source again is a no-op: its name is its content.
 */
export async function storeImage(
  db: Database,
  base: string,
  source: string | Buffer,
  options: ProcessOptions = {},
): Promise<string> {
  const image = await processImage(source, options)
  return (await saveImage(db, imageFileName(base, image), source, image)).url
}

/**
 * Stores an encoded image under `fileName` (nothing new when it is there already) and answers its URL; `registar`,
 * when given, runs in the storing transaction (an upload's audit entry).
 */
export async function saveImage(
  db: Database,
  fileName: string,
  source: string | Buffer,
  image: ProcessedImage,
  registar?: (trx: DatabaseTransaction, stored: StoredImage) => Promise<void>,
): Promise<StoredImage & { url: string }> {
  const rows = imageRows(fileName, source, image, new Date().toISOString())
  const stored = await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('imagens').select('nome').where('nome', '=', fileName).executeTakeFirst()
    if (!existing) for (const row of rows) await trx.insertInto('imagens').values(row).execute()
    const result = { nome: fileName, tipo: image.type, largura: image.width, altura: image.height, nova: !existing }
    await registar?.(trx, result)
    return result
  })
  return { ...stored, url: `/imagens/${fileName}` }
}

/** What `saveImage` tells its record (the back-office's audit entry, written in the same transaction). */
export interface StoredImage {
  nome: string
  tipo: SourceType
  largura: number
  altura: number
  /** False when the same bytes were stored before (nothing new was written). */
  nova: boolean
}

/** A stored image by its file name, as the image route serves it: its type and bytes. */
export async function findStoredImage(
  db: Database,
  nome: string,
): Promise<{ tipo: string; body: string | Buffer } | undefined> {
  const image = await db
    .selectFrom('imagens')
    .select(['tipo', 'conteudo', 'dados'])
    .where('nome', '=', nome)
    .executeTakeFirst()
  const body = image?.conteudo ?? image?.dados
  return image && body != null ? { tipo: image.tipo, body } : undefined
}

/** Whether a source stored by the pipeline (not a variant) is called `nome`: what content may point at. */
export async function sourceImageExists(db: Database, nome: string): Promise<boolean> {
  const row = await db
    .selectFrom('imagens')
    .select('nome')
    .where('nome', '=', nome)
    .where('origem', 'is', null)
    .executeTakeFirst()
  return row !== undefined
}

/** An image content points at must be one the pipeline stored (an upload's URL, as POST /admin/api/imagens gave it). */
export async function imagemExistente(db: Database, url: string): Promise<void> {
  if (!(await sourceImageExists(db, url.slice('/imagens/'.length)))) {
    throw new HttpError(400, imagensMensagens.naoExiste, 'Imagem inválida', { imagem: imagensMensagens.naoExiste })
  }
}
