import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { APIRequestContext, Page } from '@playwright/test'
import { BUNDLE_REPORT_FILE, type BundleReport, FIRST_LOAD_BUDGET_BYTES } from '../scripts/bundle-report.ts'
import { aStorePath, createAccount, expect, logoutViaApi, test } from './support.ts'

/**
 * The first-load budget (docs/decisions/0010-first-load-budget.md), in two ways: every customer screen as the build
 * put it together (the report the build prints), and the main screens as a phone really loads them (every script
 * fetched until the screen shows).
 */

const DIST = 'dist/web'
const report = JSON.parse(readFileSync(join(DIST, BUNDLE_REPORT_FILE), 'utf8')) as BundleReport
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`

test.describe('first-load JS of each customer screen, from the build', () => {
  test('the build reports every customer screen the router loads, and the entry', () => {
    expect(report.budgetBytes).toBe(FIRST_LOAD_BUDGET_BYTES)
    const router = readFileSync('src/web/app/router.tsx', 'utf8')
    const lazyScreens = [...router.matchAll(/import\('\.\.\/(features\/[^']+Page\.tsx)'\)/g)].map((m) => m[1])
    expect(lazyScreens.length).toBeGreaterThan(20)
    expect(report.screens.map((s) => s.screen)).toEqual(expect.arrayContaining(['main.tsx', ...lazyScreens]))
  })
  for (const { screen, bytes } of report.screens) {
    test(`${screen}: ${kB(bytes)} gzip, budget ${kB(FIRST_LOAD_BUDGET_BYTES)}`, () => {
      expect(
        bytes,
        `${screen} loads ${kB(bytes)} of JavaScript first (budget ${kB(FIRST_LOAD_BUDGET_BYTES)})`,
      ).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES)
    })
  }
})

/**
 * The scripts a page asked for before `selector` first matched, gzipped as the server sends them. The moment is taken
 * in the page (a mutation observer from the first byte), not when the test gets round to looking.
 */
async function scriptsBeforeShown(page: Page, path: string, selector: string) {
  await page.addInitScript((sel) => {
    const w = window as unknown as { __shownAt?: number }
    const check = () => {
      if (w.__shownAt === undefined && document.querySelector(sel)) w.__shownAt = performance.now()
    }
    new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true })
  }, selector)
  await page.goto(path)
  await expect(page.locator(selector).first()).toBeVisible()
  const files = await page.evaluate(() => {
    const shownAt = (window as unknown as { __shownAt: number }).__shownAt
    return performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime <= shownAt && new URL(e.name).pathname.endsWith('.js'))
      .map((e) => new URL(e.name).pathname)
  })
  const bytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(join(DIST, file))).length, 0)
  return { bytes, files }
}

test.describe('first-load JS as a phone loads the main screens', () => {
  const screens: {
    name: string
    path: (request: APIRequestContext) => Promise<string>
    /** What shows once the screen is there. */
    shown: string
    signedIn?: boolean
  }[] = [
    { name: 'home', path: async () => '/', shown: 'main#conteudo h1' },
    { name: 'a store', path: aStorePath, shown: 'main#conteudo h1' },
    { name: 'login (over the home page)', path: async () => '/login', shown: 'dialog[open] input[type="tel"]' },
    { name: 'loyalty, signed in', path: async () => '/fidelizacao', shown: 'main#conteudo h1', signedIn: true },
  ]
  for (const screen of screens) {
    test(`${screen.name}: the scripts fetched until it shows fit the budget`, async ({ page }) => {
      if (screen.signedIn) await createAccount(page)
      const path = await screen.path(page.request)
      const { bytes, files } = await scriptsBeforeShown(page, path, screen.shown)
      expect(files.length).toBeGreaterThan(0)
      expect(
        bytes,
        `${path} fetched ${kB(bytes)} of JavaScript before it showed (budget ${kB(FIRST_LOAD_BUDGET_BYTES)}): ${files.join(', ')}`,
      ).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES)
    })
  }
})

/**
 * A form that shows as its screen opens paints before its code (ui/deferred-form.tsx): react-hook-form comes after, so
 * the login's first load above leaves it out. Here the form kit's script is held back until the test lets it go.
 */
test.describe('a form shown before its code', () => {
  /** Holds the form kit's chunk (the one with its own error type in it) until `release` is called. */
  async function holdFormKit(page: Page) {
    let held = false
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = () => {
        resolve()
        // The scripts still to come (zod, once the form is live) go straight through, and none is left mid-way when
        // the test ends.
        void page.unrouteAll({ behavior: 'ignoreErrors' })
      }
    })
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      const response = await route.fetch()
      const body = await response.text()
      if (body.includes('validation-unavailable')) {
        held = true
        await released
      }
      await route.fulfill({ response, body })
    })
    return { release, held: () => held }
  }

  test('what is typed before the code comes stays, with the focus and the caret where they were', async ({ page }) => {
    const kit = await holdFormKit(page)
    await page.goto('/login')
    const dialog = page.getByRole('dialog', { name: 'Iniciar sessão' })
    await dialog.getByLabel('Telemóvel', { exact: true }).fill('912345678')
    const password = dialog.getByLabel('Password', { exact: true })
    await password.fill('1234')
    await password.press('ArrowLeft')
    await expect.poll(kit.held, { message: 'the form kit was asked for once the form showed' }).toBe(true)
    kit.release()
    // Validation is the kit's: an empty password now says so under the field.
    await expect(password).toBeFocused()
    await password.press('Backspace')
    await expect(password).toHaveValue('124')
    await expect(dialog.getByLabel('Telemóvel', { exact: true })).toHaveValue('912345678')
  })

  test('a tap on Entrar before the code comes is sent once it has come', async ({ page }) => {
    const account = await createAccount(page)
    await logoutViaApi(page)
    const kit = await holdFormKit(page)
    await page.goto('/login')
    const dialog = page.getByRole('dialog', { name: 'Iniciar sessão' })
    await dialog.getByLabel('Telemóvel', { exact: true }).fill(account.telemovel)
    await dialog.getByLabel('Password', { exact: true }).fill(account.password)
    await dialog.getByRole('button', { name: 'Entrar' }).click()
    await expect.poll(kit.held, { message: 'the form kit was asked for once the form showed' }).toBe(true)
    await expect(page).toHaveURL('/login')
    kit.release()
    await expect(page).toHaveURL('/perfil')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Olá, ${account.nome}`)
  })
})
