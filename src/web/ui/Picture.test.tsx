import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { IMAGE_SIZES } from '../../shared/imagens.ts'
import { Picture } from './Picture.tsx'

const url = '/imagens/novidade-natal-2026-lista.800x450.0123456789.svg'

/** The attributes of the first element named `tag` in `html`, by their HTML names (case does not matter there). */
function attributes(html: string, tag: string): Record<string, string> {
  const element = new RegExp(`<${tag}\\b([^>]*)>`).exec(html)?.[1] ?? ''
  return Object.fromEntries([...element.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map((m) => [m[1]?.toLowerCase(), m[2]]))
}

describe('Picture', () => {
  it('offers AVIF then WebP at every width, and reserves the size the URL names', () => {
    const html = renderToStaticMarkup(
      <Picture className="card-image" src={url} alt="" sizes={IMAGE_SIZES.card} eager />,
    )
    const sources = [...html.matchAll(/<source\b[^>]*>/g)].map((m) => attributes(m[0], 'source'))
    expect(sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp'])
    expect(sources[0]?.srcset).toBe(
      [400, 600, 800].map((w) => `/imagens/novidade-natal-2026-lista.800x450.0123456789.${w}w.avif ${w}w`).join(', '),
    )
    expect(sources.every((s) => s.sizes === IMAGE_SIZES.card)).toBe(true)
    expect(attributes(html, 'img')).toEqual({
      class: 'card-image',
      alt: '',
      width: '800',
      height: '450',
      loading: 'eager',
      decoding: 'async',
      src: url,
    })
  })

  it('renders a lazy image without its source, as the browser’s first render does: the source comes near the screen', () => {
    const html = renderToStaticMarkup(<Picture className="card-image" src={url} alt="" sizes={IMAGE_SIZES.card} />)
    expect(html).not.toContain('srcset')
    expect(attributes(html, 'img')).toEqual({
      class: 'card-image',
      alt: '',
      width: '800',
      height: '450',
      loading: 'lazy',
      decoding: 'async',
    })
  })

  it('fetches the first image in view at once and ahead of the rest', () => {
    const img = attributes(renderToStaticMarkup(<Picture src={url} alt="" sizes={IMAGE_SIZES.page} priority />), 'img')
    expect(img).toMatchObject({ loading: 'eager', fetchpriority: 'high' })
    expect(img.decoding).toBeUndefined()
    const second = attributes(renderToStaticMarkup(<Picture src={url} alt="" sizes={IMAGE_SIZES.card} eager />), 'img')
    expect(second).toMatchObject({ loading: 'eager', decoding: 'async' })
    expect(second.fetchpriority).toBeUndefined()
  })

  it('shows a URL outside the naming rule as it is, at the size it is given', () => {
    const html = renderToStaticMarkup(
      <Picture src="/imagens/logo.svg" alt="Logo" sizes="48px" width={48} height={48} eager />,
    )
    expect(html).not.toContain('<picture')
    expect(attributes(html, 'img')).toMatchObject({ src: '/imagens/logo.svg', width: '48', height: '48', alt: 'Logo' })
  })
})
