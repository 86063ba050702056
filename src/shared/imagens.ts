/**
 * The naming rule of stored images, shared by the server (which names what it stores) and the web (which builds
 * `srcset`s from any image URL the API gives, without extra fields: the spec fixes the API's field names).
 *
 * - a source: `/imagens/<base>.<W>x<H>.<hash>.<svg|png|jpg|webp>`, W×H its design size in pixels;
 * - its variants: `/imagens/<base>.<W>x<H>.<hash>.<w>w.<avif|webp>`, w pixels wide, for each w of `variantWidths(W)`.
 *
 * The hash is of the source's bytes and of the encoder settings, so a name never comes to mean other bytes and every
 * such file can be cached for good. Names outside the rule (older rows, `logo.svg`) are served as they are.
 */

/** Widths encoded below the design width; the design width itself (up to `MAX_VARIANT_WIDTH`) always is. */
export const VARIANT_WIDTHS = [400, 600, 800, 1200] as const
/** Wider than this the phone screens never show an image, and the viewer has enough to zoom into. */
export const MAX_VARIANT_WIDTH = 1600
/** A standard width this close to the design width would cost bytes for a picture the browser never picks. */
const NEAR_DESIGN_WIDTH = 0.8

export const VARIANT_FORMATS = ['avif', 'webp'] as const
export type VariantFormat = (typeof VARIANT_FORMATS)[number]
export const VARIANT_TYPES: Record<VariantFormat, string> = { avif: 'image/avif', webp: 'image/webp' }

export const SOURCE_EXTENSIONS = ['svg', 'png', 'jpg', 'webp'] as const
export type SourceExtension = (typeof SOURCE_EXTENSIONS)[number]

/** `<base>`: what the content calls the image, before size and hash. */
export const IMAGE_BASE = /^[a-z0-9-]{1,100}$/
/** Hex digits of the content hash in a name. */
export const IMAGE_HASH_LENGTH = 10

const SOURCE_NAME = /^([a-z0-9-]{1,100})\.(\d{1,5})x(\d{1,5})\.([0-9a-f]{10})\.(svg|png|jpg|webp)$/
const VARIANT_NAME = /^([a-z0-9-]{1,100})\.(\d{1,5})x(\d{1,5})\.([0-9a-f]{10})\.(\d{1,5})w\.(avif|webp)$/
const LEGACY_NAME = /^[a-z0-9-]{1,100}\.(svg|png|jpg|webp)$/

/** Any file name `/imagens/:nome` may serve. */
export function isImageFileName(name: string): boolean {
  return SOURCE_NAME.test(name) || VARIANT_NAME.test(name) || LEGACY_NAME.test(name)
}

/** The name carries its content hash: its bytes never change (`Cache-Control: immutable`). */
export function isFingerprinted(name: string): boolean {
  return SOURCE_NAME.test(name) || VARIANT_NAME.test(name)
}

/** The widths a source `width` pixels wide is encoded at, narrowest first; never wider than the source. */
export function variantWidths(width: number): number[] {
  const largest = Math.min(width, MAX_VARIANT_WIDTH)
  return [...VARIANT_WIDTHS.filter((w) => w <= largest * NEAR_DESIGN_WIDTH), largest]
}

/** Height of a variant: the source's aspect ratio, rounded as the encoder rounds it. */
export function variantHeight(source: { width: number; height: number }, width: number): number {
  return Math.max(1, Math.round((source.height * width) / source.width))
}

export interface SourceName {
  base: string
  width: number
  height: number
  hash: string
  extension: SourceExtension
}

export function sourceFileName(s: SourceName): string {
  return `${s.base}.${s.width}x${s.height}.${s.hash}.${s.extension}`
}

/** The name of a source's variant; `source` is the source's file name or URL (the URL's directory is kept). */
export function variantFileName(source: string, width: number, format: VariantFormat): string {
  return `${source.replace(/\.(svg|png|jpg|webp)$/, '')}.${width}w.${format}`
}

/** A source's file name or URL, read by the rule; null when it does not follow it. */
export function parseSourceName(url: string): SourceName | null {
  const name = url.slice(url.lastIndexOf('/') + 1)
  const m = SOURCE_NAME.exec(name)
  if (!m) return null
  const [, base = '', width = '', height = '', hash = '', extension = ''] = m
  return { base, width: Number(width), height: Number(height), hash, extension: extension as SourceExtension }
}

export interface ImageSet {
  /** The source itself: what `<img src>` keeps for a browser that reads neither format. */
  src: string
  width: number
  height: number
  /** One entry per format, best first: `<source type srcset>`. */
  sources: { type: string; srcset: string }[]
  /** The widest variant of each format, for a viewer that shows the image at its own resolution. */
  largest: { type: string; src: string }[]
  /** The source is SVG: sharp at any zoom, where a variant's pixels would show. */
  vector: boolean
}

/** The variants of an image URL by the naming rule, or null for a URL outside it (then only `src` exists). */
export function imageSet(url: string): ImageSet | null {
  const source = parseSourceName(url)
  if (!source) return null
  const widths = variantWidths(source.width)
  const widest = widths[widths.length - 1] ?? source.width
  return {
    src: url,
    width: source.width,
    height: source.height,
    sources: VARIANT_FORMATS.map((format) => ({
      type: VARIANT_TYPES[format],
      srcset: widths.map((w) => `${variantFileName(url, w, format)} ${w}w`).join(', '),
    })),
    largest: VARIANT_FORMATS.map((format) => ({
      type: VARIANT_TYPES[format],
      src: variantFileName(url, widest, format),
    })),
    vector: source.extension === 'svg',
  }
}

/** `sizes` of the layouts that show images (src/web/ui/styles.css: `.page` is 720px wide at most, 1rem padding). */
export const IMAGE_SIZES = {
  /** `.card-image`: the page's width; two columns from 768px. */
  card: '(min-width: 768px) 336px, calc(100vw - 2rem)',
  /** `.card-logo`. */
  logo: '48px',
  /** `.detail-image` and `.menu-large`: the page's width. */
  page: '(min-width: 720px) 688px, calc(100vw - 2rem)',
  /** `.menu-grid`: columns of at least 140px, two on a phone. */
  menuGrid: '(min-width: 720px) 160px, calc(50vw - 1.5rem)',
} as const

/**
 * `.enc-produto-imagem`, the catalogue's product cards (two columns on a phone), for the card and the server's preload
 * of the first one. Apart from IMAGE_SIZES, which the first-load entry carries whole: only the catalogue's part needs it.
 */
export const PRODUTO_CARTAO_SIZES = '(min-width: 720px) 170px, calc(50vw - 1.5rem)'
