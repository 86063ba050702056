import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from '@playwright/test'
import type { Catalogo, LojaEncomenda } from '../src/shared/catalogo.ts'
import { TIPOS_ENTREGA } from '../src/shared/estado-pedido.ts'
import { formatMoney } from '../src/shared/format.ts'
import { LOJA_COOKIE } from '../src/shared/page-data.ts'
import { precoDose } from '../src/web/features/encomendas/preco.ts'
import { api, apiPost, createAccount, expect, PHONE, test } from './support.ts'

/**
 * The server renders every public screen with the app's own components (web/entry-server.tsx): with JavaScript off,
 * a phone still reads the content (docs/decisions/0010-first-load-budget.md). The texts come from the API, so that the
 * test reads what the demo content holds today. With JavaScript on, the browser hydrates that render: the fixture of
 * every journey (support.ts) fails on any hydration error, and a tap after it navigates in the app.
 */

interface Nomeado {
  tag: string
  title: string
  titleDetail?: string
}
interface Restaurante {
  tag: string
  name: string
  lojas: { tag: string; name: string }[]
}
interface Loja {
  nameDetail: string
  menus: { id: number; titulo: string }[]
}
interface CategoriaFaq extends Nomeado {
  perguntas: Nomeado[]
}

/** Each public screen, with texts of its content that must be in its HTML. */
async function ecrasPublicos(page: Page): Promise<[string, string[]][]> {
  const request = page.request
  const novidades = await api<Nomeado[]>(request, '/api/novidades')
  const novidade = await api<Nomeado>(request, `/api/novidades/${novidades[0]?.tag}`)
  const campanhas = await api<Nomeado[]>(request, '/api/campanhas')
  const campanha = await api<Nomeado>(request, `/api/campanhas/${campanhas[0]?.tag}`)
  const restaurantes = await api<Restaurante[]>(request, '/api/restaurantes')
  const restaurante = await api<Restaurante>(request, `/api/restaurantes/${restaurantes[0]?.tag}`)
  const lojaPath = `/restaurantes/${restaurante.tag}/${restaurante.lojas[0]?.tag}`
  const loja = await api<Loja>(request, `/api${lojaPath.replace(/\/([^/]+)$/, '/lojas/$1')}`)
  const faq = await api<CategoriaFaq[]>(request, '/api/perguntas-frequentes')
  const categoria = faq[0] as CategoriaFaq
  const legais = await api<Nomeado[]>(request, '/api/informacao-legal')
  const legal = await api<Nomeado>(request, `/api/informacao-legal/${legais[0]?.tag}`)
  return [
    ['/', novidades.slice(0, 3).map((n) => n.title)],
    ['/novidades', novidades.map((n) => n.title)],
    [`/novidades/${novidade.tag}`, [novidade.titleDetail ?? novidade.title]],
    ['/fidelizacao/campanhas', campanhas.map((c) => c.title)],
    [`/fidelizacao/campanhas/${campanha.tag}`, [campanha.titleDetail ?? campanha.title]],
    ['/restaurantes', restaurantes.map((r) => r.name)],
    [`/restaurantes/${restaurante.tag}`, [restaurante.name, ...restaurante.lojas.map((l) => l.name)]],
    [lojaPath, [loja.nameDetail]],
    [`${lojaPath}/mapa`, [restaurante.lojas[0]?.name ?? '']],
    [`${lojaPath}/menus`, loja.menus.map((m) => m.titulo)],
    [`${lojaPath}/menus/${loja.menus[0]?.id}`, [loja.menus[0]?.titulo ?? '']],
    ['/perguntas-frequentes', faq.map((c) => c.title)],
    [`/perguntas-frequentes/${categoria.tag}`, categoria.perguntas.map((p) => p.title)],
    [
      `/perguntas-frequentes/${categoria.tag}/${categoria.perguntas[0]?.tag}`,
      [categoria.perguntas[0]?.titleDetail ?? ''],
    ],
    ['/informacao-legal', legais.map((l) => l.title)],
    [`/informacao-legal/${legal.tag}`, [legal.titleDetail ?? legal.title]],
    ['/acessibilidade', ['Declaração de acessibilidade']],
    ['/onboarding', ['Bem-vindo ao Balcão']],
  ]
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  test('every public screen shows its content from the HTML alone', async ({ page }) => {
    test.setTimeout(120_000)
    for (const [path, textos] of await ecrasPublicos(page)) {
      const res = await page.goto(path)
      expect(res?.status(), path).toBe(200)
      for (const texto of textos) await expect(page.locator('#root'), `${path}: ${texto}`).toContainText(texto)
      // The header and the navigation too: the page is the app's, not a copy of part of it.
      await expect(page.getByRole('navigation', { name: 'Navegação principal' }), path).toHaveCount(
        path === '/onboarding' ? 0 : 1,
      )
    }
  })

  test('the header and the document title are the screen’s, from the HTML alone', async ({ page }) => {
    await page.goto('/restaurantes')
    await expect(page).toHaveTitle('Restaurantes · Balcão')
    await expect(page.locator('.app-header-title')).toHaveText('Restaurantes')
    await page.goto('/perguntas-frequentes')
    await expect(page.locator('.app-header-title')).toHaveText('Perguntas frequentes')
  })

  test('a first visit is sent to the onboarding by the server itself', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    try {
      const page = await context.newPage()
      await page.goto('/restaurantes')
      await expect(page).toHaveURL(/\/onboarding$/)
      await expect(page.locator('#root')).toContainText('Bem-vindo ao Balcão')
    } finally {
      await context.close()
    }
  })
})

test('with JavaScript, the browser hydrates the server render and the app takes over', async ({ page }) => {
  const restaurantes = await api<Restaurante[]>(page.request, '/api/restaurantes')
  const primeiro = restaurantes[0] as Restaurante
  const pedidos: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/api/restaurantes')) pedidos.push(r.url())
  })
  await page.goto('/restaurantes')
  await expect(page.locator('main#conteudo')).toContainText(primeiro.name)
  // The list came in the page: the browser does not ask for it again.
  await page.waitForLoadState('networkidle')
  expect(pedidos.filter((u) => new URL(u).pathname === '/api/restaurantes')).toEqual([])
  // A tap navigates in the app (no new document), once hydration has attached the handlers.
  const documentos: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documentos.push(r.url())
  })
  await expect(page).toHaveTitle(/Restaurantes/)
  await page
    .getByRole('link', { name: new RegExp(primeiro.name) })
    .first()
    .click()
  await expect(page).toHaveURL(new RegExp(`/restaurantes/${primeiro.tag}$`))
  await expect(page.getByRole('heading', { level: 1 })).toContainText(primeiro.name)
  expect(documentos).toEqual([])
})

const LOJA = 862

/**
 * A signed-in customer whose device chose the Chiado to eat in, as the 'Loja' modal leaves it (localStorage and the
 * store's cookie), with `linhas` in the cart.
 */
async function clienteComLoja(page: Page, baseURL: string, linhas: unknown[] = []) {
  await createAccount(page)
  await apiPost(page.request, '/api/grava-saw-onboarding', { value: true })
  await page.context().addCookies([{ name: LOJA_COOKIE, value: `${LOJA}.1`, url: baseURL }])
  await page.context().addInitScript(
    ([loja, l]) => {
      localStorage.setItem(
        'balcao.encomenda',
        JSON.stringify({ id_loja: loja, id_tipo_entrega: 1, usar_premio: 0, linhas: l }),
      )
    },
    [LOJA, linhas] as const,
  )
}

/** A product that can be added as it opens: nothing to choose first. */
const podeJa = (p: Catalogo['categorias'][number]['produtos'][number]) =>
  !p.esgotado && !p.apenas_maiores && p.min_complementos === 0 && p.grupos_opcoes.every((g) => g.min === 0)

/** `ler` on the page at `caminho` as its HTML alone shows it (no JavaScript), with the session and cookies of `page`. */
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

test.describe('the ordering screens', () => {
  test.use(PHONE)

  test('render on the server with the store and kind of sale of the device, styled from the HTML alone', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000)
    await clienteComLoja(page, String(baseURL))
    const { categorias } = await api<Catalogo>(page.request, `/api/catalogo/${LOJA}`)
    const loja = (await api<LojaEncomenda[]>(page.request, '/api/lojas-encomenda')).find((l) => l.id_loja === LOJA)
    const [primeira, segunda] = categorias.filter((c) => c.produtos.length > 0)
    const produto = primeira?.produtos.find((p) => !p.destaque) ?? primeira?.produtos[0]
    if (!loja || !primeira || !segunda || !produto) throw new Error(`the demo's store ${LOJA} has no catalogue`)
    // Eating in: the prices of that kind of sale.
    const preco = formatMoney(precoDose(produto, 1))

    await soOHtml(browser, page, '/catalogo', async (html) => {
      const conteudo = html.locator('main#conteudo')
      await expect(conteudo.locator('.enc-loja-atual')).toContainText(loja.nome)
      await expect(conteudo.locator('.enc-loja-atual')).toContainText(TIPOS_ENTREGA[1])
      await expect(conteudo.getByRole('heading', { level: 2, name: primeira.nome })).toBeVisible()
      await expect(conteudo.getByRole('heading', { level: 2, name: segunda.nome })).toBeVisible()
      await expect(conteudo.getByRole('link', { name: new RegExp(produto.nome) }).first()).toContainText(preco)
      // The screen's own style sheets are in the head: the tiles are laid out as the app lays them out.
      expect(await html.locator('head link[rel="stylesheet"][href*="/assets/encomendas-"]').count()).toBe(1)
      await expect(conteudo.locator('.enc-produtos').first()).toHaveCSS('display', /grid|flex/)
    })
    await soOHtml(browser, page, `/catalogo/${primeira.id}`, async (html) => {
      await expect(html.locator('main#conteudo')).toContainText(produto.nome)
    })
    await soOHtml(browser, page, `/catalogo/${primeira.id}/${produto.id}`, async (html) => {
      await expect(html.getByRole('heading', { level: 1, name: produto.nome })).toBeVisible()
      await expect(html.locator('main#conteudo .enc-preco')).toContainText(preco)
    })
    const simples = categorias.flatMap((c) => c.produtos.filter(podeJa).map((p) => `/catalogo/${c.id}/${p.id}`))[0]
    await soOHtml(browser, page, simples ?? '/', async (html) => {
      // Its form, before the app has its handlers, sends nothing (a native GET would reload the page with the fields
      // in its address).
      const documentos: string[] = []
      html.on('request', (r) => {
        if (r.resourceType() === 'document') documentos.push(r.url())
      })
      await html.getByRole('button', { name: /^Adicionar - / }).click()
      await html.waitForTimeout(500)
      expect(documentos).toEqual([])
      expect(html.url()).not.toContain('?')
    })
  })

  test('hydrate with the page’s catalogue (no second read), then show the device’s cart; the cart waits for it', async ({
    page,
    baseURL,
  }) => {
    const { categorias } = await api<Catalogo>(page.request, `/api/catalogo/${LOJA}`)
    const produto = categorias.flatMap((c) => c.produtos).find((p) => !p.esgotado)
    if (!produto) throw new Error(`the demo's store ${LOJA} has nothing to order`)
    const linha = { id: produto.id, qtd: 2, complementares: [], opcoes: [], nome: produto.nome, unitario: 150 }
    await clienteComLoja(page, String(baseURL), [linha])
    const leituras: string[] = []
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === `/api/catalogo/${LOJA}`) leituras.push(r.url())
    })
    await page.goto('/catalogo')
    await expect(page.locator('main#conteudo .enc-loja-atual')).toContainText(TIPOS_ENTREGA[1])
    // The device's cart, which the server knew nothing of, once the page is the browser's.
    await expect(page.getByRole('link', { name: /Ver carrinho/ })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(leituras).toEqual([])

    // The cart's HTML waits for the device's lines rather than say it is empty; the browser then shows them.
    const html = await (await page.request.get('/carrinho')).text()
    expect(html).not.toContain('Carrinho vazio')
    await page.goto('/carrinho')
    await expect(page.locator('main#conteudo')).toContainText(produto.nome)
    await expect(page.getByText('Carrinho vazio')).toHaveCount(0)
    // A reload of the checkout stays there: its render waits for the cart instead of sending the visitor away.
    await page.goto('/carrinho/finalizar')
    await expect(page.getByRole('button', { name: 'Finalizar' })).toBeVisible()
    await expect(page).toHaveURL(/\/carrinho\/finalizar$/)
  })

  test('a product’s page keeps its server HTML while its part is on its way, then hydrates with the header it had', async ({
    page,
    baseURL,
  }) => {
    await clienteComLoja(page, String(baseURL))
    const { categorias } = await api<Catalogo>(page.request, `/api/catalogo/${LOJA}`)
    const categoria = categorias.find((c) => c.produtos.some(podeJa))
    const produto = categoria?.produtos.find(podeJa)
    if (!categoria || !produto) throw new Error(`the demo's store ${LOJA} has nothing simple to order`)
    // Any loading state that shows in the page, from its first byte: there should be none.
    await page.addInitScript(() => {
      const w = window as unknown as { ocupado: boolean }
      w.ocupado = false
      new MutationObserver(() => {
        if (document.querySelector('#root [aria-busy="true"]')) w.ocupado = true
      }).observe(document, { subtree: true, childList: true, attributes: true })
    })
    // The product's form held back, as on a slow link.
    await page.route(/\/assets\/Produto-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500))
      await route.continue()
    })
    await page.goto(`/catalogo/${categoria.id}/${produto.id}`)
    await expect(page.getByRole('heading', { level: 1, name: produto.nome })).toBeVisible()
    await expect(page.locator('.app-header-title')).toHaveText(categoria.nome)
    await expect(page).toHaveTitle(`${categoria.nome} · Balcão`)
    expect(await page.evaluate(() => (window as unknown as { ocupado: boolean }).ocupado)).toBe(false)
    // Hydrated: the form works.
    await page.getByRole('button', { name: /^Adicionar - / }).click()
    await expect(page.getByRole('link', { name: /Ver carrinho/ })).toBeVisible()
  })

  test('a product gone from the store’s menu is sent to the catalogue by the server; with no store, by the browser', async ({
    browser,
    page,
    baseURL,
  }) => {
    await clienteComLoja(page, String(baseURL))
    const loja = (await api<LojaEncomenda[]>(page.request, '/api/lojas-encomenda')).find((l) => l.id_loja === LOJA)
    await soOHtml(browser, page, '/catalogo/nao-existe/nada', async (html) => {
      await expect(html).toHaveURL(/\/catalogo$/)
      await expect(html.locator('main#conteudo .enc-loja-atual')).toContainText(loja?.nome ?? '')
    })
    // No store in the cookie: the device's own record may hold one, so the server waits for the browser to read it.
    await page.context().clearCookies({ name: LOJA_COOKIE })
    await page.addInitScript(() => localStorage.removeItem('balcao.encomenda'))
    await page.goto('/catalogo/nao-existe/nada')
    await expect(page).toHaveURL(/\/catalogo$/)
    await expect(page.getByRole('dialog', { name: 'Loja' })).toBeVisible()
  })
})

test('the server render imports only what a production install has (the runtime dependencies)', () => {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> }
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.js') ? [join(dir, e.name)] : [],
    )
  const bare = new Set<string>()
  // The bundler's own import statements (at the start of a line, double quotes), static and dynamic; not the text of
  // the bundled libraries, whose messages quote imports of their own.
  const statements = /^import\s(?:[^"';]*?\sfrom\s*)?"([^"]+)"|\bimport\("([^"]+)"\)/gm
  for (const file of files('dist/ssr')) {
    for (const [, statik, dynamic] of readFileSync(file, 'utf8').matchAll(statements)) {
      const spec = statik ?? dynamic ?? ''
      if (spec.startsWith('.') || spec.startsWith('node:')) continue
      bare.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] ?? spec))
    }
  }
  expect([...bare].sort()).toEqual(['react', 'react-dom'])
  for (const name of bare) expect(pkg.dependencies[name], name).toBeDefined()
})
