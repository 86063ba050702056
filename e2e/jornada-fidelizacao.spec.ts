import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import config from '../playwright.config.ts'
import type { PrivateData } from '../src/shared/conta.ts'
import { qrVideo, withFakeCamera } from './camera.ts'
import { createStoreKey } from './loja.ts'
import { apiPost, expect, expectAccessible, main, randomPhone, smsCode, test } from './support.ts'

/**
 * The loyalty programme end to end, as its two people live it: a customer signs up on the phone; a counter tablet is
 * paired with the store's key and registers a purchase by scanning the customer's QR with its camera; the customer
 * sees the credit; at the next visit part of it is used; the customer opens all transactions and gives an opinion.
 */

const CAMERA_VIDEO = join(tmpdir(), `balcao-jornada-camera-${process.pid}.y4m`)
test.use({ launchOptions: withFakeCamera(config.use?.launchOptions ?? {}, CAMERA_VIDEO) })

const TABLET = { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: true, deviceScaleFactor: 1 }

const alert = (page: Page) => page.getByRole('alertdialog')

async function scanAndBuy(tablet: Page, total: string, referencia: string, saldo?: string) {
  await tablet.getByRole('button', { name: 'Ler QR com a câmara' }).click()
  await expect(tablet.getByRole('heading', { name: /Marta Lopes/ })).toBeVisible({ timeout: 15_000 })
  await tablet.getByLabel('Total da conta (€)').fill(total)
  if (saldo !== undefined) await tablet.getByLabel('Saldo a usar (€)').fill(saldo)
  await tablet.getByLabel('N.º do documento (POS)').fill(referencia)
  await tablet.getByRole('button', { name: 'Registar' }).click()
  await expect(tablet.getByRole('region', { name: 'Compra registada' })).toBeVisible()
}

test('a customer signs up, buys twice at the till by QR, sees the credit, uses it, and gives an opinion', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)

  // The customer signs up on the phone.
  const telemovel = randomPhone()
  await page.goto('/registo')
  const signup = page.getByRole('dialog', { name: 'Criar conta' })
  await signup.getByLabel('Telemóvel', { exact: true }).fill(telemovel)
  await signup.getByRole('checkbox', { name: /Li e aceito/ }).check()
  await signup.getByRole('button', { name: 'Criar conta' }).click()
  const confirm = page.getByRole('dialog', { name: 'Confirmar telemóvel' })
  await confirm.getByLabel('Código SMS').fill(await smsCode(page.request, telemovel))
  await confirm.getByRole('button', { name: 'Confirmar' }).click()
  await expect(page).toHaveURL('/alterar-dados-pessoais')
  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill('Marta Lopes')
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('marta.lopes@example.pt')
  await page.getByLabel('Data de nascimento').fill('1988-03-09')
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('246810')
  await page.getByRole('textbox', { name: 'Confirmação da password', exact: true }).fill('246810')
  await page.getByRole('checkbox', { name: /Li e aceito os Termos e Condições e a Política de privacidade/ }).check()
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expect(alert(page)).toContainText('Alteração de dados efetuada')
  await alert(page).getByRole('button', { name: 'OK' }).click()
  await expect(page).toHaveURL('/perfil')

  // The loyalty screen shows the QR the till will read.
  await page.getByRole('link', { name: 'Fidelização' }).first().click()
  await expect(page.getByRole('region', { name: 'Saldo e pontos' })).toContainText('Já poupou0,00 €')
  await expect(main(page).getByRole('img', { name: 'Código QR de fidelização' })).toBeVisible()
  const { user } = await apiPost<PrivateData>(page.request, '/api/refresh-private-data', { value: true })
  qrVideo(user.data?.qrCode ?? '', CAMERA_VIDEO)

  // The store's tablet is paired once with its key, then scans the customer's QR and registers 20,00 €.
  const tabletContext = await browser.newContext({ ...TABLET, baseURL })
  const tablet = await tabletContext.newPage()
  await tablet.goto('/painel/entrar')
  await tablet.getByLabel('Chave da loja', { exact: true }).fill(createStoreKey(862))
  await tablet.getByRole('button', { name: 'Entrar' }).click()
  await expect(tablet).toHaveURL(/\/painel\/caixa$/)
  await scanAndBuy(tablet, '20,00', 'FT 2026/101')
  await expectAccessible(tablet)

  // The customer sees the credit: 5% of 20,00 € and 20 points.
  await page.reload()
  const saldos = page.getByRole('region', { name: 'Saldo e pontos' })
  await expect(saldos).toContainText('Saldo disponível1,00 €Já poupou0,00 €')
  await expect(saldos).toContainText('20 / 100')

  // Next visit: 0,60 € of the credit pays part of an 8,40 € bill.
  await tablet.getByRole('button', { name: 'Nova compra' }).click()
  await scanAndBuy(tablet, '8,40', 'FT 2026/102', '0,60')
  await expect(tablet.getByRole('region', { name: 'Compra registada' })).toContainText('7,80 €')
  await tabletContext.close()

  await page.reload()
  await expect(page.getByRole('region', { name: 'Saldo e pontos' })).toContainText('Já poupou0,60 €')
  await expectAccessible(page)

  // All transactions, newest first, then an opinion about the last visit.
  await page.getByRole('link', { name: 'Ver Todas' }).click()
  await expect(page).toHaveURL('/fidelizacao/transacoes')
  const lista = page.getByRole('table', { name: 'Transações' })
  await expect(lista.getByRole('row')).toHaveCount(3)
  await expect(lista).toContainText('-0,60 €')
  await expectAccessible(page)
  await page.getByRole('link', { name: 'Deixe a sua opinião' }).first().click()
  await page.getByRole('group', { name: 'Atendimento' }).getByRole('radio', { name: '5 de 5 estrelas' }).click()
  await page.getByRole('group', { name: 'Qualidade' }).getByRole('radio', { name: '4 de 5 estrelas' }).click()
  await page.getByRole('textbox', { name: 'Comentário' }).fill('Pastéis de nata como em casa.')
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Enviar opinião' }).click()
  await expect(alert(page)).toContainText('Opinião submetida com sucesso')
  await alert(page).getByRole('button', { name: 'OK' }).click()
  await expect(page).toHaveURL('/fidelizacao/transacoes')
  await expect(page.getByRole('link', { name: 'Deixe a sua opinião' })).toHaveCount(1)
})
