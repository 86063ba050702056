import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Catalogo, LojaEncomenda } from '../../shared/ementa.ts'
import { LOJA_COOKIE, PAGE_READS_ELEMENT_ID } from '../../shared/page-data.ts'
import { ementaDeTeste } from '../testing/ementa.ts'
import { insertContas, insertLoja, insertRestaurante } from '../testing/fixtures.ts'
import { createTestApp, device, type TestApp, testDialects } from '../testing/harness.ts'
import { SCRIPTS_ELEMENT_ID } from './arranque.ts'
import { systemClock } from './clock.ts'
import { orderingPage } from './ordering-pages.ts'
import { lojasChavesRepo } from './store-keys.ts'

const TELEMOVEL = '912345678'
const PASSWORD = '135790'

/** A build with the report's module files, as scripts/bundle-report.ts writes them. */
function fakeWebBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'balcao-web-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(
    join(dir, 'index.html'),
    // As vite writes it: the entry's script, its imports preloaded, its style sheet.
    '<!doctype html><html><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width" />' +
      '<title>Balcão</title><script type="module" crossorigin src="/assets/index-z9.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-r1.js">' +
      '<link rel="stylesheet" crossorigin href="/assets/index-s1.css"></head>' +
      '<body><div id="root"></div><div class="app-skeleton" aria-hidden="true"></div></body></html>',
  )
  const modules = {
    'features/encomendas/CatalogoPage.tsx': ['assets/CatalogoPage-a1.js', 'assets/carrinho-b2.js'],
    'features/encomendas/CatalogoLista.tsx': ['assets/CatalogoLista-c3.js', 'assets/ementa-d4.css'],
    'features/encomendas/ProdutoPage.tsx': ['assets/ProdutoPage-e5.js', 'assets/carrinho-b2.js'],
    'features/encomendas/Produto.tsx': ['assets/Produto-f6.js'],
  }
  writeFileSync(join(dir, 'bundle-report.json'), JSON.stringify({ budgetBytes: 115000, screens: [], modules }))
  return dir
}

const pageReads = (html: string) => {
  const text = new RegExp(`<script type="application/json" id="${PAGE_READS_ELEMENT_ID}">(.*?)</script>`).exec(
    html,
  )?.[1]
  return text ? (JSON.parse(text) as Record<string, unknown>) : null
}
/**
 * The scripts a page asks for after the server's paint (arranque.ts): none named in the HTML, their list in it, and
 * the inline starter allowed by the response's own policy, by the hash of the very text served.
 */
function scriptsAfterPaint(res: { body: string; headers: Record<string, unknown> }): string[] {
  expect(res.body).not.toMatch(/<script type="module"|rel="modulepreload"/)
  const starter = /<script>([\s\S]*?)<\/script><\/body>/.exec(res.body)?.[1] ?? ''
  const hash = createHash('sha256').update(starter, 'utf8').digest('base64')
  expect(String(res.headers['content-security-policy'])).toContain(`script-src 'self' 'sha256-${hash}'`)
  const list = new RegExp(`<script type="application/json" id="${SCRIPTS_ELEMENT_ID}">(.*?)</script>`).exec(res.body)
  return JSON.parse(list?.[1] ?? '[]') as string[]
}

const head = (html: string) => html.slice(0, html.indexOf('</head>'))
const imagePreloads = (html: string) => head(html).match(/<link rel="preload" as="image"[^>]*>/g) ?? []

describe.each(testDialects())("the ordering pages' first load on %s", (dialect) => {
  let t: TestApp
  let catalogo: Catalogo
  let lojas: LojaEncomenda[]

  beforeAll(async () => {
    t = await createTestApp(dialect, { WEB_DIST: fakeWebBuild() })
    const db = t.database.db
    const { id } = await insertRestaurante(db, { tag: 'nata-e-grao', name: 'Nata & Grão' })
    await insertLoja(db, { tag: 'chiado', restaurante_id: id, id_loja: 862 })
    const { chave } = await lojasChavesRepo(db, systemClock).create(862, 'pos-862')
    // A product name that tries to close the page's script element: the JSON must not let it.
    const ementa = ementaDeTeste()
    const produtos = ementa.seccoes[0]?.familias[0]?.produtos ?? []
    const [primeiro] = produtos
    if (primeiro) primeiro.descricao = 'Galão </script><script>alert(1)</script>'
    // Every product of the first family with a picture, whichever the catalogue lists first.
    for (const p of produtos) p.imagem ??= `produto-${p.cod_produto}.800x600.0123456789.png`
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/loja/v1/ementa',
      headers: { authorization: `Bearer ${chave}` },
      payload: ementa,
    })
    expect(res.statusCode, res.body).toBe(200)
    const api = await device(t).call('GET', '/api/catalogo/862')
    expect(api.statusCode, api.body).toBe(200)
    catalogo = (api.json() as { data: Catalogo }).data
    lojas = ((await device(t).call('GET', '/api/lojas-encomenda')).json() as { data: LojaEncomenda[] }).data
  })
  afterAll(() => t.close())

  const get = (url: string, loja?: string) =>
    t.app.inject({ method: 'GET', url, headers: loja === undefined ? {} : { cookie: `${LOJA_COOKIE}=${loja}` } })

  it("carries the chosen store's catalogue, as the API answers it, and preloads the first product's picture", async () => {
    const res = await get('/catalogo', '862')
    expect(res.statusCode).toBe(200)
    expect(pageReads(res.body)).toEqual({ '/api/catalogo/862': catalogo, '/api/lojas-encomenda': lojas })
    // The script element holds nothing that closes it or opens another.
    expect(res.body).not.toContain('</script><script>alert(1)')
    expect(res.body).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>')
    const first = catalogo.categorias.find((c) => c.produtos.length > 0)?.produtos[0]
    expect(first?.imagem).toBeTruthy()
    const preloads = imagePreloads(res.body)
    expect(preloads).toHaveLength(1)
    expect(preloads[0]).toContain(String(first?.imagem).replace(/\.\w+$/, ''))
    expect(preloads[0]).toContain('fetchpriority="high"')
    // It depends on the visitor's cookie: theirs alone. The policy stays the app's strict one.
    expect(res.headers['cache-control']).toBe('private, no-store')
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'")
    // Nothing painted from the HTML for a visitor the guards send elsewhere (here: to the onboarding); the app's
    // script as built.
    expect(res.body).not.toMatch(/app-skeleton-(ecra|lead)/)
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-z9.js"></script>')
  })

  it("names the screen's scripts and style sheets in the page, with or without a store", async () => {
    for (const loja of ['862', undefined]) {
      const html = head((await get('/catalogo', loja)).body)
      expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/CatalogoPage-a1.js">')
      expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/CatalogoLista-c3.js">')
      expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/ementa-d4.css">')
      expect(html.match(/carrinho-b2\.js/g)).toHaveLength(1)
      expect(html).not.toContain('Produto-f6.js')
    }
  })

  it("on a product page: the product's own picture, at the page's width", async () => {
    const categoria = catalogo.categorias.find((c) => c.produtos.some((p) => p.imagem))
    const produto = categoria?.produtos.find((p) => p.imagem)
    if (!categoria || !produto) throw new Error('the test menu has no product with a picture')
    const res = await get(`/catalogo/${categoria.id}/${produto.id}`, '862')
    expect(pageReads(res.body)).toEqual({ '/api/catalogo/862': catalogo })
    const preloads = imagePreloads(res.body)
    expect(preloads).toHaveLength(1)
    expect(preloads[0]).toContain(String(produto.imagem).replace(/\.\w+$/, ''))
    expect(head(res.body)).toContain('/assets/Produto-f6.js')
    expect(head(res.body)).toContain('/assets/ProdutoPage-e5.js')
    // Not painted from the HTML for a visitor the guards send elsewhere (here: to the onboarding).
    expect(res.body).not.toContain('app-skeleton-lead')
    // A product the catalogue does not have: the catalogue still, no picture (the app goes back to the catalogue).
    const unknown = await get(`/catalogo/${categoria.id}/nao-existe`, '862')
    expect(pageReads(unknown.body)).toEqual({ '/api/catalogo/862': catalogo })
    expect(imagePreloads(unknown.body)).toEqual([])
  })

  it('reads nothing without a store, or for a cookie that is no store id; the stores alone without a catalogue', async () => {
    for (const loja of [undefined, '', 'abc', '0', '-1', '1e3', '862x', '../862', '99999999999']) {
      const res = await get('/catalogo', loja)
      expect(res.statusCode, String(loja)).toBe(200)
      expect(pageReads(res.body), String(loja)).toBeNull()
      expect(imagePreloads(res.body), String(loja)).toEqual([])
    }
    const semCatalogo = await get('/catalogo', '848')
    expect(pageReads(semCatalogo.body)).toEqual({ '/api/lojas-encomenda': lojas })
    expect(imagePreloads(semCatalogo.body)).toEqual([])
  })

  it('leaves the other pages alone', async () => {
    for (const url of ['/carrinho', '/catalogos', '/restaurantes']) {
      const res = await get(url, '862')
      expect(pageReads(res.body)?.['/api/catalogo/862'], url).toBeUndefined()
      expect(res.body, url).not.toMatch(/Catalogo(Page|Lista)-|ementa-d4/)
    }
  })

  /** A signed-in customer's page, with the store chosen. */
  let page: (url: string) => ReturnType<typeof get>

  it("paints a product's photo from the HTML for a signed-in customer, where the screen shows it", async () => {
    await insertContas(t.database.db, [TELEMOVEL], PASSWORD)
    const cliente = device(t)
    await cliente.call('POST', '/api/grava-saw-onboarding', { value: true })
    const login = await cliente.call('POST', '/login', { telemovel: TELEMOVEL, pais: '351', password: PASSWORD })
    expect(login.statusCode, login.body).toBe(200)
    page = (url) =>
      t.app.inject({ method: 'GET', url, headers: { cookie: `balcao_sessao=${cliente.cookie}; ${LOJA_COOKIE}=862` } })
    const categoria = catalogo.categorias.find((c) => c.produtos.some((p) => p.imagem))
    const produto = categoria?.produtos.find((p) => p.imagem)
    if (!categoria || !produto) throw new Error('the test menu has no product with a picture')
    const res = await page(`/catalogo/${categoria.id}/${produto.id}`)
    const picture = /<picture class="app-skeleton-lead app-skeleton-lead-foto"[\s\S]*?<\/picture>/.exec(res.body)?.[0]
    expect(picture).toContain(`src="${produto.imagem}"`)
    expect(picture).toContain('aria-hidden="true"')
    expect(picture).toContain('data-pintura')
    expect(res.body.indexOf('<div id="root">')).toBeLessThan(res.body.indexOf('app-skeleton-lead'))
    expect(scriptsAfterPaint(res)).toEqual([
      '/assets/index-z9.js',
      '/assets/rolldown-runtime-r1.js',
      '/assets/ProdutoPage-e5.js',
      '/assets/carrinho-b2.js',
      '/assets/Produto-f6.js',
    ])
  })

  it("paints the catalogue's top from the HTML for a signed-in customer; its scripts come after", async () => {
    const res = await page('/catalogo')
    const topo =
      /<div class="page enc-page app-skeleton-ecra" aria-hidden="true">[\s\S]*?<\/ul><\/section><\/div>/.exec(
        res.body,
      )?.[0]
    const categoria = catalogo.categorias.find((c) => c.produtos.length > 0)
    expect(topo).toContain(`<h2>${categoria?.nome}</h2>`)
    const nome = lojas.find((l) => l.id_loja === 862)?.nome
    expect(topo).toContain(`<strong class="enc-loja-atual-nome">${nome?.replace('&', '&#38;')}</strong>`)
    // The picture preloaded is the one painted, and the one the scripts wait for.
    const painted = /<img [^>]*data-pintura[^>]*>/.exec(topo ?? '')?.[0]
    expect(painted).toContain(`src="${categoria?.produtos[0]?.imagem}"`)
    expect(imagePreloads(res.body)[0]).toContain(String(categoria?.produtos[0]?.imagem).replace(/\.\w+$/, ''))
    expect(res.body.indexOf('<div id="root">')).toBeLessThan(res.body.indexOf('app-skeleton-ecra'))
    // Its boxes need the screen's style sheets at the first paint: applied, not preloaded.
    expect(head(res.body)).toContain('<link rel="stylesheet" crossorigin href="/assets/ementa-d4.css">')
    expect(head(res.body)).not.toContain('rel="preload" as="style"')
    expect(scriptsAfterPaint(res)).toEqual([
      '/assets/index-z9.js',
      '/assets/rolldown-runtime-r1.js',
      '/assets/CatalogoPage-a1.js',
      '/assets/carrinho-b2.js',
      '/assets/CatalogoLista-c3.js',
    ])
    // The store's list is in the page: the screen names it on its first render.
    expect(pageReads(res.body)?.['/api/lojas-encomenda']).toEqual(lojas)
    // A store gone from that list: the screen asks for another one, so nothing of this one is painted or preloaded.
    const catalogue = orderingPage('/catalogo', '862')
    const semALoja = { '/api/catalogo/862': catalogo, '/api/lojas-encomenda': lojas.filter((l) => l.id_loja !== 862) }
    expect(catalogue?.paint(semALoja, undefined)).toBe('')
    expect(catalogue?.leadImage(semALoja)).toBeUndefined()
    expect(catalogue?.paint({ '/api/catalogo/862': catalogo, '/api/lojas-encomenda': lojas }, undefined)).not.toBe('')
  })
})
