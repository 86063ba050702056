import { premiosMensagens } from '../src/shared/premios.ts'
import { adminNaConsola } from './admin-support.ts'
import { DESKTOP, expect, expectWcag21AA, main, test } from './support.ts'

/**
 * 'Definições' › 'Prémio' (decision 0051): an admin reads the reward in force (the demo's 'Café oferta', with its
 * picture), is told what is wrong before anything is saved, and saves it again as it was (the other journeys read it).
 */

test.use({ ...DESKTOP })

test('an admin reads and saves what a reward is, told what is wrong first', async ({ page }) => {
  test.setTimeout(90_000)
  await adminNaConsola(page, 'premio')
  await page.getByRole('navigation', { name: 'Secções' }).getByRole('link', { name: 'Definições' }).click()
  const secao = main(page).getByRole('region', { name: 'Prémio' })
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
