import { readFileSync } from 'node:fs'
import { adminNaConsola } from './admin-support.ts'
import { DESKTOP, expect, expectAccessible, test } from './support.ts'

/**
 * Reports: an admin opens the reports of the demo's last 30 days, reads the figures and the chart, narrows
 * them to a store, and exports a table as CSV; axe-clean on a computer and on a 10" tablet upright.
 */

test.use({ ...DESKTOP })

test('an admin reads the reports, narrows them to a store and exports a table as CSV', async ({ page }, testInfo) => {
  test.setTimeout(60_000)
  await adminNaConsola(page, 'relatorios')
  await page.getByRole('navigation', { name: 'Secções' }).getByRole('link', { name: 'Relatórios' }).click()
  await expect(page.getByRole('heading', { name: 'Relatórios', level: 1 })).toBeVisible()
  await expect(page.getByText(/^De \d{2}\/\d{2}\/\d{4} a \d{2}\/\d{2}\/\d{4}, \d+ lojas$/)).toBeVisible()
  await expect(page.getByRole('term').filter({ hasText: 'Vendas na app' })).toBeVisible()
  // The chart is drawn (uPlot's canvas) and described for screen readers.
  const grafico = page.getByRole('img', { name: /Gráfico das vendas e do crédito emitido por dia/ })
  await expect(grafico.locator('canvas')).toBeVisible()
  await expectAccessible(page)
  await page.screenshot({ path: testInfo.outputPath('relatorios-1280.png'), fullPage: true })

  // A period the wrong way round is refused on the page, in words.
  await page.getByLabel('De', { exact: true }).fill('2026-11-20')
  await page.getByLabel('Até', { exact: true }).fill('2026-11-10')
  await page.getByRole('button', { name: 'Ver relatório' }).click()
  // Said under the field and announced above the form.
  await expect(page.getByRole('alert').filter({ hasText: 'Corrija o período' })).toContainText(
    'A data de fim tem de ser igual ou posterior à de início.',
  )
  await expect(page.getByLabel('Até', { exact: true })).toHaveAccessibleDescription(
    'A data de fim tem de ser igual ou posterior à de início.',
  )

  // Narrowed to one store.
  await page.getByLabel('Até', { exact: true }).fill('2026-11-25')
  const loja = page.getByRole('combobox', { name: 'Loja' })
  const primeira = (await loja.locator('option').nth(1).textContent()) ?? ''
  await loja.selectOption({ label: primeira })
  await page.getByRole('button', { name: 'Ver relatório' }).click()
  await expect(page.getByText(/^De 20\/11\/2026 a 25\/11\/2026, 1 loja$/)).toBeVisible()
  const porLoja = page.getByRole('table', { name: 'Valores por loja' })
  await expect(porLoja.getByRole('row')).toHaveCount(2)
  await expect(porLoja.getByRole('rowheader')).toContainText(primeira)

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Exportar CSV: por loja' }).click()
  const ficheiro = await download
  expect(ficheiro.suggestedFilename()).toBe('balcao-lojas-2026-11-20-a-2026-11-25.csv')
  const texto = readFileSync((await ficheiro.path()) ?? '', 'utf8')
  expect(texto.replace(/^\ufeff/, '').split('\r\n')[0]).toMatch(/^Loja;Restaurante;Encomendas pagas;Vendas \(€\)/)
  expect(texto).toContain(`${primeira};`)

  await page.setViewportSize({ width: 800, height: 1280 })
  await expectAccessible(page)
  await page.screenshot({ path: testInfo.outputPath('relatorios-800.png'), fullPage: true })
})
