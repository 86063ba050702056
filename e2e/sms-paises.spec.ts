import { expect, test } from './support.ts'

/**
 * SMS go only to the countries the group allows (decision 0054, Portugal by default): a sign-up with a number of
 * another country is refused on its field, in words, and no code is sent.
 */
test('a sign-up with a number of a country SMS do not go to says so on the phone field', async ({ page }) => {
  await page.goto('/registo')
  const signup = page.getByRole('dialog', { name: 'Criar conta' })
  await signup.getByRole('combobox', { name: /Indicativo/ }).selectOption('34')
  const phone = signup.getByLabel('Telemóvel', { exact: true })
  await phone.fill('612345678')
  await signup.getByRole('checkbox', { name: /Li e aceito/ }).check()
  await signup.getByRole('button', { name: 'Criar conta' }).click()
  const mensagem = 'Não é possível enviar SMS para números deste país.'
  await expect(page.getByText(mensagem).first()).toBeVisible()
  await page.screenshot({ path: '.tmp/screens/sms-pais-recusado.png' })
  const ok = page.getByRole('alertdialog').getByRole('button', { name: 'OK' })
  if (await ok.isVisible()) await ok.click()
  await expect(phone).toHaveAccessibleDescription(mensagem)
  await expect(page).toHaveURL('/registo')
})
