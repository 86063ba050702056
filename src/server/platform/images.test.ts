import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { parseSourceName } from '../../shared/imagens.ts'
import { cacheKey, contentHash, imageFileName, imageRows, processImage, svgFileName, svgSize } from './images.ts'

const banner = (label: string, width = 1200, height = 675) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="${width}" height="${height}" fill="#FFFFFF"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 4}" fill="#C8412D"/><text x="20" y="${height - 20}" font-family="system-ui, sans-serif" font-size="${height / 6}" fill="#000000">${label}</text></svg>`

const cacheDirs: string[] = []
function cacheDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'balcao-images-'))
  cacheDirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of cacheDirs) rmSync(dir, { recursive: true, force: true })
})

describe('the image pipeline', () => {
  it('encodes an SVG to AVIF and WebP at each width up to its design size, keeping its aspect ratio', async () => {
    const svg = banner('Olá')
    const image = await processImage(svg)
    expect(image).toMatchObject({ type: 'image/svg+xml', width: 1200, height: 675, hash: contentHash(svg) })
    expect(image.variants.map((v) => `${v.width}x${v.height}.${v.format}`)).toEqual([
      '400x225.avif',
      '400x225.webp',
      '600x338.avif',
      '600x338.webp',
      '800x450.avif',
      '800x450.webp',
      '1200x675.avif',
      '1200x675.webp',
    ])
    for (const v of image.variants) {
      const meta = await sharp(v.data).metadata()
      expect(meta.format).toBe(v.format === 'avif' ? 'heif' : 'webp')
      if (v.format === 'avif') expect(meta.compression).toBe('av1')
      expect([meta.width, meta.height]).toEqual([v.width, v.height])
    }
    const [small, large] = [image.variants[0], image.variants[6]]
    expect(small?.data.length).toBeLessThan(large?.data.length ?? 0)
  })

  it('never enlarges a small source', async () => {
    const image = await processImage(banner('x', 300, 420))
    expect(image.variants.map((v) => [v.format, v.width, v.height])).toEqual([
      ['avif', 300, 420],
      ['webp', 300, 420],
    ])
  })

  it('draws SVG text with the machine’s fonts (CI installs fonts-dejavu-core)', async () => {
    const text = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100"><rect width="400" height="100" fill="#FFFFFF"/><text x="10" y="80" font-family="system-ui, sans-serif" font-size="80" font-weight="800" fill="#000000">Pão</text></svg>`
    const blank = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100"><rect width="400" height="100" fill="#FFFFFF"/></svg>`
    const darkShare = async (svg: string) => {
      const webp = (await processImage(svg)).variants.find((v) => v.format === 'webp')
      const { data, info } = await sharp(webp?.data).greyscale().raw().toBuffer({ resolveWithObject: true })
      return data.filter((p) => p < 128).length / (info.width * info.height)
    }
    expect(await darkShare(blank)).toBe(0)
    expect(await darkShare(text)).toBeGreaterThan(0.05)
  })

  it('takes a JPEG upright by its EXIF orientation and drops its metadata', async () => {
    // Stored 1000×500 sideways; orientation 6 says "turn 90° clockwise to view": 500×1000 upright.
    const jpeg = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#336699' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer()
    const image = await processImage(jpeg)
    expect(image).toMatchObject({ type: 'image/jpeg', width: 500, height: 1000 })
    expect(image.variants.map((v) => [v.format, v.width, v.height])).toEqual([
      ['avif', 400, 800],
      ['webp', 400, 800],
      ['avif', 500, 1000],
      ['webp', 500, 1000],
    ])
    const meta = await sharp(image.variants[3]?.data).metadata()
    expect(meta.orientation).toBeUndefined()
    expect(imageFileName('foto-loja', image)).toBe(`foto-loja.500x1000.${contentHash(jpeg)}.jpg`)
  })

  it('keeps a PNG’s transparency', async () => {
    const png = await sharp({
      create: { width: 200, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer()
    const image = await processImage(png)
    expect(image.type).toBe('image/png')
    for (const v of image.variants) expect((await sharp(v.data).metadata()).hasAlpha, v.format).toBe(true)
  })

  it('refuses markup as bytes (an upload) and what is not an image', async () => {
    await expect(processImage(Buffer.from(banner('x')))).rejects.toThrow(/não suportado/)
    await expect(processImage(Buffer.from('não é uma imagem'))).rejects.toThrow()
    await expect(processImage('<svg xmlns="http://www.w3.org/2000/svg"><rect')).rejects.toThrow()
  })

  it('names an SVG before encoding it, as the encoder does', async () => {
    const svg = banner('nome', 800, 450)
    expect(svgSize(svg)).toEqual({ width: 800, height: 450 })
    const name = svgFileName('novidade-teste-lista', svg)
    expect(parseSourceName(name)).toMatchObject({ width: 800, height: 450, hash: contentHash(svg), extension: 'svg' })
    expect(imageFileName('novidade-teste-lista', await processImage(svg))).toBe(name)
    // Other bytes, other name: a cached copy of the old picture is never taken for the new one.
    expect(svgFileName('novidade-teste-lista', banner('outro', 800, 450))).not.toBe(name)
    expect(() => imageFileName('Nome Inválido', { type: 'image/png', width: 1, height: 1, hash: 'x' })).toThrow()
  })

  it('lays out the rows: the source with its text or bytes, each variant pointing at it', async () => {
    const svg = banner('linhas', 300, 420)
    const image = await processImage(svg)
    const name = imageFileName('menu-teste', image)
    const rows = imageRows(name, svg, image, '2026-11-24T09:00:00.000Z')
    expect(rows.map((r) => [r.nome, r.tipo, r.largura, r.altura, r.origem])).toEqual([
      [name, 'image/svg+xml', 300, 420, null],
      [name.replace(/\.svg$/, '.300w.avif'), 'image/avif', 300, 420, name],
      [name.replace(/\.svg$/, '.300w.webp'), 'image/webp', 300, 420, name],
    ])
    expect(rows[0]).toMatchObject({ conteudo: svg, dados: null })
    expect(rows[1]?.conteudo).toBeNull()
    expect(rows[1]?.dados).toBeInstanceOf(Buffer)
  })
})

describe('the seed’s cache of encoded variants', () => {
  it('writes each source’s variants once and reads them back', async () => {
    const dir = cacheDir()
    const svg = banner('cache', 800, 450)
    const first = await processImage(svg, { cacheDir: dir })
    expect(readdirSync(dir)).toEqual([`${cacheKey(svg)}.bin`])
    // In the same process the memo answers; another process (here: the same folder by another path) reads the file.
    expect(await processImage(svg, { cacheDir: dir })).toBe(first)
    const again = await processImage(svg, { cacheDir: `${dir}/.` })
    expect(again).not.toBe(first)
    expect(again).toEqual(first)
  })

  it('reads what the file holds instead of encoding', async () => {
    const dir = cacheDir()
    const svg = banner('lido', 800, 450)
    const image = await processImage(svg, { cacheDir: dir })
    // The same layout with other bytes in: only a read, not an encoding, can give them back.
    const file = readFileSync(join(dir, `${cacheKey(svg)}.bin`))
    const headerLength = file.readUInt32BE(0)
    const other = cacheDir()
    const marked = Buffer.concat([file.subarray(0, 4 + headerLength), Buffer.alloc(file.length - 4 - headerLength, 7)])
    writeFileSync(join(other, `${cacheKey(svg)}.bin`), marked)
    const read = await processImage(svg, { cacheDir: other })
    expect(read.variants.map((v) => v.data.length)).toEqual(image.variants.map((v) => v.data.length))
    expect(read.variants.every((v) => v.data.every((b) => b === 7))).toBe(true)
  })

  it('encodes again over a damaged file, and past a lock its dead owner left', async () => {
    const dir = cacheDir()
    const svg = banner('estragado', 300, 420)
    writeFileSync(join(dir, `${cacheKey(svg)}.bin`), Buffer.from([0, 0, 0, 9, 1, 2]))
    // No such process: the lock of a seed stopped half way must not hold the next one up.
    writeFileSync(join(dir, `${cacheKey(svg)}.lock`), '2147483646')
    const image = await processImage(svg, { cacheDir: dir })
    expect(image.variants).toHaveLength(2)
    expect(readdirSync(dir)).toEqual([`${cacheKey(svg)}.bin`])
    expect(await processImage(svg, { cacheDir: `${dir}/.` })).toEqual(image)
  })
})
