import AxeBuilder from '@axe-core/playwright'
import { type APIRequestContext, expect, type Page } from '@playwright/test'

/** The second server, on a database with no content (same defaults as playwright.config.ts). */
const emptyPort = Number(process.env.E2E_EMPTY_PORT ?? 4102)
export const emptyBaseURL = `http://127.0.0.1:${emptyPort}`
/** Its SQLite file (scripts/e2e-server.mjs), for the tests that add content to it. */
export const emptyDatabaseFile = `.tmp/e2e-empty-${emptyPort}.sqlite`

/** Reads the API as the app does, to know what a screen should show without copying the demo content here. */
export async function api<T>(request: APIRequestContext, path: string, baseURL?: string): Promise<T> {
  const res = await request.get(`${baseURL ?? ''}${path}`, {
    headers: { Accept: 'application/json', 'X-Api-Version': '1.0' },
  })
  expect(res.ok(), `${path} → ${res.status()}`).toBe(true)
  return ((await res.json()) as { data: T }).data
}

/** No serious or critical accessibility violation on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze()
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    'axe serious/critical violations',
  ).toEqual([])
}

/** The main content of the current screen. */
export const main = (page: Page) => page.locator('main#conteudo')
