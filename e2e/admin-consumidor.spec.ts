import { informacaoConsumidorMensagens } from '../src/shared/admin-definicoes.ts'
import { type InformacaoConsumidor, RAL_PREDEFINIDA } from '../src/shared/informacao-consumidor.ts'
import { adminNaConsola } from './admin-support.ts'
import { api, DESKTOP, expect, expectWcag21AA, main, test } from './support.ts'

/**
 * 'Definições' › 'Informação ao consumidor' (decision 0039): an admin names the arbitration entity, says the group has
 * adhered to it, and sets the accessibility contact; the legal information shows them at once. The demo's values are
 * put back at the end, for the journeys that follow.
 */

test.use({ ...DESKTOP })

test('an admin sets the arbitration entity the group adheres to and the accessibility contact; the legal information shows them', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  await adminNaConsola(page, 'consumidor')
  await page.getByRole('navigation', { name: 'Secções' }).getByRole('link', { name: 'Definições' }).click()
  const secao = main(page).getByRole('region', { name: 'Informação ao consumidor' })
  const nome = secao.getByRole('textbox', { name: 'Entidade de resolução alternativa de litígios' })
  const sitio = secao.getByRole('textbox', { name: 'Sítio da entidade' })
  const email = secao.getByRole('textbox', { name: 'E-mail para a acessibilidade' })
  await expect(nome).toHaveValue(RAL_PREDEFINIDA.nome)
  await expectWcag21AA(page)

  const aderiu = secao.getByRole('checkbox', { name: 'O grupo aderiu a esta entidade' })
  await expect(aderiu).not.toBeChecked()

  // A website that is not https, or one that shows a host and opens another: said under the field, nothing saved.
  for (const errado of ['http://www.cicap.pt', 'https://www.cniacc.pt@evil.example/']) {
    await sitio.fill(errado)
    await secao.getByRole('button', { name: 'Guardar informação ao consumidor' }).click()
    await expect(sitio).toHaveAccessibleDescription(new RegExp(informacaoConsumidorMensagens.sitio.slice(0, 40)))
    await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click()
    await expect(page.getByRole('alertdialog')).toHaveCount(0)
  }
  expect((await api<InformacaoConsumidor>(request, '/api/informacao-consumidor')).ral.nome).toBe(RAL_PREDEFINIDA.nome)

  const entidade = 'CICAP – Centro de Informação de Consumo e Arbitragem do Porto'
  await nome.fill(entidade)
  await sitio.fill('https://www.cicap.pt')
  await aderiu.check()
  await email.fill('acessibilidade@grupoladrilho.pt')
  await secao.getByRole('button', { name: 'Guardar informação ao consumidor' }).click()
  await expect(
    secao.getByRole('status').filter({ hasText: `Informação ao consumidor guardada: ${entidade}.` }),
  ).toBeVisible()
  // Kept as the browser reads it.
  await expect(sitio).toHaveValue('https://www.cicap.pt/')

  const cliente = await page.context().newPage()
  await cliente.goto('/informacao-legal')
  const litigios = main(cliente).getByRole('region', { name: 'Reclamações e resolução de litígios' })
  await expect(litigios).toContainText(`A empresa aderiu a: ${entidade}`)
  await expect(litigios.getByRole('link', { name: entidade })).toHaveAttribute('href', 'https://www.cicap.pt/')
  // The others a consumer may turn to, the national centre among them; the group's own not twice.
  await expect(litigios.getByRole('link', { name: RAL_PREDEFINIDA.nome })).toHaveAttribute(
    'href',
    RAL_PREDEFINIDA.sitio,
  )
  await expect(litigios.getByRole('link', { name: /CICAP/ })).toHaveCount(1)
  await cliente.goto('/acessibilidade')
  await expect(main(cliente).getByRole('link', { name: 'acessibilidade@grupoladrilho.pt' })).toBeVisible()
  await cliente.close()

  // Back to the demo's values.
  await secao.getByRole('button', { name: 'Repor entidade e contacto predefinidos' }).click()
  await expect(nome).toHaveValue(RAL_PREDEFINIDA.nome)
  await expect(aderiu).not.toBeChecked()
  await secao.getByRole('button', { name: 'Guardar informação ao consumidor' }).click()
  await expect(secao.getByRole('status').filter({ hasText: RAL_PREDEFINIDA.nome })).toBeVisible()
  expect((await api<InformacaoConsumidor>(request, '/api/informacao-consumidor')).ral.nome).toBe(RAL_PREDEFINIDA.nome)
})
