import { randomInt } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import AxeBuilder from '@axe-core/playwright'
import { type APIRequestContext, test as base, devices, expect, type Page, type Response } from '@playwright/test'
import type { Catalogo } from '../src/shared/catalogo.ts'
import { formatDateTime } from '../src/shared/format.ts'
import { RECOVERABLE_ERROR } from '../src/shared/page-data.ts'
import type { RestauranteResumo } from '../src/shared/restaurantes.ts'

/** The headers every API call of the app sends. */
export const API_HEADERS = { Accept: 'application/json', 'X-Api-Version': '1.0' }

interface DeviceFixtures {
  /**
   * Whether this device has already been through the onboarding. Every first visit is sent to /onboarding (spec §2),
   * so by default each test's browser context is marked as having seen it; a test of the first visit opts out with
   * `test.use({ onboardingSeen: false })`.
   */
  onboardingSeen: boolean
  markOnboardingSeen: undefined
  /**
   * Every journey fails on an error React recovered from while hydrating the server's render (web/main.tsx says them
   * in the console): a screen the browser rendered otherwise than the server did.
   */
  hydratesCleanly: undefined
}

/**
 * After loading a document the server rendered, until the browser has made it the app's (Shell.tsx `ScreenReady`): a
 * tap before then finds a link that loads the page anew, or a button with no handler yet. Not for other answers (an
 * API's JSON, a download) nor a page the browser renders itself (its root empty in the HTML).
 */
async function untilReady(page: Page, response: Response | null): Promise<void> {
  if (!response?.headers()['content-type']?.startsWith('text/html')) return
  // A page the browser renders itself (the counter's, the back-office's): nothing to take over.
  if ((await response.text().catch(() => '')).includes('<div id="root"></div>')) return
  await page
    .waitForFunction(() => document.documentElement.dataset.app === 'pronta', undefined, { timeout: 20_000 })
    // A page that went on to another document meanwhile: the test's own expectations say what it shows.
    .catch(() => undefined)
}

export const test = base.extend<DeviceFixtures>({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page)
      const reload = page.reload.bind(page)
      page.goto = async (url, options) => {
        const response = await goto(url, options)
        await untilReady(page, response)
        return response
      }
      page.reload = async (options) => {
        const response = await reload(options)
        await untilReady(page, response)
        return response
      }
    }
    await use(page)
  },
  onboardingSeen: [true, { option: true }],
  markOnboardingSeen: [
    async ({ page, onboardingSeen }, use) => {
      if (onboardingSeen) {
        // Through the page's own request context, so the session cookie is the browser's.
        const res = await page.request.post('/api/grava-saw-onboarding', {
          headers: API_HEADERS,
          data: { value: true },
        })
        expect(res.ok(), `/api/grava-saw-onboarding → ${res.status()}`).toBe(true)
      }
      await use(undefined)
    },
    { auto: true },
  ],
  hydratesCleanly: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error' && message.text().startsWith(RECOVERABLE_ERROR)) errors.push(message.text())
      })
      await use(undefined)
      expect(errors, 'the browser hydrated the server render without errors').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

/**
 * The two screens every screen is checked on, for `test.use(…)`: a phone (the suite's default device, touch, at
 * 390×844) and a computer (mouse, no touch, 1280×800).
 */
export const PHONE = { viewport: { width: 390, height: 844 } }
const { defaultBrowserType: _, ...desktopChrome } = devices['Desktop Chrome']
export const DESKTOP = { ...desktopChrome, viewport: { width: 1280, height: 800 } }

/** The second server, on a database with no content (same defaults as playwright.config.ts). */
const emptyPort = Number(process.env.E2E_EMPTY_PORT ?? 4102)
export const emptyBaseURL = `http://127.0.0.1:${emptyPort}`
/** Its SQLite file (scripts/e2e-server.mjs), for the tests that add content to it. */
export const emptyDatabaseFile = `.tmp/e2e-empty-${emptyPort}.sqlite`

/** Reads the API as the app does, to know what a screen should show without copying the demo content here. */
export async function api<T>(request: APIRequestContext, path: string, baseURL?: string): Promise<T> {
  const res = await request.get(`${baseURL ?? ''}${path}`, { headers: API_HEADERS })
  expect(res.ok(), `${path} → ${res.status()}`).toBe(true)
  return ((await res.json()) as { data: T }).data
}

/**
 * An axe builder for the page as it is now, at half the cost of the default: axe's 550 kB source injected once per
 * document (a document that already has it, read before or across a client-side navigation, is given nothing), and
 * run in the page itself (legacy mode) rather than a partial run per frame finished in a new blank page. Legacy mode
 * leaves out cross-origin frames, which are not ours (e2e/wcag.ts, decision record 0040).
 */
export async function axeBuilder(page: Page): Promise<AxeBuilder> {
  const carregado = await page.evaluate(() => 'axe' in window)
  return new AxeBuilder({ page, axeSource: carregado ? ';' : undefined })
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
}

/** No serious or critical accessibility violation on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await (await axeBuilder(page)).analyze()
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    'axe serious/critical violations',
  ).toEqual([])
}

/** No violation of axe's WCAG 2.1 A and AA rules on the page as it is now, whatever its impact. */
export async function expectWcag21AA(page: Page): Promise<void> {
  const results = await (await axeBuilder(page)).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    'axe WCAG 2.1 A/AA violations',
  ).toEqual([])
}

/** The main content of the current screen. */
export const main = (page: Page) => page.locator('main#conteudo')

/** POSTs as the app does and returns `data`; fails the test on an error answer. */
export async function apiPost<T>(request: APIRequestContext, path: string, body: unknown): Promise<T> {
  const res = await request.post(path, { headers: API_HEADERS, data: body })
  expect(res.ok(), `POST ${path} → ${res.status()} ${await res.text()}`).toBe(true)
  return ((await res.json()) as { data: T }).data
}

/** A Portuguese mobile number nobody else in the run uses (tests run in parallel on one database). */
/**
 * Minutes left of today in Lisbon. The day's last ones take away what a checkout offers later in the day (a Multibanco
 * reference is not offered in its last 30 minutes; pick-up slots do not pass midnight), rules the integration tests
 * check on a manual clock: the journeys that need them leave them out in that window, and say so.
 */
export function minutosAteAoFimDoDia(agora = new Date()): number {
  const [hora = 0, minuto = 0] = formatDateTime(agora).slice(11).split(':').map(Number)
  return 24 * 60 - (hora * 60 + minuto)
}

export const randomPhone = () => `9${[1, 2, 3, 6][randomInt(4)]}${String(randomInt(10_000_000)).padStart(7, '0')}`

/** A 6-digit password. */
export const randomPassword = () => String(randomInt(1_000_000)).padStart(6, '0')

interface OutboxSms {
  para: string
  texto: string
  criado_em: string
}

/**
 * The SMS code last sent to a Portuguese number, read from the development outbox (GET /api/dev/sms), waiting for it
 * to arrive; `not` skips a code already used (after 'Reenviar código').
 */
export async function smsCode(request: APIRequestContext, telemovel: string, not?: string): Promise<string> {
  let code = ''
  await expect
    .poll(
      async () => {
        const para = `+351${telemovel}`
        const outbox = await api<OutboxSms[]>(request, `/api/dev/sms?para=${encodeURIComponent(para)}`)
        const sms = outbox.find((s) => s.para === para)
        code = sms?.texto.match(/\b(\d{6})\b/)?.[1] ?? ''
        return code !== '' && code !== not
      },
      { message: `an SMS with a code for +351${telemovel}` },
    )
    .toBe(true)
  return code
}

export interface Account {
  telemovel: string
  password: string
  nome: string
  email: string
}

/**
 * Signs up through the API, as the browser of `page` (its cookie), so the page is then logged in. `complete: false`
 * leaves the account temporary (personal data not filled in yet). `email`: an address of its own (a test that reads
 * the e-mail outbox, which every test shares), instead of the same one for every account.
 */
export async function createAccount(
  page: Page,
  {
    complete = true,
    email = 'rita.fonseca@example.pt',
    dataNascimento = '1990-05-17',
  }: { complete?: boolean; email?: string; dataNascimento?: string } = {},
): Promise<Account> {
  const account: Account = {
    telemovel: randomPhone(),
    password: randomPassword(),
    nome: 'Rita Fonseca',
    email,
  }
  const { hash } = await apiPost<{ hash: string }>(page.request, '/registo', {
    telemovel: account.telemovel,
    pais: '351',
    termos: true,
  })
  const codigo = await smsCode(page.request, account.telemovel)
  await apiPost(page.request, `/registo/${hash}`, { codigo })
  if (complete) {
    await apiPost(page.request, '/alterar-dados-pessoais', {
      nome: account.nome,
      email: account.email,
      dataNascimento,
      password: account.password,
      confirmacaoPassword: account.password,
      comunicacoes: false,
      aceitacao: true,
    })
  }
  return account
}

/** Ends the session of the page's browser, without the UI. */
export async function logoutViaApi(page: Page): Promise<void> {
  await apiPost(page.request, '/api/logout', { value: true })
}

/** The path of the demo's first store page (a restaurant with at least one store). */
export async function aStorePath(request: APIRequestContext): Promise<string> {
  const restaurantes = await api<RestauranteResumo[]>(request, '/api/restaurantes')
  const r = restaurantes.find((x) => x.lojas.length > 0)
  if (!r?.lojas[0]) throw new Error('the demo has no store')
  return `/restaurantes/${r.tag}/${r.lojas[0].tag}`
}

const require = createRequire(import.meta.url)

let zxingReady: Promise<typeof import('zxing-wasm/reader')> | undefined

/** The till's decoder (ZXing), its WebAssembly read from node_modules (it would fetch it from a CDN), loaded once. */
function zxing() {
  zxingReady ??= import('zxing-wasm/reader').then((reader) => {
    const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'))
    reader.prepareZXingModule({
      overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
    })
    return reader
  })
  return zxingReady
}

/** The text of the QR code a screenshot shows, read by the till's own decoder (ZXing), or null. */
export async function readQrCode(png: Buffer): Promise<string | null> {
  const { readBarcodes } = await zxing()
  const results = await readBarcodes(new Uint8Array(png), { formats: ['QRCode'], maxNumberOfSymbols: 1 })
  return results.find((r) => r.isValid && r.text)?.text ?? null
}

/** A request of the payments sandbox (`GET /api/dev/pagamentos`). */
export interface PagamentoDev {
  id: string
  metodo: string
  telemovel: string
  valor: number
  estado: string
}

/** Approves the customer's pending MB WAY request in the sandbox, as their phone would: the request approved. */
export async function aprovarMbway(request: APIRequestContext, telemovel: string): Promise<PagamentoDev> {
  let pedido: PagamentoDev | undefined
  await expect
    .poll(async () => {
      pedido = (await api<PagamentoDev[]>(request, '/api/dev/pagamentos')).find(
        (p) => p.telemovel === telemovel && p.estado === 'pendente',
      )
      return pedido !== undefined
    })
    .toBe(true)
  if (!pedido) throw new Error('no MB WAY request')
  const res = await request.post(`/api/dev/pagamentos/${pedido.id}/aprovar`, { headers: API_HEADERS })
  expect(res.ok()).toBe(true)
  return pedido
}

/**
 * An order of `qtd` × the product `produto` (nothing to choose) at store `loja`, placed as the checkout places it (MB
 * WAY, `premio` of the balance used), by the signed-in customer of `request`: its id and total. `chave` is the request's
 * Idempotency-Key.
 */
export async function encomendarPelaApi(
  request: APIRequestContext,
  conta: Account,
  {
    chave,
    loja,
    produto,
    qtd = 1,
    premio = 0,
    tipo = 0,
  }: {
    chave: string
    loja: number
    produto: string
    qtd?: number
    premio?: number
    tipo?: number
  },
): Promise<{ orderId: number; total: number }> {
  const res = await request.post('/api/finaliza-encomenda', {
    headers: { ...API_HEADERS, 'Idempotency-Key': chave },
    data: {
      id_tipo_entrega: tipo,
      telemovel: conta.telemovel,
      aceitou: true,
      nome: conta.nome,
      email: conta.email,
      nif: '',
      cart: [{ id: produto, qtd, complementares: [], opcoes: [] }],
      id_loja: loja,
      usar_premio: premio,
    },
  })
  expect(res.ok(), await res.text()).toBe(true)
  return ((await res.json()) as { data: { orderData: { orderId: number; total: number } } }).data.orderData
}

/** The store chosen in the catalogue's 'Loja' dialog (Chiado, take-away by default), as a person does it the first time. */
export async function escolherLojaNoCatalogo(page: Page, loja: RegExp = /Chiado/, tipo = 'Take-Away'): Promise<void> {
  await page.goto('/catalogo')
  const modal = page.getByRole('dialog', { name: 'Loja' })
  await modal.getByRole('radio', { name: loja }).check()
  await modal.getByRole('radio', { name: tipo }).check()
  await modal.getByRole('button', { name: 'Confirmar' }).click()
  await expect(modal).toBeHidden()
}

/**
 * A new customer, signed in, at the checkout of store `idLoja` (the Chiado store, take-away, by default) with one
 * product with nothing to choose in the cart: the account, and the product.
 */
export async function abrirCheckout(page: Page, idLoja = 862) {
  const conta = await createAccount(page)
  const produto = await produtoSimples(page.request, idLoja)
  await escolherLojaNoCatalogo(page)
  await page.goto(`/catalogo/${produto.idCategoria}/${produto.id}`)
  await page.getByRole('button', { name: /^Adicionar - / }).click()
  await page.goto('/carrinho')
  await page.getByRole('link', { name: /^Pagamento - / }).click()
  await expect(page.getByRole('heading', { name: 'Finalizar encomenda' })).toBeVisible()
  return { conta, produto }
}

/** A product of the store's catalogue with nothing to choose (no mandatory extra, no option): one tap adds it. */
export async function produtoSimples(request: APIRequestContext, idLoja: number) {
  const { categorias } = await api<Catalogo>(request, `/api/catalogo/${idLoja}`)
  const produto = categorias
    .flatMap((c) => c.produtos)
    .find((p) => p.min_complementos === 0 && !p.complementares.some((c) => c.obrigatorio) && p.opcoes.length === 0)
  if (!produto) throw new Error(`the demo has no plain product on ${idLoja}`)
  return produto
}
