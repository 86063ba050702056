import type { LojaEncomenda } from '../src/shared/catalogo.ts'
import { adminNaConsola } from './admin-support.ts'
import { api, DESKTOP, expect, expectAccessible, test } from './support.ts'

/**
 * Stores at work: an admin pauses a store's online orders from /admin/lojas until resumed, the app's
 * ordering list says so, and the admin resumes them. Store 861 (Santa Catarina), which no other spec orders from.
 */

const LOJA = 'Nata & Grão Santa Catarina'

test.use({ ...DESKTOP })

test('an admin pauses a store until resumed, the app says so, and resumes it', async ({ page, request }) => {
  test.setTimeout(60_000)
  await adminNaConsola(page, 'lojas')

  await page.getByRole('navigation', { name: 'Secções' }).getByRole('link', { name: 'Lojas', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Lojas', level: 1 })).toBeVisible()
  const linha = page.getByRole('row').filter({ hasText: LOJA })
  await expect(linha).toContainText('A aceitar encomendas')
  await expect(linha.getByRole('cell').nth(2)).toHaveText('Sim')
  // A store with no menu from its POS takes no app orders: said so, and nothing to pause.
  const semApp = page.getByRole('row').filter({ hasText: 'Brasa Viva Boavista' })
  await expect(semApp.getByRole('cell').nth(2)).toHaveText('Não')
  await expect(semApp).toContainText('Não recebe encomendas na app')
  await expect(semApp.getByRole('button')).toHaveCount(0)
  await expectAccessible(page)

  await page.getByRole('combobox', { name: `Duração da pausa de ${LOJA}` }).selectOption('Até retomar')
  await page.getByRole('button', { name: `Pausar encomendas de ${LOJA}` }).click()
  await expect(linha).toContainText('Encomendas em pausa até retomar')
  await expect(page.getByRole('status').filter({ hasText: `${LOJA}: Encomendas em pausa` })).toBeVisible()
  const lojas = await api<LojaEncomenda[]>(request, '/api/lojas-encomenda')
  expect(lojas.find((l) => l.id_loja === 861)).toMatchObject({
    aberta: false,
    em_pausa: true,
    aviso: 'Esta loja não está a aceitar encomendas de momento.',
  })
  await expectAccessible(page)

  // The store's own page says it too, in the catalogue's words.
  const loja = await page.context().newPage()
  await loja.goto('/restaurantes/nata-e-grao/santa-catarina')
  await expect(loja.getByRole('status').filter({ hasText: 'Esta loja não está a aceitar encomendas' })).toBeVisible()
  await loja.close()

  await page.getByRole('button', { name: `Retomar encomendas de ${LOJA}` }).click()
  await expect(linha).toContainText('A aceitar encomendas')
  const depois = await api<LojaEncomenda[]>(request, '/api/lojas-encomenda')
  expect(depois.find((l) => l.id_loja === 861)?.em_pausa).toBe(false)
})

test('a manager names who sells at a store and where it is: a wrong NIPC is named, the right one kept', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const BOAVISTA = 'Brasa Viva Boavista'
  await adminNaConsola(page, 'vendedor')
  await page.getByRole('navigation', { name: 'Secções' }).getByRole('link', { name: 'Restaurantes e lojas' }).click()
  await page.getByRole('button', { name: `Editar a loja ${BOAVISTA}` }).click()

  const quem = page.getByRole('group', { name: 'Quem vende e onde' })
  const empresa = quem.getByRole('textbox', { name: 'Empresa' })
  const nipc = quem.getByRole('textbox', { name: 'NIPC' })
  const regiao = quem.getByRole('combobox', { name: 'Região' })
  // The demo's stores are the group's company's, on the mainland.
  await expect(empresa).toHaveValue('Balcão Restauração, S.A.')
  await expect(nipc).toHaveValue('514725834')
  await expect(regiao).toHaveValue('continente')
  await expect(regiao.locator('option')).toHaveText([
    'Portugal continental (IVA 6, 13 ou 23 %)',
    'Região Autónoma da Madeira (IVA 4, 5, 12 ou 22 %)',
    'Região Autónoma dos Açores (IVA 4, 9 ou 16 %)',
  ])

  // A wrong check digit: refused under the field, nothing saved.
  await empresa.fill('Brasa Atlântica, Lda.')
  await nipc.fill('517392641')
  await regiao.selectOption('Região Autónoma dos Açores (IVA 4, 9 ou 16 %)')
  await page.getByRole('button', { name: 'Guardar loja' }).click()
  const erro = page.getByRole('alertdialog', { name: 'Erro' })
  await expect(erro).toContainText('Falha ao submeter o formulário')
  await erro.getByRole('button', { name: 'OK' }).click()
  await expect(nipc).toHaveAccessibleDescription(/NIPC inválido: indique os 9 algarismos do NIPC da empresa/)
  await expect(nipc).toBeFocused()
  await expectAccessible(page)

  await nipc.fill('517 392 640')
  await page.getByRole('button', { name: 'Guardar loja' }).click()
  await expect(page.getByRole('status').filter({ hasText: `«${BOAVISTA}» foi guardado.` })).toBeVisible()

  try {
    await page.getByRole('button', { name: `Editar a loja ${BOAVISTA}` }).click()
    await expect(empresa).toHaveValue('Brasa Atlântica, Lda.')
    await expect(nipc).toHaveValue('517392640')
    await expect(regiao).toHaveValue('acores')
    await quem.screenshot({ path: '.tmp/admin-loja-vendedor.png' })
  } finally {
    // Put back as the demo has it: other journeys read the demo's sellers.
    await empresa.fill('Balcão Restauração, S.A.')
    await nipc.fill('514725834')
    await regiao.selectOption('continente')
    await page.getByRole('button', { name: 'Guardar loja' }).click()
    await expect(page.getByRole('status').filter({ hasText: `«${BOAVISTA}» foi guardado.` })).toBeVisible()
  }
})

test('a manager chooses how a store is paid in the app: at least one method, kept as chosen', async ({ page }) => {
  test.setTimeout(120_000)
  await adminNaConsola(page, 'metodos')
  await page.getByRole('navigation', { name: 'Secções' }).getByRole('link', { name: 'Restaurantes e lojas' }).click()
  await page.getByRole('button', { name: `Editar a loja ${LOJA}` }).click()
  const metodos = page.getByRole('group', { name: 'Métodos de pagamento aceites' })
  const nomes = ['MB WAY', 'Multibanco', 'Cartão', 'Apple Pay', 'Google Pay']
  // The demo's ordering stores take every way to pay.
  for (const nome of nomes) await expect(metodos.getByRole('checkbox', { name: nome })).toBeChecked()
  await expectAccessible(page)

  try {
    // None: refused, nothing saved.
    for (const nome of nomes) await metodos.getByRole('checkbox', { name: nome }).uncheck()
    await page.getByRole('button', { name: 'Guardar loja' }).click()
    const erro = page.getByRole('alertdialog', { name: 'Erro' })
    await expect(erro).toContainText('Falha ao submeter o formulário')
    await erro.getByRole('button', { name: 'OK' }).click()
    await expect(metodos).toContainText('Escolha pelo menos um método de pagamento.')

    await metodos.getByRole('checkbox', { name: 'MB WAY' }).check()
    await metodos.getByRole('checkbox', { name: 'Multibanco' }).check()
    await page.getByRole('button', { name: 'Guardar loja' }).click()
    await expect(page.getByRole('status').filter({ hasText: `«${LOJA}» foi guardado.` })).toBeVisible()
    await page.getByRole('button', { name: `Editar a loja ${LOJA}` }).click()
    await expect(metodos.getByRole('checkbox', { name: 'MB WAY' })).toBeChecked()
    await expect(metodos.getByRole('checkbox', { name: 'Multibanco' })).toBeChecked()
    for (const nome of nomes.slice(2)) await expect(metodos.getByRole('checkbox', { name: nome })).not.toBeChecked()
    await metodos.screenshot({ path: '.tmp/admin-loja-metodos.png' })
  } finally {
    // As the demo has it.
    for (const nome of nomes) await metodos.getByRole('checkbox', { name: nome }).check()
    await page.getByRole('button', { name: 'Guardar loja' }).click()
    await expect(page.getByRole('status').filter({ hasText: `«${LOJA}» foi guardado.` })).toBeVisible()
  }
})
