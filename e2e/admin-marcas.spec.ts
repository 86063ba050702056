import type { Page } from '@playwright/test'
import type { Catalogo } from '../src/shared/catalogo.ts'
import { adminNaConsola } from './admin-support.ts'
import { api, DESKTOP, expect, expectAccessible, test } from './support.ts'

/**
 * The back-office's marks (decision 0037): on /admin/ementas an admin sets a product's take-away packaging and marks one
 * alcoholic; the customer's catalogue follows; the POS's own marks cannot be taken off. Store 861 (Santa Catarina),
 * products no other journey orders there; everything is put back.
 */

const ID_LOJA = 861

test.use({ ...DESKTOP })

/** Screenshots to look at, when MARCAS_SHOTS names a folder. */
const SHOTS = process.env.MARCAS_SHOTS
const shot = async (page: Page, nome: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${nome}.png`, fullPage: true })
}

test('marks a product’s packaging and another alcoholic; the catalogue follows; the POS’s word stands', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const produtos = async () =>
    (await api<Catalogo>(page.request, `/api/catalogo/${ID_LOJA}`)).categorias.flatMap((c) => c.produtos)
  const inicio = await produtos()
  const limonada = inicio.find((p) => p.nome === 'Limonada da casa')
  const sumo = inicio.find((p) => p.nome === 'Sumo de laranja natural')
  const cerveja = inicio.find((p) => p.nome === 'Imperial')
  if (!limonada || !sumo || !cerveja) throw new Error(`the demo menu of ${ID_LOJA} lacks its drinks`)
  expect([limonada.contribuicao_embalagem, sumo.apenas_maiores, cerveja.apenas_maiores]).toEqual([0, false, true])
  const admin = (data: unknown) =>
    page.request.post(`/admin/api/lojas/${ID_LOJA}/marcas`, { headers: { accept: 'application/json' }, data })

  await adminNaConsola(page, 'marcas')
  try {
    await page.getByRole('navigation', { name: 'Secções' }).getByRole('link', { name: 'Ementas e esgotados' }).click()
    await page.getByRole('combobox', { name: 'Loja' }).selectOption({ value: String(ID_LOJA) })

    await page.getByRole('combobox', { name: `Embalagem de ${limonada.nome}` }).selectOption({ label: 'Plástico' })
    await expect(page.getByRole('status').filter({ hasText: `${limonada.nome}: para todas as idades` })).toContainText(
      'paga contribuição em Take-Away',
    )
    // The box follows the server's answer (it is checked once the mark is saved).
    await page.getByRole('checkbox', { name: `Só para maiores de 18 anos: ${sumo.nome}` }).click()
    await expect(page.getByRole('status').filter({ hasText: `${sumo.nome}: só para maiores de 18 anos` })).toBeVisible()
    await expect(page.getByRole('checkbox', { name: `Só para maiores de 18 anos: ${sumo.nome}` })).toBeChecked()
    // The POS sells the beer to adults only: not the back-office's to take off.
    await expect(page.getByRole('checkbox', { name: `Só para maiores de 18 anos: ${cerveja.nome}` })).toBeDisabled()
    await shot(page, 'marcas-1-produtos')
    await expectAccessible(page)

    const depois = await produtos()
    expect(depois.find((p) => p.id === limonada.id)?.contribuicao_embalagem).toBe(30)
    expect(depois.find((p) => p.id === sumo.id)?.apenas_maiores).toBe(true)
  } finally {
    await admin({ cod_produto: limonada.id, alcoolico: false, embalagem: null })
    await admin({ cod_produto: sumo.id, alcoolico: false, embalagem: null })
  }
  const fim = await produtos()
  expect(fim.find((p) => p.id === limonada.id)?.contribuicao_embalagem).toBe(0)
  expect(fim.find((p) => p.id === sumo.id)?.apenas_maiores).toBe(false)
})
