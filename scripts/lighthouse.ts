// Lighthouse's default mobile run (a mid-range phone, simulated slow 4G and a 4× slower CPU) in Debian's Chromium,
// several times on one page: shared by the gate in `npm test` (e2e/lighthouse.spec.ts) and the benchmark
// (scripts/bench/lighthouse.ts), so that both measure the same way.
import { chromium } from '@playwright/test'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { throttling as THROTTLING } from 'lighthouse/core/config/constants.js'
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js'

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>
export type Lhr = Result['lhr']

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** The categories measured: every one but the PWA's (which Lighthouse no longer scores). */
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']

/** Lighthouse's default CPU slowdown of its mobile run (its `mobileSlow4G` throttling). */
export const DEFAULT_CPU_SLOWDOWN = THROTTLING.mobileSlow4G.cpuSlowdownMultiplier

/**
 * The benchmark index of the host Lighthouse's default slowdown is calibrated for: the top of its "high-end desktop"
 * range (1500–2000; docs/throttling.md, "Benchmarking CPU Power"). This machine's kind rates 2100–3800 when quiet, so
 * the gate runs there with the default itself, as the bench does; a host rated below 2000 (CI's, slower or busier) is
 * slowed less, so that it simulates the phone a 2000 host does at 4×. Taking the top of the range (rather than 1500)
 * and keeping 4× on faster hosts leans lenient: the gate catches regressions, the bench holds the targets.
 */
export const CALIBRATED_HOST_INDEX = 2000

/**
 * The CPU slowdown that simulates, on a CPU Lighthouse rates `benchmarkIndex` now, the phone its default run simulates on
 * a CPU rated `referenceIndex`: the default slowdown scaled by the ratio, so that a machine twice as slow (or busy
 * twice over) is slowed half as much; never more than the default (a faster machine keeps Lighthouse's own 4×, as the
 * bench) nor less than 1. Lighthouse's throttling guide asks for this calibration: its CPU throttling is relative to
 * the host (docs/throttling.md, "CPU throttling").
 */
export function calibratedSlowdown(benchmarkIndex: number, referenceIndex: number): number {
  if (!(benchmarkIndex > 0) || !(referenceIndex > 0)) return DEFAULT_CPU_SLOWDOWN
  const scaled = (DEFAULT_CPU_SLOWDOWN * benchmarkIndex) / referenceIndex
  return Math.round(Math.min(DEFAULT_CPU_SLOWDOWN, Math.max(1, scaled)) * 100) / 100
}

/**
 * Lighthouse's own CPU benchmark (its `computeBenchmarkIndex`, about a second), run in a blank page of the Chromium on
 * `port`: the higher of two readings, so that a moment of other work on the machine does not make the run lenient.
 */
async function benchmarkIndexNow(port: number): Promise<number> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext())
    const page = await context.newPage()
    const benchmark = `(${pageFunctions.computeBenchmarkIndex.toString()})()`
    const readings = [Number(await page.evaluate(benchmark)), Number(await page.evaluate(benchmark))]
    await page.close()
    return Math.max(...readings)
  } finally {
    await browser.close()
  }
}

export interface LighthouseRuns {
  /** One report per run, in the order they ran. */
  lhrs: Lhr[]
  /** The first run's HTML report, for a person to read. */
  firstReport: string
  /** The CPU slowdown of each run, in the order they ran. */
  slowdowns: number[]
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
 * at most; the page's own figures are never retried away. With `referenceIndex`, each run's CPU slowdown is calibrated
 * (`calibratedSlowdown`) on Lighthouse's benchmark taken just before it; without, it is Lighthouse's default.
 */
export async function lighthouseRuns(
  url: string,
  {
    runs,
    cookie,
    localStorage,
    referenceIndex,
  }: { runs: number; cookie?: string; localStorage?: Record<string, string>; referenceIndex?: number },
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
    const slowdowns: number[] = []
    let failures: string[] = []
    while (lhrs.length < runs) {
      const cpuSlowdownMultiplier = referenceIndex
        ? calibratedSlowdown(await benchmarkIndexNow(chrome.port), referenceIndex)
        : DEFAULT_CPU_SLOWDOWN
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'html',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        throttling: { ...THROTTLING.mobileSlow4G, cpuSlowdownMultiplier },
      })
      const error = result ? result.lhr.runtimeError?.message : 'no result'
      if (!result || error) {
        failures = [...failures, `${url}: ${error}`]
        if (failures.length > 2) throw new Error(`Lighthouse could not measure: ${failures.join('; ')}`)
        continue
      }
      if (lhrs.length === 0) firstReport = String(result.report)
      lhrs.push(result.lhr)
      slowdowns.push(result.lhr.configSettings.throttling.cpuSlowdownMultiplier ?? cpuSlowdownMultiplier)
    }
    return { lhrs, firstReport, slowdowns } satisfies LighthouseRuns
  } finally {
    chrome.kill()
  }
}
