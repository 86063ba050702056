import type { LojaEncomenda } from '../src/shared/ementa.ts'
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
