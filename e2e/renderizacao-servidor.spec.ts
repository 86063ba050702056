import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { api, expect, test } from './support.ts'

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
