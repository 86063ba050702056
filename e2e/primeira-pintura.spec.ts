import type { Browser, Page } from '@playwright/test'
import type { Catalogo } from '../src/shared/ementa.ts'
import { LOJA_COOKIE } from '../src/shared/page-data.ts'
import { api, apiPost, createAccount, DESKTOP, expect, PHONE, test } from './support.ts'

/**
 * LCP (docs/decisions/0010-first-load-budget.md): the catalogue's top is painted by the HTML before the app
 * runs (server/platform/catalogo-esqueleto.ts), and the app's scripts are asked for after that paint
 * (server/platform/arranque.ts). Seen here in Chromium: the HTML alone (no JavaScript) shows the store, the filters
 * and the first row, each box where the app then puts its own; with JavaScript the app takes over, on a phone and on
 * a computer (where the HTML paints nothing and the scripts start at once). Only reads.
 */

const LOJA = 862

/** A signed-in customer past the onboarding whose device chose the Chiado, as the 'Loja' modal leaves it. */
async function clienteComLoja(page: Page, baseURL: string) {
  await createAccount(page)
  await apiPost(page.request, '/api/grava-saw-onboarding', { value: true })
  await page.context().addCookies([{ name: LOJA_COOKIE, value: String(LOJA), url: baseURL }])
  await page.context().addInitScript((loja) => {
    localStorage.setItem(
      'balcao.encomenda',
      JSON.stringify({ id_loja: loja, id_tipo_entrega: 0, usar_premio: 0, linhas: [] }),
    )
  }, LOJA)
}

/**
 * `ler` on the page at `caminho` as the HTML and its style sheets alone show it (no JavaScript), in a browser with the
 * session and the store's cookie of `page`: what a slow phone shows before any script has arrived.
 */
async function soOHtml<T>(browser: Browser, page: Page, caminho: string, ler: (html: Page) => Promise<T>): Promise<T> {
  const contexto = await browser.newContext({
    ...PHONE,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  })
  try {
    const html = await contexto.newPage()
    await html.goto(caminho)
    return await ler(html)
  } finally {
    await contexto.close()
  }
}

/** The file an `<img>` shows. */
const fonte = (e: Element) => (e as HTMLImageElement).currentSrc

/** The boxes and texts of the catalogue's top under `root`: the HTML's paint, or the app's screen. */
function topo(page: Page, root: string) {
  return page.evaluate((r) => {
    const box = (e: Element | null | undefined) => {
      if (!e) return null
      const { x, y, width, height } = e.getBoundingClientRect()
      return [x, y, width, height].map(Math.round)
    }
    const scope = document.querySelector(r)
    const all = (s: string) => [...(scope?.querySelectorAll(s) ?? [])].slice(0, 4)
    return {
      loja: box(scope?.querySelector('.enc-loja-atual')),
      nomeDaLoja: scope?.querySelector('.enc-loja-atual-nome')?.textContent,
      filtros: all('.ementa-filtro').map(box),
      categoria: box(scope?.querySelector('.enc-categoria h2')),
      imagens: all('.enc-categoria .enc-produto-imagem').map(box),
      produtos: all('.enc-categoria .enc-produto-nome').map((e) => [e.textContent, box(e)]),
      precos: all('.enc-categoria .enc-produto-preco').map((e) => e.textContent),
    }
  }, root)
}

test.describe('on a phone', () => {
  test.use(PHONE)

  test("the HTML paints the catalogue's top where the app puts it; the app then takes over", async ({
    page,
    browser,
    baseURL,
  }) => {
    await clienteComLoja(page, String(baseURL))

    const antes = await soOHtml(browser, page, '/catalogo', async (html) => {
      const pintura = html.locator('.app-skeleton-ecra')
      await expect(pintura).toBeVisible()
      await expect(pintura.locator('img[data-pintura]')).toHaveJSProperty('complete', true)
      return topo(html, '.app-skeleton-ecra')
    })
    expect(antes.nomeDaLoja).toBe('Nata & Grão Chiado')
    expect(antes.produtos).toHaveLength(4)

    await page.goto('/catalogo')
    await expect(page.locator('#root .enc-produto').first()).toBeVisible()
    // Out of the page once the list is in (web/lib/pintura.ts), not merely hidden.
    await expect(page.locator('.app-skeleton-ecra')).toHaveCount(0)
    const depois = await topo(page, '#root')
    // The same boxes, to the pixel, and the same texts: nothing moves or changes when the app replaces the paint.
    expect(depois).toEqual(antes)
    // The app works as ever: a tile opens its product.
    await page.locator('#root .enc-produto a').first().click()
    await expect(page.getByRole('button', { name: /^Adicionar - / })).toBeVisible()
  })

  test("a product's photo, painted by the HTML where the app puts it, stays until the app's photo is there", async ({
    page,
    browser,
    baseURL,
  }) => {
    await clienteComLoja(page, String(baseURL))
    const { categorias } = await api<Catalogo>(page.request, `/api/catalogo/${LOJA}`)
    const produto = categorias.flatMap((c) => c.produtos).find((p) => p.imagem)
    if (!produto) throw new Error(`no dish with a photo at ${LOJA}`)
    const caminho = `/catalogo/${produto.idCategoria}/${produto.id}`
    const caixa = (p: Page, selector: string) =>
      p.locator(selector).evaluate((e) => {
        const { x, y, width, height } = e.getBoundingClientRect()
        return [x, y, width, height].map(Math.round)
      })

    const pintada = await soOHtml(browser, page, caminho, async (html) => {
      const foto = html.locator('.app-skeleton-lead-foto img')
      await expect(foto).toBeVisible()
      return { caixa: await caixa(html, '.app-skeleton-lead-foto img'), src: await foto.evaluate(fonte) }
    })

    // The product's part held back, as on a slow link: the app shows its loading state, and the photo stays over it.
    let soltar = () => {}
    const retida = new Promise<void>((resolve) => {
      soltar = resolve
    })
    await page.route(/\/assets\/Produto-[\w-]+\.js$/, async (route) => {
      await retida
      await route.continue()
    })
    await page.goto(caminho)
    await expect(page.locator('#root [aria-busy="true"]').first()).toBeAttached()
    await expect(page.locator('.app-skeleton-lead-foto img')).toBeVisible()
    soltar()
    await expect(page.getByRole('heading', { level: 1, name: produto.nome })).toBeVisible()
    await expect(page.locator('.app-skeleton-lead')).toHaveCount(0)
    expect(await caixa(page, '#conteudo .enc-produto-foto')).toEqual(pintada.caixa)
    // The same file: the app's photo is the one already painted, from the memory cache.
    expect(await page.locator('#conteudo .enc-produto-foto').evaluate(fonte)).toBe(pintada.src)
  })
})

test.describe('on a computer', () => {
  test.use(DESKTOP)

  test('the HTML paints nothing there, and the app starts at once', async ({ page, baseURL }) => {
    await clienteComLoja(page, String(baseURL))
    await page.goto('/catalogo')
    await expect(page.locator('.app-skeleton-ecra')).toBeHidden()
    await expect(page.locator('#root .enc-produto').first()).toBeVisible()
    await expect(page.locator('#conteudo .enc-loja-atual')).toContainText('Nata & Grão Chiado')
    // The app's entry was asked for as soon as the page could run its starter (once the style sheets were in), not
    // after the starter's 2.5 s limit: the painted picture is not rendered at this width, so there is nothing to wait for.
    const espera = await page.evaluate(() => {
      const recursos = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
      const folhas = recursos.filter((r) => r.initiatorType === 'link' && r.name.endsWith('.css'))
      const entrada = recursos.find((r) => /\/assets\/index-[\w-]+\.js$/.test(r.name))
      return (entrada?.startTime ?? Number.POSITIVE_INFINITY) - Math.max(...folhas.map((f) => f.responseEnd))
    })
    expect(espera).toBeLessThan(1500)
  })
})
