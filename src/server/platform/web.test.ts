import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertNovidade } from '../testing/fixtures.ts'
import { createTestApp, device, type TestApp, testDialects } from '../testing/harness.ts'
import { ARRANQUE_CSP_SOURCE } from './arranque.ts'
import { withPageData } from './web.ts'

function fakeWebBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'balcao-web-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>Balcão</title></head><body><div id="root"></div></body></html>',
  )
  return dir
}

const scriptSrc = (csp: unknown) =>
  String(csp)
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('script-src '))

describe.each(testDialects())('staff pages CSP on %s', (dialect) => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp(dialect, { WEB_DIST: fakeWebBuild() })
  })
  afterAll(() => t.close())

  it("allows WebAssembly ('wasm-unsafe-eval') on the staff pages, whose till decodes QR codes", async () => {
    for (const url of ['/painel/caixa', '/painel/entrar', '/painel/sair?x=1']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(200)
      expect(res.body).toContain('<div id="root">')
      expect(scriptSrc(res.headers['content-security-policy']), url).toBe(
        `script-src 'self' ${ARRANQUE_CSP_SOURCE} 'wasm-unsafe-eval'`,
      )
      // The rest of the policy is the app's own.
      expect(String(res.headers['content-security-policy'])).toContain("object-src 'none'")
      expect(String(res.headers['content-security-policy'])).not.toContain('unsafe-inline')
    }
  })

  it('keeps the customer pages and the staff API on the strict policy', async () => {
    for (const url of ['/', '/fidelizacao', '/painelx', '/nao/existe']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(scriptSrc(res.headers['content-security-policy']), url).toBe(`script-src 'self' ${ARRANQUE_CSP_SOURCE}`)
    }
    const api = await t.app.inject({ method: 'GET', url: '/painel/api/sessao' })
    expect(api.statusCode).toBe(401)
    expect(String(api.headers['content-security-policy'])).not.toContain('wasm-unsafe-eval')
    // An unknown path of the staff API is an API 404 (the envelope), not the app's page.
    const unknown = await t.app.inject({ method: 'GET', url: '/painel/api/nada' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().error.title).toBe('Não encontrado')
  })
})

describe('withPageData', () => {
  it('puts the data before </head> and </body>, dollar signs and all', () => {
    const html = '<html><head><title>B</title></head><body><div id="root"></div></body></html>'
    const data = '<script type="application/json">{"title":"Preço $& e $` e $\' e $$"}</script>'
    expect(withPageData(html, '<link rel="preload">', data)).toBe(
      `<html><head><title>B</title><link rel="preload"></head><body><div id="root"></div>${data}</body></html>`,
    )
  })
})

describe.each(testDialects())("the page's lead image in the HTML on %s", (dialect) => {
  let t: TestApp
  const lead = '/imagens/novidade-natal-lista.800x450.0123456789.png'

  beforeAll(async () => {
    t = await createTestApp(dialect, { WEB_DIST: fakeWebBuild() })
    await insertNovidade(t.database.db, { tag: 'natal', image_list: lead })
  })
  afterAll(() => t.close())

  const leadPicture = (html: string) => /<picture class="app-skeleton-lead"[\s\S]*?<\/picture>/.exec(html)?.[0]

  it('paints the first card image from the HTML for a visitor who will see the home screen', async () => {
    const visitor = device(t)
    await visitor.call('POST', '/api/grava-saw-onboarding', { value: true })
    const res = await visitor.call('GET', '/')
    expect(res.statusCode).toBe(200)
    const picture = leadPicture(res.body)
    expect(picture).toBeDefined()
    // Decoration for assistive technology, the same file the page's <picture> picks, in the same formats.
    expect(picture).toContain('aria-hidden="true"')
    expect(picture).toContain('alt=""')
    expect(picture).toContain(`src="${lead}"`)
    expect(picture).toContain('type="image/avif"')
    expect(picture).toContain('novidade-natal-lista.800x450.0123456789.800w.avif 800w')
    // Under the app's root, so that the app's first render hides it (styles.css).
    expect(res.body.indexOf('<div id="root">')).toBeLessThan(res.body.indexOf('app-skeleton-lead'))
    // And preloaded in the head, as before.
    expect(res.body).toMatch(/<link rel="preload" as="image"[^>]*800w/)
  })

  it('leaves it out where the app will open another screen first (onboarding not seen)', async () => {
    const res = await device(t, '203.0.113.11').call('GET', '/')
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('<link rel="preload" as="image"')
    expect(leadPicture(res.body)).toBeUndefined()
  })
})
