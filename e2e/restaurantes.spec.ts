import type { APIRequestContext, CDPSession, Locator, Page } from '@playwright/test'
import type { Loja, Restaurante, RestauranteResumo } from '../src/shared/restaurantes.ts'
import { api, DESKTOP, expect, expectAccessible, main, PHONE, test } from './support.ts'

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
      // Images below the screen load as they come near it.
      await card.scrollIntoViewIfNeeded()
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
      await cards.nth(i).scrollIntoViewIfNeeded()
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
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(menu.titulo)
    await expect(content.getByRole('button', { name: 'Ver em ecrã inteiro' }).locator('img')).toHaveAttribute(
      'src',
      menu.imagem,
    )
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

/** Every store, as the store page reads it. */
async function allLojas(request: APIRequestContext): Promise<Loja[]> {
  const lojas: Loja[] = []
  for (const r of await api<RestauranteResumo[]>(request, '/api/restaurantes')) {
    for (const l of r.lojas) lojas.push(await api<Loja>(request, `/api/restaurantes/${r.tag}/lojas/${l.tag}`))
  }
  return lojas
}

/** Opens the first menu of a store that has menus, in the full-screen viewer; its dialog and image. */
async function openMenuViewer(page: Page, request: APIRequestContext) {
  const loja = (await allLojas(request)).find((l) => l.menus.length > 0)
  const menu = loja?.menus[0]
  if (!loja || !menu) throw new Error('the demo content needs a store with menus')
  await page.goto(`/restaurantes/${loja.restaurante.tag}/${loja.tag}/menus/${menu.id}`)
  const opener = main(page).getByRole('button', { name: 'Ver em ecrã inteiro' })
  await opener.click()
  const viewer = page.getByRole('dialog', { name: menu.titulo })
  await expect(viewer).toBeVisible()
  const image = viewer.getByRole('img', { name: `Menu: ${menu.titulo}` })
  // The menu's own image (not the list's small one), shown whole to begin with.
  await expect(image).toHaveAttribute('src', menu.imagem)
  await expect(viewer.getByRole('button', { name: 'Ajustar ao ecrã' })).toBeEnabled()
  await expect(viewer.getByRole('button', { name: 'Fechar' })).toBeFocused()
  return { viewer, image, opener }
}

/** Where the image is on screen and how wide it shows. */
async function box(image: Locator) {
  const b = await image.boundingBox()
  if (!b) throw new Error('the image is not on screen')
  return b
}

/** The shown width over the natural one: 1 is the image's own resolution. */
const scaleOf = async (image: Locator) =>
  (await box(image)).width / (await image.evaluate((img: HTMLImageElement) => img.naturalWidth))

/**
 * Records the page's style violations of the Content-Security-Policy (style-src 'self'): the viewer moves the image
 * through the CSSOM, which the policy allows, never through style attributes or elements, which it blocks.
 */
async function watchStyleCsp(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { styleViolations: string[] }
    w.styleViolations = []
    document.addEventListener('securitypolicyviolation', (e) => {
      if (e.violatedDirective.startsWith('style-src')) w.styleViolations.push(`${e.violatedDirective} ${e.sourceFile}`)
    })
  })
  return () => page.evaluate(() => (window as unknown as { styleViolations: string[] }).styleViolations)
}

test.describe('menu viewer on a phone', () => {
  test.use(PHONE)

  test('a menu opens full screen at its own resolution: pinch zooms, a finger pans, a double tap toggles', async ({
    page,
    request,
  }) => {
    const violations = await watchStyleCsp(page)
    const { viewer, image, opener } = await openMenuViewer(page, request)
    const fitted = await box(image)
    expect(fitted.width).toBeLessThanOrEqual(390.5)
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(390)
    await expectAccessible(page)

    // Two fingers apart, four times as far: four times as big (the browser's own page zoom is off over the image).
    const cdp: CDPSession = await page.context().newCDPSession(page)
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: [number, number][]) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map(([x, y], id) => ({ x, y, id })) })
    const c = { x: fitted.x + fitted.width / 2, y: fitted.y + fitted.height / 2 }
    await touch('touchStart', [
      [c.x - 30, c.y],
      [c.x + 30, c.y],
    ])
    for (let d = 40; d <= 120; d += 10) {
      await touch('touchMove', [
        [c.x - d, c.y],
        [c.x + d, c.y],
      ])
    }
    await touch('touchEnd', [])
    const pinched = await box(image)
    expect(pinched.width / fitted.width).toBeCloseTo(4, 1)
    expect(await scaleOf(image)).toBeGreaterThanOrEqual(1)
    expect(await page.evaluate(() => window.visualViewport?.scale)).toBe(1)

    // One finger drags it.
    await touch('touchStart', [[c.x, c.y]])
    for (let d = 20; d <= 100; d += 20) await touch('touchMove', [[c.x - d, c.y - d]])
    await touch('touchEnd', [])
    const panned = await box(image)
    expect(panned.x).toBeCloseTo(pinched.x - 100, 0)
    expect(panned.y).toBeCloseTo(pinched.y - 100, 0)

    // A double tap goes back to the whole menu, another closes in on the tapped point.
    await page.touchscreen.tap(c.x, c.y)
    await page.touchscreen.tap(c.x, c.y)
    await expect.poll(async () => (await box(image)).width).toBeCloseTo(fitted.width, 0)
    await page.touchscreen.tap(c.x, c.y)
    await page.touchscreen.tap(c.x, c.y)
    await expect.poll(() => scaleOf(image)).toBeGreaterThanOrEqual(1)

    await viewer.getByRole('button', { name: 'Fechar' }).click()
    await expect(viewer).toBeHidden()
    await expect(opener).toBeFocused()
    expect(await violations()).toEqual([])
  })
})

test.describe('menu viewer on a computer', () => {
  test.use(DESKTOP)

  test('a menu opens full screen: buttons up to twice its own resolution, double click, wheel, drag; Escape closes', async ({
    page,
    request,
  }) => {
    const violations = await watchStyleCsp(page)
    const { viewer, image, opener } = await openMenuViewer(page, request)
    const fitted = await box(image)
    expect(fitted.height).toBeLessThanOrEqual(800)
    await expectAccessible(page)

    const zoomIn = viewer.getByRole('button', { name: 'Aumentar zoom' })
    const zoomOut = viewer.getByRole('button', { name: 'Diminuir zoom' })
    await expect(zoomOut).toBeDisabled()
    for (let i = 0; i < 10 && (await zoomIn.isEnabled()); i++) await zoomIn.click()
    await expect(zoomIn).toBeDisabled()
    const most = await scaleOf(image)
    expect(most).toBeGreaterThanOrEqual(2)
    await expect(viewer.getByRole('group', { name: 'Zoom' })).toContainText(`${Math.round(most * 100)}%`)

    await viewer.getByRole('button', { name: 'Ajustar ao ecrã' }).click()
    expect((await box(image)).width).toBeCloseTo(fitted.width, 0)

    // Double click closes in (at least the natural size), the mouse drags, a second double click fits again.
    const c = { x: fitted.x + fitted.width / 2, y: fitted.y + fitted.height / 2 }
    await page.mouse.dblclick(c.x, c.y)
    expect(await scaleOf(image)).toBeGreaterThanOrEqual(1)
    const zoomed = await box(image)
    await page.mouse.move(c.x, c.y)
    await page.mouse.down()
    await page.mouse.move(c.x + 60, c.y - 120, { steps: 6 })
    await page.mouse.up()
    const dragged = await box(image)
    expect(dragged.y).toBeCloseTo(zoomed.y - 120, 0)
    await page.mouse.dblclick(c.x, c.y)
    expect((await box(image)).width).toBeCloseTo(fitted.width, 0)

    // The wheel zooms; the keyboard too ('0' fits again).
    await page.mouse.move(c.x, c.y)
    await page.mouse.wheel(0, -400)
    await expect.poll(async () => (await box(image)).width).toBeGreaterThan(fitted.width * 1.5)
    await page.keyboard.press('0')
    expect((await box(image)).width).toBeCloseTo(fitted.width, 0)
    await page.keyboard.press('+')
    expect((await box(image)).width).toBeCloseTo(fitted.width * 1.5, 0)

    await page.keyboard.press('Escape')
    await expect(viewer).toBeHidden()
    await expect(opener).toBeFocused()
    expect(await violations()).toEqual([])
  })
})

for (const [screen, options] of [
  ['phone', PHONE],
  ['computer', DESKTOP],
] as const) {
  test.describe(`map on a ${screen}`, () => {
    test.use(options)

    test('the map shows the address and opens the place elsewhere, even when the frame cannot load', async ({
      page,
      request,
    }) => {
      const loja = (await allLojas(request)).find((l) => l.address.location.link && l.directions)
      if (!loja) throw new Error('the demo content needs a store with a map and directions')
      // The map's host unreachable (offline, blocked): the frame stays empty.
      await page.route(/openstreetmap\.org/, (route) => route.abort())
      await page.goto(`/restaurantes/${loja.restaurante.tag}/${loja.tag}/mapa`)
      const content = main(page)
      await expect(content.getByRole('heading', { level: 1 })).toHaveText(loja.name)
      await expect(content.locator('address')).toContainText(loja.address.address)
      await expect(content.locator('address')).toContainText(`${loja.address.postalCode} ${loja.address.city}`)
      await expect(content.getByText(loja.directions ?? '')).toBeVisible()
      const { latitude: lat, longitude: lon } = loja.address.location
      // An https page, which every platform opens (a geo: link opens only where a maps app claims it).
      const abrir = content.getByRole('link', { name: 'Abrir no mapa' }).first()
      await expect(abrir).toBeVisible()
      await expect(abrir).toHaveAttribute(
        'href',
        `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=18/${lat}/${lon}`,
      )
      const app = content.getByRole('link', { name: 'Abrir na app de mapas' })
      if (screen === 'phone') {
        await expect(app).toBeVisible()
        await expect(app).toHaveAttribute('href', `geo:${lat},${lon}?q=${lat},${lon}(${encodeURIComponent(loja.name)})`)
      } else {
        // A computer has no maps app for a geo: link.
        await expect(app).toBeHidden()
      }
      await expect(page.locator(`iframe[title="Mapa de ${loja.name}"]`)).toHaveAttribute(
        'src',
        loja.address.location.link ?? '',
      )
      await expectAccessible(page)
    })

    test('a frame that never loads gives its place to Abrir no mapa', async ({ page, request }) => {
      const loja = (await allLojas(request)).find((l) => l.address.location.link)
      if (!loja) throw new Error('the demo content needs a store with a map')
      // The map's host never answers (a network that swallows it).
      await page.route(/openstreetmap\.org/, () => {})
      await page.goto(`/restaurantes/${loja.restaurante.tag}/${loja.tag}/mapa`)
      const fallback = main(page).getByRole('status')
      await expect(fallback).toContainText('Não foi possível mostrar o mapa aqui.', { timeout: 15_000 })
      await expect(page.locator('iframe')).toHaveCount(0)
      const { latitude: lat, longitude: lon } = loja.address.location
      const abrir = fallback.getByRole('link', { name: 'Abrir no mapa' })
      await expect(abrir).toBeVisible()
      await expect(abrir).toHaveAttribute('href', /^https:\/\/www\.openstreetmap\.org\/\?mlat=/)
      await expect(abrir).toHaveAttribute('href', new RegExp(`mlat=${lat}&mlon=${lon}`))
      // Where the map would be: beside the address on a computer, below it on a phone.
      const info = await main(page).locator('.map-info').boundingBox()
      const box = await fallback.boundingBox()
      if (!info || !box) throw new Error('unreachable')
      if (screen === 'phone') expect(box.y).toBeGreaterThanOrEqual(info.y + info.height - 1)
      else expect(box.x).toBeGreaterThanOrEqual(info.x + info.width - 1)
      await expectAccessible(page)
    })

    test('the menu’s Ver em ecrã inteiro sits below the menu, covering none of it', async ({ page, request }) => {
      const loja = (await allLojas(request)).find((l) => l.menus.length > 0)
      const menu = loja?.menus[0]
      if (!loja || !menu) throw new Error('the demo content needs a store with menus')
      await page.goto(`/restaurantes/${loja.restaurante.tag}/${loja.tag}/menus/${menu.id}`)
      const opener = main(page).getByRole('button', { name: 'Ver em ecrã inteiro' })
      const image = opener.locator('img')
      await expect(image).toBeVisible()
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true)
      const label = opener.getByText('Ver em ecrã inteiro')
      const imageBox = await image.boundingBox()
      const labelBox = await label.boundingBox()
      if (!imageBox || !labelBox) throw new Error('unreachable')
      expect(labelBox.y).toBeGreaterThanOrEqual(imageBox.y + imageBox.height)
      // Within the first screen: the label is seen without a scroll.
      expect(labelBox.y + labelBox.height).toBeLessThanOrEqual(page.viewportSize()?.height ?? 0)
    })
  })
}
