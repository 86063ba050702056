import { devices } from '@playwright/test'
import { createAccount, emptyBaseURL, expect, test } from './support.ts'

/**
 * The loyalty card into a wallet (decision 0047), on the server set up with both wallets: Android shows 'Guardar no
 * Google Wallet', which opens Google's save link with the card in it; Safari on an iPhone shows 'Adicionar à Apple
 * Wallet', a link to the signed pass.
 */
test.use({ baseURL: emptyBaseURL })

test('Android: Guardar no Google Wallet opens Google’s save link, with the card in its JWT', async ({ page }) => {
  await createAccount(page)
  // Google's page is outside this machine's reach: the navigation to it is answered here, and its address kept.
  let aberto = ''
  await page.route('https://pay.google.com/**', async (route) => {
    aberto = route.request().url()
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Google Wallet</title>' })
  })
  await page.goto('/fidelizacao')
  const botao = page.getByRole('button', { name: 'Guardar no Google Wallet' })
  await expect(botao).toBeVisible()
  await expect(page.getByRole('link', { name: 'Adicionar à Apple Wallet' })).toHaveCount(0)
  await botao.evaluate((b) => b.scrollIntoView({ block: 'center' }))
  await page.screenshot({ path: '.tmp/carteira-android.png' })
  await botao.click()
  await page.waitForURL(/pay\.google\.com/)
  const jwt = aberto.slice('https://pay.google.com/gp/v/save/'.length).split('.')[1] ?? ''
  const claims = JSON.parse(Buffer.from(jwt, 'base64url').toString())
  expect(claims).toMatchObject({ aud: 'google', typ: 'savetowallet' })
  // The app's own origin (APP_URL: this server, as `localhost`).
  expect(claims.origins).toEqual([`http://localhost:${new URL(emptyBaseURL).port}`])
  expect(claims.payload.loyaltyObjects[0]).toMatchObject({ accountName: 'Rita Fonseca', state: 'ACTIVE' })
})

test.describe('on an iPhone', () => {
  test.use({ userAgent: devices['iPhone 15'].userAgent })

  test('Safari: Adicionar à Apple Wallet links to the signed pass', async ({ page }) => {
    await createAccount(page)
    await page.goto('/fidelizacao')
    const link = page.getByRole('link', { name: 'Adicionar à Apple Wallet' })
    await expect(link).toBeVisible()
    await expect(page.getByRole('button', { name: 'Guardar no Google Wallet' })).toHaveCount(0)
    const href = (await link.getAttribute('href')) ?? ''
    const pass = await page.request.get(href)
    expect(pass.status()).toBe(200)
    expect(pass.headers()['content-type']).toBe('application/vnd.apple.pkpass')
    // A zip: its local file header first.
    expect((await pass.body()).subarray(0, 2).toString()).toBe('PK')
  })
})
