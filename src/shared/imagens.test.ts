import { describe, expect, it } from 'vitest'
import {
  imageSet,
  isFingerprinted,
  isImageFileName,
  parseSourceName,
  sourceFileName,
  variantFileName,
  variantHeight,
  variantWidths,
} from './imagens.ts'

describe('variant widths', () => {
  it('never go past the design width, which is always one of them', () => {
    expect(variantWidths(1200)).toEqual([400, 600, 800, 1200])
    expect(variantWidths(800)).toEqual([400, 600, 800])
    expect(variantWidths(300)).toEqual([300])
    expect(variantWidths(200)).toEqual([200])
  })

  it('skip a standard width too close to the design width, and stop at 1600 for a large photo', () => {
    expect(variantWidths(900)).toEqual([400, 600, 900])
    expect(variantWidths(4032)).toEqual([400, 600, 800, 1200, 1600])
  })

  it('keep the aspect ratio in whole pixels', () => {
    expect(variantHeight({ width: 1200, height: 675 }, 400)).toBe(225)
    expect(variantHeight({ width: 800, height: 450 }, 600)).toBe(338)
    expect(variantHeight({ width: 5000, height: 1 }, 400)).toBe(1)
  })
})

describe('the naming rule', () => {
  const url = '/imagens/novidade-natal-2026-lista.800x450.0123456789.svg'

  it('reads a source URL back into its parts', () => {
    expect(parseSourceName(url)).toEqual({
      base: 'novidade-natal-2026-lista',
      width: 800,
      height: 450,
      hash: '0123456789',
      extension: 'svg',
    })
    const name = sourceFileName({ base: 'foto', width: 1600, height: 900, hash: 'abcdefabcd', extension: 'jpg' })
    expect(name).toBe('foto.1600x900.abcdefabcd.jpg')
    expect(parseSourceName(name)?.extension).toBe('jpg')
  })

  it('gives the AVIF and WebP srcsets, best format first, and the size to reserve', () => {
    expect(imageSet(url)).toEqual({
      src: url,
      width: 800,
      height: 450,
      sources: [
        {
          type: 'image/avif',
          srcset: [400, 600, 800]
            .map((w) => `/imagens/novidade-natal-2026-lista.800x450.0123456789.${w}w.avif ${w}w`)
            .join(', '),
        },
        {
          type: 'image/webp',
          srcset: [400, 600, 800]
            .map((w) => `/imagens/novidade-natal-2026-lista.800x450.0123456789.${w}w.webp ${w}w`)
            .join(', '),
        },
      ],
      largest: [
        { type: 'image/avif', src: '/imagens/novidade-natal-2026-lista.800x450.0123456789.800w.avif' },
        { type: 'image/webp', src: '/imagens/novidade-natal-2026-lista.800x450.0123456789.800w.webp' },
      ],
      vector: true,
    })
    expect(imageSet('/imagens/foto.1600x900.abcdefabcd.jpg')?.vector).toBe(false)
    expect(variantFileName('foto.1600x900.abcdefabcd.webp', 400, 'webp')).toBe('foto.1600x900.abcdefabcd.400w.webp')
  })

  it('leaves URLs outside the rule alone', () => {
    for (const other of [
      '/imagens/logo.svg',
      'https://example.com/a.800x450.0123456789.svg.png',
      '',
      '/imagens/x.svg',
    ]) {
      expect(imageSet(other)).toBeNull()
    }
  })

  it('tells the names the image route serves, and which of them never change', () => {
    const variant = 'novidade-natal-2026-lista.800x450.0123456789.400w.avif'
    expect(isImageFileName(variant)).toBe(true)
    expect(isImageFileName('novidade-natal-2026-lista.800x450.0123456789.svg')).toBe(true)
    expect(isImageFileName('logo.svg')).toBe(true)
    for (const bad of [
      '..%2Fetc.svg',
      '../x.svg',
      'x.800x450.0123456789.400w.svg',
      'X.svg',
      'x.800x450.012345678.svg',
    ]) {
      expect(isImageFileName(bad), bad).toBe(false)
    }
    expect(isFingerprinted(variant)).toBe(true)
    expect(isFingerprinted('logo.svg')).toBe(false)
  })
})
