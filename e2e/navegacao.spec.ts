import type { NovidadeResumo } from '../src/shared/conteudos.ts'
import type { RestauranteResumo } from '../src/shared/restaurantes.ts'
import { api, DESKTOP, expect, expectAccessible, main, PHONE, test } from './support.ts'

test('the bottom navigation moves between the sections', async ({ page }) => {
  await page.goto('/')
  const nav = page.getByRole('navigation', { name: 'Navegação principal' })
  await expect(nav.getByRole('link')).toHaveText(['Novidades', 'Restaurantes', 'Fidelização', 'Conta'])
  await expect(nav.getByRole('link', { name: 'Novidades' })).toHaveAttribute('aria-current', 'page')

  await nav.getByRole('link', { name: 'Restaurantes' }).click()
  await expect(page).toHaveURL('/restaurantes')
  await expect(nav.getByRole('link', { name: 'Restaurantes' })).toHaveAttribute('aria-current', 'page')
  await expect(main(page).getByRole('listitem').first()).toBeVisible()

  await nav.getByRole('link', { name: 'Novidades' }).click()
  await expect(page).toHaveURL('/')
  await expect(main(page).getByRole('listitem').first()).toBeVisible()

  await expect(nav.getByRole('link', { name: 'Fidelização' })).toHaveAttribute('href', '/fidelizacao')
  await expect(nav.getByRole('link', { name: 'Conta' })).toHaveAttribute('href', '/perfil')
})

test('the header shows the screen title and a place for notifications', async ({ page }) => {
  await page.goto('/restaurantes')
  const header = page.getByRole('banner')
  await expect(header).toContainText('Restaurantes')
  await expect(header.getByRole('link', { name: 'Notificações' })).toHaveAttribute('href', '/notificacoes')
  await expect(page).toHaveTitle('Restaurantes · Balcão')
})

test('the footer shows on desktop, not on a phone', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('contentinfo')).toBeHidden()
  await page.setViewportSize({ width: 1280, height: 900 })
  const footer = page.getByRole('contentinfo')
  await expect(footer).toBeVisible()
  await expect(footer).toContainText('© 2024')
  await expect(footer.getByRole('link')).toHaveText([
    'Perguntas frequentes',
    'Termos e Condições',
    'Política de privacidade',
    'Informação legal',
    'Acessibilidade',
    'Livro de Reclamações Eletrónico (abre noutra janela)',
  ])
  await footer.getByRole('link', { name: 'Termos e Condições' }).click()
  await expect(page).toHaveURL('/termos/')
  await expectAccessible(page)
})

test('an unknown path shows the not-found page, answered with 404', async ({ page }) => {
  const response = await page.goto('/isto/nao/existe')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('link', { name: 'Ir para as novidades' }).click()
  await expect(page).toHaveURL('/')
  await page.goto('/notfound')
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible()
})

test('back returns to the list where it was scrolled; a new page starts at the top', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 500 })
  await page.goto('/')
  const card = main(page).getByRole('listitem').nth(3)
  await card.scrollIntoViewIfNeeded()
  const scrolled = await page.evaluate(() => window.scrollY)
  expect(scrolled).toBeGreaterThan(200)
  await card.getByRole('link').click()
  await expect(page).toHaveURL(/\/novidades\/.+/)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  await page.goBack()
  await expect(card).toBeVisible()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled)
})

test('the app is installable; a repeat visit paints from the cache and shows the last content offline', async ({
  page,
  context,
}) => {
  await page.goto('/')
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href')
  expect(manifestHref).toBeTruthy()
  const manifest = await (await page.request.get(manifestHref ?? '')).json()
  expect(manifest).toMatchObject({ name: 'Balcão', lang: 'pt-PT', display: 'standalone', start_url: '/' })
  expect(manifest.icons.length).toBeGreaterThan(0)

  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.reload()
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)
  // A visit once the worker is there: the page comes from its cache, the content from the network (and is kept).
  const repeat = await page.goto('/restaurantes')
  expect(repeat?.fromServiceWorker()).toBe(true)
  const restaurantes = await api<RestauranteResumo[]>(page.request, '/api/restaurantes')
  const first = restaurantes[0]?.name ?? ''
  await expect(main(page).getByText(first).first()).toBeVisible()

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toBeVisible()
  await expect(main(page).getByText(first).first()).toBeVisible()
  // Content never read on this device cannot be shown: the error screen, with the navigation still there.
  await page.goto('/perguntas-frequentes')
  await expect(page.getByRole('heading', { name: 'Erro' })).toBeVisible()
  await context.setOffline(false)
})

test.describe('on a phone', () => {
  test.use(PHONE)

  test('the header keeps its width for the screen’s title: the brand is the computer’s', async ({ page }) => {
    await page.goto('/restaurantes')
    await expect(page.getByRole('banner').locator('.app-header-title')).toHaveText('Restaurantes')
    await expect(page.getByRole('banner').getByRole('link', { name: 'Balcão', exact: true })).toBeHidden()
  })

  test('the tab bar stays at the bottom of the screen, clear of the end of the page', async ({ page }) => {
    await page.goto('/termos/')
    const nav = page.getByRole('navigation', { name: 'Navegação principal' })
    await expect(nav).toBeVisible()
    const bar = await nav.boundingBox()
    expect((bar?.y ?? 0) + (bar?.height ?? 0)).toBeCloseTo(844, 0)
    // The text is in the page before the end is scrolled to: a scroll made earlier is undone as the route settles.
    const article = main(page).locator('article')
    await expect(article).toBeVisible()
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
        const end = await article.boundingBox()
        return (end?.y ?? 0) + (end?.height ?? 0) - ((await nav.boundingBox())?.y ?? 0)
      })
      .toBeLessThanOrEqual(0)
  })
})

test.describe('on a computer', () => {
  test.use(DESKTOP)

  test('the header shows the brand, which leads home, before the screen’s title', async ({ page }) => {
    await page.goto('/restaurantes')
    const header = page.getByRole('banner')
    const brand = header.getByRole('link', { name: 'Balcão', exact: true })
    await expect(brand).toBeVisible()
    const title = header.locator('.app-header-title')
    await expect(title).toHaveText('Restaurantes')
    const [brandBox, titleBox] = [await brand.boundingBox(), await title.boundingBox()]
    expect(brandBox && titleBox && brandBox.x + brandBox.width <= titleBox.x).toBe(true)
    await brand.click()
    await expect(page).toHaveURL('/')
    await expectAccessible(page)
  })

  test('the navigation is in the header bar, the page reads in a centred column, the footer below', async ({
    page,
  }) => {
    await page.goto('/termos/')
    const header = page.getByRole('banner')
    const nav = header.getByRole('navigation', { name: 'Navegação principal' })
    await expect(nav.getByRole('link')).toHaveText(['Novidades', 'Restaurantes', 'Fidelização', 'Conta'])
    const bar = await header.boundingBox()
    const links = await nav.boundingBox()
    expect((links?.y ?? 0) + (links?.height ?? 0)).toBeLessThanOrEqual((bar?.y ?? 0) + (bar?.height ?? 0))

    // Nothing floats over the text: what is at the bottom of the window is the page itself (once it is there).
    await expect(main(page).locator('article')).toBeVisible()
    expect(
      await page.evaluate(() => document.elementFromPoint(640, 790)?.closest('main, nav, footer')?.localName),
    ).toBe('main')
    // A reading column, centred.
    const column = await main(page).locator('article').boundingBox()
    if (!column) throw new Error('no article')
    expect(column.width).toBeLessThanOrEqual(760)
    expect(Math.abs(column.x - (1280 - column.x - column.width))).toBeLessThan(2)

    const footer = page.getByRole('contentinfo')
    // Scrolled to the end again until it holds: the page may still grow (an image, a late part) after a first scroll.
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
      await expect(footer).toBeInViewport({ ratio: 0.99, timeout: 1_000 })
    }).toPass()
    await expect(footer.getByRole('link', { name: 'Termos e Condições' })).toBeVisible()
    expect(
      await page.evaluate(() => document.elementFromPoint(640, 790)?.closest('main, nav, footer')?.localName),
    ).toBe('footer')
    await expectAccessible(page)
  })

  test('a modal screen opened by its address shows over the home page, and Fechar leaves it there', async ({
    page,
    request,
  }) => {
    const [first] = await api<NovidadeResumo[]>(request, '/api/novidades')
    if (!first) throw new Error('the demo content needs news')
    await page.goto('/login')
    const dialog = page.getByRole('dialog', { name: 'Iniciar sessão' })
    await expect(dialog).toBeVisible()
    // Behind the modal, the news of the home page (inert while the modal is open).
    await expect(main(page).getByText(first.title)).toBeVisible()
    await expect(
      page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Novidades' }),
    ).toHaveClass(/active/)
    await expect(page).toHaveTitle('Iniciar sessão · Balcão')
    await expectAccessible(page)
    await dialog.getByRole('button', { name: 'Fechar' }).click()
    await expect(dialog).toBeHidden()
    await expect(page).toHaveURL('/')
    await expect(main(page).getByRole('link', { name: first.title })).toBeVisible()
    await expect(page).toHaveTitle('Novidades · Balcão')
  })
})
