import { expect, expectAccessible, main, test } from './support.ts'

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

test('the app is installable and its shell loads offline', async ({ page, context }) => {
  await page.goto('/')
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href')
  expect(manifestHref).toBeTruthy()
  const manifest = await (await page.request.get(manifestHref ?? '')).json()
  expect(manifest).toMatchObject({ name: 'Balcão', lang: 'pt-PT', display: 'standalone', start_url: '/' })
  expect(manifest.icons.length).toBeGreaterThan(0)

  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  // Once the worker controls the page, the shell comes from its cache with the network gone.
  await page.reload()
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)
  await context.setOffline(true)
  await page.goto('/restaurantes')
  await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Erro' })).toBeVisible()
  await context.setOffline(false)
})
