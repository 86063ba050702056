import type { APIRequestContext, Page } from '@playwright/test'
import type { PrivateData } from '../src/shared/conta.ts'
import { apiPost, createAccount, expect, test } from './support.ts'

/**
 * One consent to communications (docs/decisions/0031-um-consentimento.md): the personal data's 'Quero receber
 * comunicações e novidades' and the GDPR screen's box are the same value; changed in one, the other shows it.
 */

const SHOTS = '.tmp/screens'
const PESSOAIS = 'Quero receber comunicações e novidades'
const RGPD = 'Aceito receber comunicações do grupo (novidades e campanhas)'

const modal = (page: Page, name: string) => page.getByRole('dialog', { name })
const alert = (page: Page) => page.getByRole('alertdialog')
const privateData = (request: APIRequestContext) =>
  apiPost<PrivateData>(request, '/api/refresh-private-data', { value: true })

async function closeAlert(page: Page, text: string) {
  await expect(alert(page)).toContainText(text)
  await alert(page).getByRole('button', { name: 'OK' }).click()
  await expect(alert(page)).toBeHidden()
}

test('the consent given in the personal data shows in the GDPR screen, and withdrawn there shows in the personal data', async ({
  page,
}) => {
  test.setTimeout(60_000)
  await createAccount(page)

  // Given in the personal data…
  await page.goto('/alterar-dados-pessoais')
  const pessoais = page.getByRole('checkbox', { name: PESSOAIS })
  await expect(pessoais).not.toBeChecked()
  await pessoais.check()
  await page.getByRole('button', { name: 'Guardar' }).click()
  await closeAlert(page, 'Alteração de dados efetuada')

  // …the GDPR screen shows it given.
  await page.goto('/rgpd')
  const hub = modal(page, 'Gerir RGPD')
  await expect(hub.getByRole('link', { name: /Consentimento de comunicações/ })).toContainText('Ativo')
  await hub.getByRole('link', { name: /Consentimento de comunicações/ }).click()
  const form = modal(page, 'Consentimento de comunicações')
  const rgpd = form.getByRole('checkbox', { name: RGPD })
  await expect(rgpd).toBeChecked()
  await page.screenshot({ path: `${SHOTS}/consentimento-rgpd.png` })

  // Withdrawn there…
  await rgpd.uncheck()
  await form.getByRole('button', { name: 'Submeter' }).click()
  await closeAlert(page, 'A opção escolhida foi atualizada')
  await expect(hub.getByRole('link', { name: /Consentimento de comunicações/ })).toContainText('Inativo')

  // …the personal data show it withdrawn, in this screen and after a reload.
  await page.goto('/alterar-dados-pessoais')
  await expect(page.getByRole('checkbox', { name: PESSOAIS })).not.toBeChecked()
  await page.reload()
  await expect(page.getByRole('checkbox', { name: PESSOAIS })).not.toBeChecked()
  await page.screenshot({ path: `${SHOTS}/consentimento-dados-pessoais.png` })
  const user = (await privateData(page.request)).user.data
  expect([user?.comunicacao, user?.comunicacoes]).toEqual([false, false])
})
