import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ARRANQUE_CSP_SOURCE, ARRANQUE_SCRIPT, arranqueDepoisDaPintura, SCRIPTS_ELEMENT_ID } from './arranque.ts'

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

  it("is allowed by the page's policy by its hash, the inline script's own", () => {
    const hash = createHash('sha256').update(ARRANQUE_SCRIPT, 'utf8').digest('base64')
    expect(ARRANQUE_CSP_SOURCE).toBe(`'sha256-${hash}'`)
  })
})
