import { premiosMensagens } from '../src/shared/premios.ts'
import { aniversarioMensagens } from '../src/shared/premios-aniversario.ts'
import { adminNaConsola } from './admin-support.ts'
import { DESKTOP, expect, expectWcag21AA, main, test } from './support.ts'

/**
 * 'Definições' › 'Prémio' (decision 0051): an admin reads the reward in force (the demo's 'Café oferta', with its
 * picture), is told what is wrong before anything is saved, and saves it again as it was (the other journeys read it).
 * 'Prémio de aniversário' (decision 0053): an admin sets the birthday reward, told first what is wrong with its days.
 */

test.use({ ...DESKTOP })

/** Where the screenshots of the sections go, when asked (`PREMIO_SHOTS=.tmp`). */
const SHOTS = process.env.PREMIO_SHOTS

test('an admin reads and saves what a reward is, told what is wrong first', async ({ page }) => {
  test.setTimeout(90_000)
  await adminNaConsola(page, 'premio')
  await page.getByRole('navigation', { name: 'Secções' }).getByRole('link', { name: 'Definições' }).click()
  const secao = main(page).getByRole('region', { name: 'Prémio', exact: true })
  const nome = secao.getByRole('textbox', { name: 'Nome do prémio' })
  await expect(nome).toHaveValue('Café oferta')
  await expect(secao).toContainText('Em vigor')
  await expect(secao.getByRole('img', { name: /Imagem do prémio/ })).toBeVisible()
  await expectWcag21AA(page)

  // An amount off with no amount: said under the field, nothing saved.
  const tipo = secao.getByRole('combobox', { name: 'Tipo de prémio' })
  await tipo.selectOption('valor')
  const valor = secao.getByRole('textbox', { name: 'Valor do desconto (€)' })
  await valor.fill('0')
  await secao.getByRole('button', { name: 'Guardar prémio' }).click()
  await expect(valor).toHaveAccessibleDescription(new RegExp(premiosMensagens.valor.slice(0, 30)))
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click()

  // Back to the product given, as it was: saved, and said so.
  await tipo.selectOption('produto')
  await expect(secao.getByRole('textbox', { name: 'Código do produto no POS' })).toHaveValue('1001')
  await secao.getByRole('button', { name: 'Guardar prémio' }).click()
  await expect(secao.getByRole('status').first()).toHaveText(
    'Prémio guardado: Café oferta. Os clientes veem-no já na app.',
  )
})

test('an admin sets the birthday reward, told first that its days are out of range', async ({ page }) => {
  test.setTimeout(90_000)
  await adminNaConsola(page, 'aniversario')
  await page.getByRole('navigation', { name: 'Secções' }).getByRole('link', { name: 'Definições' }).click()
  const secao = main(page).getByRole('region', { name: 'Prémio de aniversário' })
  await expect(secao).toContainText('Em vigor')
  await expectWcag21AA(page)

  // The demo's birthday reward, whatever is there: a pastel de nata for a week.
  const oferecer = secao.getByRole('checkbox', { name: 'Oferecer prémio de aniversário' })
  await oferecer.check()
  await secao.getByRole('textbox', { name: 'Nome do prémio' }).fill('Pastel de nata oferta')
  await secao.getByRole('combobox', { name: 'Tipo de prémio' }).selectOption('produto')
  await secao.getByRole('textbox', { name: 'Código do produto no POS' }).fill('2001')
  const dias = secao.getByRole('textbox', { name: 'Válido durante (dias)' })
  const guardar = secao.getByRole('button', { name: 'Guardar prémio de aniversário' })

  // Past two months: said under the field, nothing saved.
  await dias.fill('61')
  await guardar.click()
  await expect(dias).toHaveAccessibleDescription(new RegExp(aniversarioMensagens.validade))
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click()
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
  await expect(dias).toBeFocused()
  await expectWcag21AA(page)
  if (SHOTS) await secao.screenshot({ path: `${SHOTS}/admin-premio-aniversario-erro.png` })

  // Switched off, then on again for a week: saved, and said so each time.
  const aviso = secao.getByRole('status').first()
  const emVigor = secao.getByRole('definition').first()
  await dias.fill('7')
  await oferecer.uncheck()
  await guardar.click()
  await expect(aviso).toHaveText('Prémio de aniversário desligado.')
  await expect(emVigor).toHaveText('Desligado (o último definido: Pastel de nata oferta)')
  await oferecer.check()
  await guardar.click()
  await expect(aviso).toHaveText(
    'Prémio de aniversário guardado: Pastel de nata oferta. Válido até 7 dias depois do aniversário.',
  )
  await expect(emVigor).toHaveText('Pastel de nata oferta, válido até 7 dias depois do aniversário')
  await expect(dias).not.toHaveAttribute('aria-invalid')
  await expectWcag21AA(page)
  if (SHOTS) {
    await secao.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${SHOTS}/admin-premio-aniversario.png`, fullPage: true })
  }
})
