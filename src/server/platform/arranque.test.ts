import { describe, expect, it } from 'vitest'
import {
  ARRANQUE_CSP_SOURCE,
  ARRANQUE_FALHOU,
  ARRANQUE_SCRIPT,
  arranqueDepoisDaPintura,
  SCRIPTS_ELEMENT_ID,
} from './arranque.ts'

const BUILT =
  '<!doctype html><html><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width" />' +
  '<title>Balcão</title><script type="module" crossorigin src="/assets/index-z9.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-r1.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/index-s1.css"></head><body><div id="root"></div></body></html>'

describe("the app's scripts after the server's paint", () => {
  it('takes every script out of the page, lists them, the entry first, and puts the style sheet first', () => {
    const cut = arranqueDepoisDaPintura(BUILT, ['/assets/CatalogoPage-a1.js', '/assets/rolldown-runtime-r1.js'])
    if (!cut) throw new Error('no cut')
    expect(cut.html).not.toMatch(/<script|modulepreload/)
    expect(cut.html.indexOf('index-s1.css')).toBeLessThan(cut.html.indexOf('name="viewport"'))
    expect(cut.html.match(/index-s1\.css/g)).toHaveLength(1)
    const list = new RegExp(`<script type="application/json" id="${SCRIPTS_ELEMENT_ID}">(.*?)</script>`).exec(cut.body)
    expect(JSON.parse(list?.[1] ?? 'null')).toEqual([
      '/assets/index-z9.js',
      '/assets/rolldown-runtime-r1.js',
      '/assets/CatalogoPage-a1.js',
    ])
    expect(cut.body).toContain(`<script>${ARRANQUE_SCRIPT}</script>`)
  })

  it('leaves a page without the built entry alone (no build)', () => {
    expect(arranqueDepoisDaPintura('<html><head></head><body></body></html>', [])).toBeNull()
  })

  it('is a script a browser parses, which says so when the app cannot load', () => {
    expect(() => new Function(ARRANQUE_SCRIPT)).not.toThrow()
    expect(ARRANQUE_SCRIPT).toContain(JSON.stringify(ARRANQUE_FALHOU))
    expect(ARRANQUE_CSP_SOURCE).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/)
  })

  it('puts the style sheets before </head> without a viewport tag, and no list entry closes its element', () => {
    const semViewport = BUILT.replace(/<meta name="viewport"[^>]*>/, '')
    const cut = arranqueDepoisDaPintura(semViewport, ['/assets/a</script><b.js'])
    expect(cut?.html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-s1.css"></head>')
    expect(cut?.body).not.toContain('</script><b')
    expect(cut?.body).toContain('\\u003c/script>\\u003cb.js')
  })
})
