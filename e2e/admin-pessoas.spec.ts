import { adminNaConsola } from './admin-support.ts'
import { createAccount, DESKTOP, expect, expectAccessible, test } from './support.ts'

/**
 * People and loyalty: an admin finds a customer by their whole number (listed masked), credits them with a
 * reason, and the customer's movements show the adjustment with it. Axe-clean at 1280×800 and 800×1280.
 */

test.use({ ...DESKTOP })

test('an admin finds a customer, adjusts their credit with a reason, and the customer sees it', async ({ page }) => {
  test.setTimeout(90_000)
  const conta = await createAccount(page, { email: `pessoas-${Date.now()}@example.pt` })
  await adminNaConsola(page, 'pessoas')

  await page.getByRole('navigation', { name: 'Secções' }).getByRole('link', { name: 'Clientes' }).click()
  await expect(page.getByRole('heading', { name: 'Clientes', level: 1 })).toBeVisible()
  await page.getByRole('textbox', { name: 'Telemóvel (número completo)' }).fill(conta.telemovel)
  await page.getByRole('button', { name: 'Procurar' }).click()
  const mascarado = `+351 ${conta.telemovel[0]}•• ••• •${conta.telemovel.slice(-2)}`
  const linha = page.getByRole('row').filter({ hasText: mascarado })
  await expect(linha).toHaveCount(1)
  await expect(page.getByRole('table', { name: 'Clientes' })).not.toContainText(conta.telemovel)
  await page.screenshot({ path: 'test-results/admin-pessoas-clientes.png', fullPage: true })
  await expectAccessible(page)

  await linha.getByRole('link', { name: conta.nome }).click()
  await expect(page.getByRole('heading', { name: conta.nome, level: 1 })).toBeVisible()
  await expect(page.getByTestId('cliente-saldo')).toHaveText('0,00\u00a0€')
  await page.getByRole('textbox', { name: 'Saldo (€)' }).fill('2,50')
  await page.getByRole('textbox', { name: 'Motivo' }).fill('Compensação pelo atraso do pedido')
  await page.getByRole('button', { name: 'Registar ajuste' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Ajuste registado' })).toBeVisible()
  await expect(page.getByTestId('cliente-saldo')).toHaveText('2,50\u00a0€')
  const movimentos = page.getByRole('table', { name: 'Movimentos do cliente' })
  await expect(movimentos).toContainText('Ajuste: Compensação pelo atraso do pedido')
  await expect(movimentos).toContainText('+2,50\u00a0€')
  await page.screenshot({ path: 'test-results/admin-pessoas-cliente.png', fullPage: true })
  await expectAccessible(page)

  await page.setViewportSize({ width: 800, height: 1280 })
  await expectAccessible(page)
  await page.screenshot({ path: 'test-results/admin-pessoas-cliente-800.png', fullPage: true })

  // The customer, signed in on this browser (createAccount), reads the adjustment in their movements.
  await page.setViewportSize(DESKTOP.viewport)
  await page.goto('/fidelizacao/transacoes')
  const transacoes = page.getByRole('table')
  await expect(transacoes).toContainText('Ajuste')
  await expect(transacoes).toContainText('Compensação pelo atraso do pedido')
  await expect(transacoes).toContainText('+2,50\u00a0€')
  await page.screenshot({ path: 'test-results/admin-pessoas-transacoes.png', fullPage: true })
})

test('the opinions and profiles screens are axe-clean for an admin', async ({ page }) => {
  test.setTimeout(60_000)
  await adminNaConsola(page, 'opinioes')
  const nav = page.getByRole('navigation', { name: 'Secções' })
  await nav.getByRole('link', { name: 'Opiniões' }).click()
  await expect(page.getByRole('heading', { name: 'Médias por loja' })).toBeVisible()
  await page.screenshot({ path: 'test-results/admin-pessoas-opinioes.png', fullPage: true })
  await expectAccessible(page)
  await nav.getByRole('link', { name: 'Perfis de cliente' }).click()
  await expect(page.getByRole('cell', { name: 'Cliente', exact: true })).toBeVisible()
  await expectAccessible(page)
  await page.setViewportSize({ width: 800, height: 1280 })
  await expectAccessible(page)
})

test("an admin erases a customer's account on request, after confirming", async ({ page }) => {
  test.setTimeout(60_000)
  const conta = await createAccount(page, { email: `apagar-${Date.now()}@example.pt` })
  await adminNaConsola(page, 'apagar')
  await page.goto('/admin/clientes')
  await page.getByRole('textbox', { name: 'Telemóvel (número completo)' }).fill(conta.telemovel)
  await page.getByRole('button', { name: 'Procurar' }).click()
  // The search by the whole number finds this one customer: waited for, as the list before it may hold others of
  // the same name (the suite's accounts share it).
  await expect(page.getByRole('link', { name: conta.nome })).toHaveCount(1)
  await page.getByRole('link', { name: conta.nome }).click()
  await page.getByRole('button', { name: 'Eliminar conta' }).click()
  const dialogo = page.getByRole('alertdialog', { name: 'Eliminar a conta deste cliente?' })
  await expect(dialogo).toBeVisible()
  await expectAccessible(page)
  await dialogo.getByRole('button', { name: 'Eliminar' }).click()
  await expect(page.getByRole('heading', { name: 'Clientes', level: 1 })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'A conta foi eliminada.' })).toBeVisible()
  await page.getByRole('textbox', { name: 'Telemóvel (número completo)' }).fill(conta.telemovel)
  await page.getByRole('button', { name: 'Procurar' }).click()
  await expect(page.getByRole('cell', { name: 'Nenhum cliente com este número.' })).toBeVisible()
})
