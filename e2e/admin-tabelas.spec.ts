import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { adminNaConsola } from './admin-support.ts'
import { DESKTOP, expect, test } from './support.ts'

/**
 * The back-office's tables at 1280×800, the size staff work at: each section within the page (no sideways scroll of
 * the page itself), each row's actions on one line, the audit log's change read field by field. A screenshot of each
 * is left in .tmp/admin-tabelas/ to look at.
 */

test.use({ ...DESKTOP })

const SECCOES = [
  'novidades',
  'campanhas',
  'lojas',
  'restaurantes',
  'utilizadores',
  'auditoria',
  'relatorios',
  'chaves',
  'faq',
  'conteudos-legais',
  'perfis',
]

async function semTransbordo(page: Page, seccao: string) {
  const { pagina, janela } = await page.evaluate(() => ({
    pagina: document.documentElement.scrollWidth,
    janela: document.documentElement.clientWidth,
  }))
  expect(pagina, `${seccao}: the page scrolls sideways`).toBeLessThanOrEqual(janela)
  // Nor does a table inside its own scrolling box (the reports'): every column in view.
  const cortadas = await page
    .locator('.admin-rolar')
    .evaluateAll((caixas) => caixas.filter((c) => c.scrollWidth > c.clientWidth + 1).length)
  expect(cortadas, `${seccao}: a table scrolls sideways inside the page`).toBe(0)
}

/** Every row's action buttons share one line: their tops agree within a few pixels. */
async function acoesNumaLinha(page: Page, seccao: string) {
  const linhas = await page.locator('table tbody tr').evaluateAll((trs) =>
    trs.map((tr) => {
      const botoes = [...tr.querySelectorAll('td:last-child button, td:last-child a.button')]
      return botoes.map((b) => Math.round(b.getBoundingClientRect().top))
    }),
  )
  for (const [i, topos] of linhas.entries()) {
    if (topos.length < 2) continue
    expect(Math.max(...topos) - Math.min(...topos), `${seccao}: the actions of row ${i + 1} wrap`).toBeLessThan(8)
  }
}

test('the back-office tables read well at 1280×800', async ({ page }) => {
  test.setTimeout(120_000)
  await adminNaConsola(page, 'tabelas')
  mkdirSync('.tmp/admin-tabelas', { recursive: true })
  // Every section looked at before failing: the screenshots of all of them are the point.
  const falhas: string[] = []
  for (const seccao of SECCOES) {
    await page.goto(`/admin/${seccao}`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByText('A carregar…')).toHaveCount(0)
    if (seccao === 'relatorios') await expect(page.locator('table').first()).toBeAttached()
    await page.screenshot({ path: `.tmp/admin-tabelas/${seccao}.png`, fullPage: true })
    await semTransbordo(page, seccao).catch((e: unknown) => falhas.push(String(e)))
    await acoesNumaLinha(page, seccao).catch((e: unknown) => falhas.push(String(e)))
  }

  expect(falhas).toEqual([])

  // The audit log: this admin's own sign-up steps, each a change field by field, never a block of JSON.
  await page.goto('/admin/auditoria')
  const linha = page.getByRole('row').filter({ hasText: 'Palavra-passe alterada' }).first()
  await expect(linha).toBeVisible()
  await expect(page.locator('.admin-json')).toHaveCount(0)
  await expect(page.getByRole('columnheader', { name: 'Alteração' })).toBeVisible()
})
