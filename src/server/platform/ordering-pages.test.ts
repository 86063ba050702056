import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Catalogo } from '../../shared/ementa.ts'
import { LOJA_COOKIE, PAGE_READS_ELEMENT_ID } from '../../shared/page-reads.ts'
import { ementaDeTeste } from '../testing/ementa.ts'
import { insertContas, insertLoja, insertRestaurante } from '../testing/fixtures.ts'
import { createTestApp, device, type TestApp, testDialects } from '../testing/harness.ts'
import { systemClock } from './clock.ts'
import { lojasChavesRepo } from './store-keys.ts'

const TELEMOVEL = '912345678'
const PASSWORD = '135790'

/** A build with the report's module files, as scripts/bundle-report.ts writes them. */
function fakeWebBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'balcao-web-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>Balcão</title></head><body><div id="root"></div></body></html>',
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
const head = (html: string) => html.slice(0, html.indexOf('</head>'))
const imagePreloads = (html: string) => head(html).match(/<link rel="preload" as="image"[^>]*>/g) ?? []

describe.each(testDialects())("the ordering pages' first load on %s", (dialect) => {
  let t: TestApp
  let catalogo: Catalogo

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
  })
  afterAll(() => t.close())

  const get = (url: string, loja?: string) =>
    t.app.inject({ method: 'GET', url, headers: loja === undefined ? {} : { cookie: `${LOJA_COOKIE}=${loja}` } })

  it("carries the chosen store's catalogue, as the API answers it, and preloads the first product's picture", async () => {
    const res = await get('/catalogo', '862')
    expect(res.statusCode).toBe(200)
    expect(pageReads(res.body)).toEqual({ '/api/catalogo/862': catalogo })
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
    // No skeleton picture: the catalogue's pictures are not where the store page's goes.
    expect(res.body).not.toContain('app-skeleton-lead')
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

  it('reads nothing without a store, or for a cookie that is no store id, or a store without a catalogue', async () => {
    for (const loja of [undefined, '', 'abc', '0', '-1', '1e3', '862x', '../862', '99999999999', '848']) {
      const res = await get('/catalogo', loja)
      expect(res.statusCode, String(loja)).toBe(200)
      expect(pageReads(res.body), String(loja)).toBeNull()
      expect(imagePreloads(res.body), String(loja)).toEqual([])
    }
  })

  it('leaves the other pages alone', async () => {
    for (const url of ['/carrinho', '/catalogos', '/restaurantes']) {
      const res = await get(url, '862')
      expect(pageReads(res.body)?.['/api/catalogo/862'], url).toBeUndefined()
      expect(res.body, url).not.toContain('modulepreload')
    }
  })

  it("paints a product's photo from the HTML for a signed-in customer, where the screen shows it", async () => {
    await insertContas(t.database.db, [TELEMOVEL], PASSWORD)
    const cliente = device(t)
    await cliente.call('POST', '/api/grava-saw-onboarding', { value: true })
    const login = await cliente.call('POST', '/login', { telemovel: TELEMOVEL, pais: '351', password: PASSWORD })
    expect(login.statusCode, login.body).toBe(200)
    const categoria = catalogo.categorias.find((c) => c.produtos.some((p) => p.imagem))
    const produto = categoria?.produtos.find((p) => p.imagem)
    if (!categoria || !produto) throw new Error('the test menu has no product with a picture')
    const page = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: { cookie: `balcao_sessao=${cliente.cookie}; ${LOJA_COOKIE}=862` } })
    const res = await page(`/catalogo/${categoria.id}/${produto.id}`)
    const picture = /<picture class="app-skeleton-lead app-skeleton-lead-foto"[\s\S]*?<\/picture>/.exec(res.body)?.[0]
    expect(picture).toContain(`src="${produto.imagem}"`)
    expect(picture).toContain('aria-hidden="true"')
    expect(res.body.indexOf('<div id="root">')).toBeLessThan(res.body.indexOf('app-skeleton-lead'))
    // The catalogue's first card: preloaded only, its place depends on what is above it.
    expect((await page('/catalogo')).body).not.toContain('app-skeleton-lead')
  })
})
