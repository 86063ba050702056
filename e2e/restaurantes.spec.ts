import type { Loja, Restaurante, RestauranteResumo } from '../src/shared/restaurantes.ts'
import { api, expect, expectAccessible, main, test } from './support.ts'

test.describe('restaurants and stores', () => {
  let restaurantes: RestauranteResumo[]
  test.beforeEach(async ({ request }) => {
    restaurantes = await api<RestauranteResumo[]>(request, '/api/restaurantes')
    expect(restaurantes.length).toBeGreaterThanOrEqual(3)
  })

  test('the list shows each restaurant with image, logo and title; single-store ones link to the store', async ({
    page,
  }) => {
    await page.goto('/restaurantes')
    const cards = main(page).getByRole('listitem')
    await expect(cards).toHaveCount(restaurantes.length)
    for (const [i, r] of restaurantes.entries()) {
      const card = cards.nth(i)
      await expect(card).toContainText(r.name)
      await expect(card).toContainText(r.title)
      await expect(card.locator('img.card-image')).toHaveAttribute('src', r.image.main ?? '')
      await expect(card.locator('img.card-logo')).toHaveAttribute('src', r.image.logo ?? '')
      const [loja] = r.lojas
      const expected = r.lojas.length === 1 && loja ? `/restaurantes/${r.tag}/${loja.tag}` : `/restaurantes/${r.tag}`
      await expect(card.getByRole('link')).toHaveAttribute('href', expected)
    }
    await expectAccessible(page)
  })

  test('a restaurant with one store opens the store straight away', async ({ page }) => {
    const single = restaurantes.find((r) => r.lojas.length === 1)
    if (!single) throw new Error('the demo content needs a restaurant with one store')
    await page.goto('/restaurantes')
    await main(page).getByRole('link', { name: single.title }).click()
    await expect(page).toHaveURL(`/restaurantes/${single.tag}/${single.lojas[0]?.tag}`)
  })

  test('a restaurant with several stores lists them with image, name and address', async ({ page, request }) => {
    const multi = restaurantes.find((r) => r.lojas.length > 1)
    if (!multi) throw new Error('the demo content needs a restaurant with several stores')
    const detail = await api<Restaurante>(request, `/api/restaurantes/${multi.tag}`)
    await page.goto('/restaurantes')
    await main(page).getByRole('link', { name: multi.title }).click()
    await expect(page).toHaveURL(`/restaurantes/${multi.tag}`)
    const cards = main(page).getByRole('listitem')
    await expect(cards).toHaveCount(detail.lojas.length)
    for (const [i, l] of detail.lojas.entries()) {
      await expect(cards.nth(i)).toContainText(l.name)
      await expect(cards.nth(i)).toContainText(`${l.address.address}, ${l.address.postalCode} ${l.address.city}`)
      await expect(cards.nth(i).locator('img')).toHaveAttribute('src', l.image.list ?? '')
    }
    await expectAccessible(page)
  })

  test('the bakery has the stores of the sample data', async ({ request }) => {
    const ids = new Set<number>()
    for (const r of restaurantes) {
      for (const l of (await api<Restaurante>(request, `/api/restaurantes/${r.tag}`)).lojas) ids.add(l.id_loja)
    }
    for (const id of [862, 848, 861]) expect(ids.has(id), `store ${id}`).toBe(true)
  })

  test('a store page shows every field, and its map and menus open', async ({ page, request }) => {
    const lojas: Loja[] = []
    for (const r of restaurantes) {
      for (const l of r.lojas) lojas.push(await api<Loja>(request, `/api/restaurantes/${r.tag}/lojas/${l.tag}`))
    }
    const full = lojas.find((l) => l.menus.length > 0 && l.site && l.facebook && l.instagram && l.address.phone)
    if (!full) throw new Error('the demo content needs a store with every field')
    const base = `/restaurantes/${full.restaurante.tag}/${full.tag}`
    await page.goto(base)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(full.nameDetail)
    const content = main(page)
    await expect(content.locator('address')).toContainText(full.address.address)
    await expect(content.locator('address')).toContainText(`${full.address.postalCode} ${full.address.city}`)
    await expect(content.locator('address a')).toHaveAttribute('href', `${base}/mapa`)
    const phone = full.address.phone ?? ''
    await expect(content.getByRole('link', { name: phone })).toHaveAttribute('href', `tel:${phone.replace(/\s+/g, '')}`)
    for (const line of full.opening_hours) await expect(content.getByText(line, { exact: true })).toBeVisible()
    await expect(content.getByRole('link', { name: 'Link Reservas' })).toHaveAttribute('href', full.site?.link ?? '')
    await expect(content.getByRole('link', { name: /^Facebook/ })).toHaveAttribute('href', full.facebook?.link ?? '')
    await expect(content.getByRole('link', { name: /^Instagram/ })).toHaveAttribute('href', full.instagram?.link ?? '')
    await expectAccessible(page)

    await content.getByRole('link', { name: 'Ver no mapa', exact: true }).click()
    await expect(page).toHaveURL(`${base}/mapa`)
    await expect(page.locator(`iframe[title="Mapa de ${full.name}"]`)).toHaveAttribute(
      'src',
      full.address.location.link ?? '',
    )
    await page.goBack()

    await content.getByRole('link', { name: 'Ver menu' }).click()
    await expect(page).toHaveURL(`${base}/menus`)
    const menus = main(page).getByRole('listitem')
    await expect(menus).toHaveCount(full.menus.length)
    const [menu] = full.menus
    if (!menu) throw new Error('unreachable')
    await expect(menus.first().locator('img')).toHaveAttribute('src', menu.imagem_pequena)
    await expectAccessible(page)
    await menus.first().getByRole('link').click()
    await expect(page).toHaveURL(`${base}/menus/${menu.id}`)
    await expect(page.getByRole('img', { name: `Menu: ${menu.titulo}` })).toHaveAttribute('src', menu.imagem)
  })

  test('a store without menus says so and offers no menu link', async ({ page, request }) => {
    let bare: Loja | undefined
    for (const r of restaurantes) {
      for (const l of r.lojas) {
        const loja = await api<Loja>(request, `/api/restaurantes/${r.tag}/lojas/${l.tag}`)
        if (loja.menus.length === 0) bare = loja
      }
    }
    if (!bare) throw new Error('the demo content needs a store without menus')
    const base = `/restaurantes/${bare.restaurante.tag}/${bare.tag}`
    await page.goto(base)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(bare.nameDetail)
    await expect(main(page).getByRole('link', { name: 'Ver menu' })).toHaveCount(0)
    await page.goto(`${base}/menus`)
    await expect(main(page).getByText('Não existem Menus associados ao Restaurante')).toBeVisible()
  })

  test('unknown restaurants and stores go back to the list; an unknown map to /notfound', async ({ page }) => {
    const [r] = restaurantes
    if (!r) throw new Error('unreachable')
    await page.goto('/restaurantes/nao-existe')
    await expect(page).toHaveURL('/restaurantes')
    await page.goto(`/restaurantes/${r.tag}/loja-que-nao-existe`)
    await expect(page).toHaveURL('/restaurantes')
    await page.goto(`/restaurantes/${r.tag}/loja-que-nao-existe/menus`)
    await expect(page).toHaveURL('/restaurantes')
    await page.goto('/restaurantes/nao-existe/nem-esta/mapa')
    await expect(page).toHaveURL('/notfound')
  })
})
