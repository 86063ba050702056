// Lighthouse's default mobile run (a mid-range phone, simulated slow 4G and a 4× slower CPU) in Debian's Chromium,
// several times on one page: shared by the gate in `npm test` (e2e/lighthouse.spec.ts) and the benchmark
// (scripts/bench/lighthouse.ts), so that both measure the same way.
import { chromium } from '@playwright/test'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>
export type Lhr = Result['lhr']

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** The categories measured: every one but the PWA's (which Lighthouse no longer scores). */
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']

export interface LighthouseRuns {
  /** One report per run, in the order they ran. */
  lhrs: Lhr[]
  /** The first run's HTML report, for a person to read. */
  firstReport: string
}

/**
 * Puts the session's `cookie` in the browser's cookie jar and `items` in the localStorage of `url`'s origin, in the
 * Chromium listening on `port` (by Playwright, over the DevTools protocol), as a person's device keeps them: the store
 * chosen for the catalogue and the product pages, which read it before anything else. Lighthouse's storage reset leaves
 * cookies and localStorage alone (its `clearStorageTypes`), so every run finds them. Cookies in the jar, not in
 * Lighthouse's `extraHeaders`: a cookie the page itself sets (the store's, lib/loja-cookie.ts) would otherwise make
 * Chromium send the jar's cookies alone on the page's later requests, without the session.
 */
async function seedDevice(port: number, url: string, cookie: string | undefined, items: Record<string, string>) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext())
    const cookies = (cookie ?? '')
      .split(';')
      .map((c) => c.trim())
      .filter((c) => c.includes('='))
      .map((c) => ({
        name: c.slice(0, c.indexOf('=')),
        value: c.slice(c.indexOf('=') + 1),
        url: new URL('/', url).href,
      }))
    if (cookies.length > 0) await context.addCookies(cookies)
    const page = await context.newPage()
    await page.goto(new URL('/api/health', url).href)
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value)
    }, items)
    await page.close()
  } finally {
    await browser.close()
  }
}

/**
 * `runs` Lighthouse runs of `url` in one Chromium, with the session `cookie` and the device's `localStorage` if given. A
 * run Lighthouse itself could not complete (a page that never painted for it, a protocol timeout) is run again, twice
 * at most; the page's own figures are never retried away.
 */
export async function lighthouseRuns(
  url: string,
  { runs, cookie, localStorage }: { runs: number; cookie?: string; localStorage?: Record<string, string> },
) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-quic',
      '--no-first-run',
    ],
  })
  try {
    if (localStorage || cookie) await seedDevice(chrome.port, url, cookie, localStorage ?? {})
    const lhrs: Lhr[] = []
    let firstReport = ''
    let failures: string[] = []
    while (lhrs.length < runs) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'html',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      })
      const error = result ? result.lhr.runtimeError?.message : 'no result'
      if (!result || error) {
        failures = [...failures, `${url}: ${error}`]
        if (failures.length > 2) throw new Error(`Lighthouse could not measure: ${failures.join('; ')}`)
        continue
      }
      if (lhrs.length === 0) firstReport = String(result.report)
      lhrs.push(result.lhr)
    }
    return { lhrs, firstReport } satisfies LighthouseRuns
  } finally {
    chrome.kill()
  }
}
