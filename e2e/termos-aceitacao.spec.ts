import { devices } from '@playwright/test'
import { adminNaConsola } from './admin-support.ts'
import { createAccount, DESKTOP, expect, expectAccessible, test } from './support.ts'
import { expectWcag } from './wcag.ts'

/**
 * Terms accepted again (docs/decisions/0033): an admin publishes a new version of the terms as a relevant change; a
 * signed-in customer is asked in a modal dialog (what changed, a link to the text), can put it off ('Agora não': it
 * comes back on the next screen), accepts, and is not asked again. It runs after the back-office's journeys (its own
 * project): a relevant change asks every customer signed up before it, those of the other journeys too.
 */

test.use({ ...DESKTOP })

test('a relevant new version of the terms is asked in a dialog, accepted once, and not asked again', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const { defaultBrowserType: _, ...pixel } = devices['Pixel 7']
  const contexto = await browser.newContext({ ...pixel, baseURL, locale: 'pt-PT', timezoneId: 'Europe/Lisbon' })
  const cliente = await contexto.newPage()
  await createAccount(cliente)
  await cliente.goto('/fidelizacao')
  const dialogo = cliente.getByRole('dialog', { name: 'Atualizámos os Termos e Condições' })
  await expect(cliente.getByRole('main')).toBeVisible()
  await expect(dialogo).toHaveCount(0)

  // The back-office publishes a new version of the terms, marked relevant, saying what changed.
  await adminNaConsola(page, 'termos')
  await page.getByRole('navigation', { name: 'Secções' }).getByRole('link', { name: 'Conteúdos legais' }).click()
  const publicar = async (oQueMudou: string, verificar = false) => {
    await page.getByRole('button', { name: /^Editar «Termos/ }).click()
    const texto = page.getByRole('textbox', { name: 'Texto' })
    await texto.fill(`${await texto.inputValue()}<p>${oQueMudou}</p>`)
    await page.getByRole('checkbox', { name: /Alteração relevante/ }).check()
    await page.getByRole('textbox', { name: 'O que mudou' }).fill(oQueMudou)
    if (verificar) await expectAccessible(page)
    const guardado = page.waitForResponse(
      (r) => r.url().includes('/admin/api/legais/') && r.request().method() === 'POST',
    )
    await page.getByRole('button', { name: 'Guardar alterações' }).click()
    expect((await guardado).status()).toBe(200)
    await expect(page.getByRole('status').filter({ hasText: 'foi guardado' })).toBeVisible()
  }
  await publicar('As devoluções passam a ser aceites até 30 dias.', true)

  // The customer's next screen asks, in a modal dialog that keeps the focus.
  await cliente.reload()
  await expect(dialogo).toBeVisible()
  await expect(dialogo).toContainText('As devoluções passam a ser aceites até 30 dias.')
  await expect(dialogo.getByRole('button', { name: 'Aceitar' })).toBeFocused()
  await cliente.keyboard.press('Tab')
  await cliente.keyboard.press('Tab')
  await cliente.keyboard.press('Tab')
  await expect(dialogo.locator(':focus')).toHaveCount(1)
  await expectAccessible(cliente)
  // WCAG 2.1 AA at both sizes: acessibilidade.spec.ts sweeps every other screen, but only this journey may publish
  // the new terms that open this dialog.
  await expectWcag(cliente, 'the terms dialog on a phone')
  await cliente.setViewportSize(DESKTOP.viewport)
  await expectWcag(cliente, 'the terms dialog on a computer')
  await cliente.setViewportSize(pixel.viewport)
  await expect(dialogo.getByRole('link', { name: 'Ler os Termos e Condições' })).toHaveAttribute('href', '/termos/')

  // Put off: the customer can look around, but the next screen asks again.
  await dialogo.getByRole('button', { name: 'Agora não' }).click()
  await expect(dialogo).toHaveCount(0)
  await cliente.goto('/')
  await expect(dialogo).toBeVisible()

  // The text changes again while the dialog is open: 'Aceitar' is refused, and the dialog shows the new version,
  // which 'Aceitar' then accepts.
  await publicar('Os pagamentos por MB WAY passam a expirar em 4 minutos.')
  await dialogo.getByRole('button', { name: 'Aceitar' }).click()
  await expect(dialogo.getByRole('alert')).toHaveText('O texto mudou entretanto. Leia a nova versão e aceite-a.')
  await expect(dialogo).toContainText('Os pagamentos por MB WAY passam a expirar em 4 minutos.')
  await dialogo.getByRole('button', { name: 'Aceitar' }).click()
  await expect(dialogo).toHaveCount(0)
  await cliente.reload()
  await expect(cliente.getByRole('main')).toBeVisible()
  await cliente.goto('/fidelizacao')
  await expect(cliente.getByRole('main')).toBeVisible()
  await expect(dialogo).toHaveCount(0)
  await contexto.close()
})
