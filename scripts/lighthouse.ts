// Lighthouse's default mobile run (a mid-range phone, simulated slow 4G and a 4× slower CPU) in Debian's Chromium,
// several times on one page: shared by the gate in `npm test` (e2e/lighthouse.spec.ts) and the benchmark
// (scripts/bench/lighthouse.ts), so that both measure the same way.
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
 * `runs` Lighthouse runs of `url` in one Chromium, with the session `cookie` if given. A run Lighthouse itself could
 * not complete (a page that never painted for it, a protocol timeout) is run again, twice at most; the page's own
 * figures are never retried away.
 */
export async function lighthouseRuns(url: string, { runs, cookie }: { runs: number; cookie?: string }) {
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
    const lhrs: Lhr[] = []
    let firstReport = ''
    let failures: string[] = []
    while (lhrs.length < runs) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'html',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
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
