import { createAccount, expect, test } from './support.ts'

// The guards of spec §2 (the onboarding guard is in conta.spec.ts, "first visit").

test('a guest on a login-required screen goes to login', async ({ page }) => {
  for (const path of [
    '/chave-seguranca',
    '/alterar-dados-pessoais',
    '/alterar-password',
    '/alterar-telemovel',
    '/alterar-telemovel/aaaaaaaaaaaaaaaaaaaaaaaa',
    '/logout',
  ]) {
    await page.goto(path)
    await expect(page, path).toHaveURL('/login')
    await expect(page.getByRole('dialog', { name: 'Iniciar sessão' })).toBeVisible()
  }
  // The profile is not one of them: logged out it offers the login.
  await page.goto('/perfil')
  await expect(page).toHaveURL('/perfil')
  await expect(page.getByRole('main').getByRole('link', { name: 'Iniciar sessão' })).toBeVisible()
})

test('a logged-in person opening login, sign-up or recovery goes to the profile', async ({ page }) => {
  const account = await createAccount(page)
  for (const path of ['/login', '/registo', '/reset']) {
    await page.goto(path)
    await expect(page, path).toHaveURL('/perfil')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Olá, ${account.nome}`)
  }
})

test('a temporary account is kept on the personal data form, without navigation, back or cancel', async ({ page }) => {
  await createAccount(page, { complete: false })
  for (const path of ['/', '/perfil', '/restaurantes', '/chave-seguranca', '/alterar-password', '/login']) {
    await page.goto(path)
    await expect(page, path).toHaveURL('/alterar-dados-pessoais')
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Dados pessoais' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Voltar' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Cancelar' })).toHaveCount(0)
  await page.setViewportSize({ width: 1280, height: 900 })
  await expect(page.getByRole('contentinfo')).toHaveCount(0)
  // The legal texts stay readable.
  await page.goto('/termos/')
  await expect(page).toHaveURL('/termos/')
})
