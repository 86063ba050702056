import type { Page } from '@playwright/test'
import { axeBuilder, expect } from './support.ts'

/**
 * WCAG 2.1 AA, as the accessibility statement promises it: axe's rules for levels A and AA of WCAG 2.0 and 2.1, every
 * impact (not only the serious ones `expectAccessible` refuses).
 */
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/**
 * What axe must not look into, each with its reason (decision record 0040): content that is not ours to change. The
 * element itself (an iframe's title) is still checked; only the document inside it is left out.
 */
export const FORA_DO_NOSSO_ALCANCE: readonly { seletor: string[]; razao: string }[] = [
  {
    seletor: ['iframe.map-frame', 'html'],
    razao: "OpenStreetMap's embedded map: its page is OpenStreetMap's, served from their host",
  },
]

/** The screen's WCAG 2.1 AA violations (of the part `dentro` selects, else all), one line each: rule, what, where. */
export async function wcagViolations(page: Page, dentro?: string): Promise<string[]> {
  let builder = (await axeBuilder(page)).withTags(WCAG_21_AA)
  if (dentro) builder = builder.include(dentro)
  for (const { seletor } of FORA_DO_NOSSO_ALCANCE) builder = builder.exclude(seletor)
  const { violations } = await builder.analyze()
  return violations.flatMap((v) =>
    v.nodes.map(
      (n) => `${v.id} (${v.impact}): ${v.help} — ${n.target.join(' ')}${n.failureSummary ? ` — ${resumo(n)}` : ''}`,
    ),
  )
}

/** axe's summary of how a node fails, on one line (a contrast's figures, a missing name). */
function resumo(n: { failureSummary?: string }): string {
  return (n.failureSummary ?? '').replace(/\s+/g, ' ').replace(/^Fix (any|all) of the following: /, '')
}

/** No WCAG 2.1 AA violation on the page as it is now. */
export async function expectWcag(page: Page, ecra: string): Promise<void> {
  expect(await wcagViolations(page), `WCAG 2.1 AA: ${ecra}`).toEqual([])
}
