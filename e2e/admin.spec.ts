import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { generate } from 'otplib'
import { adminCreate, adminNaConsola } from './admin-support.ts'
import { DESKTOP, expect, expectAccessible, test } from './support.ts'

/**
 * The back-office's first sign-in: an admin made by `npm run admin:create` on the server's own database,
 * who signs in at /admin/entrar, changes the one-time password, enrols TOTP (the code computed here from the secret
 * the page shows as text), keeps the recovery codes and reaches the shell; every screen axe-clean at 1280×800 (a
 * computer) and 800×1280 (a 10" tablet upright).
 */

const TABLET_UPRIGHT = { width: 800, height: 1280 }

async function accessibleAtBothSizes(page: Page) {
  await page.setViewportSize(DESKTOP.viewport)
  await expectAccessible(page)
  await page.setViewportSize(TABLET_UPRIGHT)
  await expectAccessible(page)
  await page.setViewportSize(DESKTOP.viewport)
}

test.use({ ...DESKTOP })
// One after the other within this file: its journeys sign admins in and out of one server, and read its audit log.
test.describe.configure({ mode: 'default' })

test('an admin is created, signs in, changes the password, enrols TOTP and sees the shell', async ({ page }) => {
  // Fourteen axe runs (seven screens, two sizes) besides the journey.
  test.setTimeout(90_000)
  const email = `admin-${randomUUID().slice(0, 8)}@exemplo.pt`
  const temporaria = adminCreate(email)

  await page.goto('/admin/entrar')
  await expect(page.getByRole('heading', { name: 'Entrar' })).toBeVisible()
  await accessibleAtBothSizes(page)
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email)
  await page.getByRole('textbox', { name: 'Palavra-passe', exact: true }).fill(temporaria)
  await page.getByRole('button', { name: 'Entrar' }).click()

  // The one-time password must be replaced before anything else.
  await expect(page.getByRole('heading', { name: 'Alterar palavra-passe' })).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/alterar-palavra-passe$/)
  await accessibleAtBothSizes(page)
  const nova = `nova-palavra-${randomUUID().slice(0, 8)}`
  await page.getByRole('textbox', { name: 'Palavra-passe atual', exact: true }).fill(temporaria)
  await page.getByRole('textbox', { name: 'Nova palavra-passe', exact: true }).fill(nova)
  await page.getByRole('textbox', { name: 'Confirmar nova palavra-passe', exact: true }).fill(nova)
  await page.getByRole('button', { name: 'Guardar' }).click()

  // TOTP enrolment: mandatory for an admin.
  await expect(page.getByRole('heading', { name: 'Ativar autenticação em dois passos' })).toBeVisible()
  await expect(page.getByRole('img', { name: 'Código QR para a aplicação de autenticação' })).toBeVisible()
  const segredo = (await page.getByTestId('segredo-totp').textContent())?.trim() ?? ''
  expect(segredo).toMatch(/^[A-Z2-7]{32}$/)
  await accessibleAtBothSizes(page)
  await page
    .getByRole('textbox', { name: 'Código de 6 dígitos', exact: true })
    .fill(await generate({ secret: segredo }))
  await page.getByRole('button', { name: 'Confirmar' }).click()

  await expect(page.getByRole('heading', { name: 'Códigos de recuperação' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Códigos de recuperação' }).getByRole('listitem')).toHaveCount(10)
  await accessibleAtBothSizes(page)
  await page.getByRole('button', { name: 'Continuar' }).click()

  // The shell: who, their role, sign out, the sections.
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('heading', { name: 'Back-office' })).toBeVisible()
  const header = page.getByRole('banner')
  await expect(header.getByText(email)).toBeVisible()
  await expect(header.getByText('Administrador')).toBeVisible()
  await expect(header.getByRole('button', { name: 'Terminar sessão' })).toBeVisible()
  const nav = page.getByRole('navigation', { name: 'Secções' })
  await expect(nav.getByText('Conteúdos')).toBeVisible()
  await accessibleAtBothSizes(page)

  // The audit log, newest first, holds this very enrolment (the other back-office journeys, running beside this one,
  // may write newer entries: the row is found by its author; the order is the integration tests').
  await nav.getByRole('link', { name: 'Auditoria' }).click()
  await expect(page.getByRole('heading', { name: 'Auditoria' })).toBeVisible()
  const linhas = page.getByRole('table').getByRole('row')
  await expect(
    linhas.filter({ hasText: email }).filter({ hasText: 'Autenticação em dois passos ativada' }),
  ).toBeVisible()
  await page.getByRole('combobox', { name: 'Ação' }).selectOption('password.alterar')
  await expect(linhas.filter({ hasText: email }).filter({ hasText: 'Palavra-passe alterada' })).toBeVisible()
  await accessibleAtBothSizes(page)

  await nav.getByRole('link', { name: 'Utilizadores' }).click()
  await expect(page.getByRole('heading', { name: 'Utilizadores', level: 1 })).toBeVisible()
  await expect(page.getByRole('cell', { name: email, exact: true })).toBeVisible()
  await accessibleAtBothSizes(page)

  await page.getByRole('button', { name: 'Terminar sessão' }).click()
  await expect(page.getByRole('heading', { name: 'Entrar' })).toBeVisible()
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/admin\/entrar$/)
})

test('an admin writes a news item, publishes it, and a customer sees it at once; then deletes it', async ({ page }) => {
  test.setTimeout(90_000)
  await adminNaConsola(page)
  await page.getByRole('navigation', { name: 'Secções' }).getByRole('link', { name: 'Novidades' }).click()
  await expect(page.getByRole('heading', { name: 'Novidades', level: 1 })).toBeVisible()
  await accessibleAtBothSizes(page)

  // The form's messages, in pt-PT, under the fields.
  await page.getByRole('textbox', { name: 'Identificador (URL)', exact: true }).fill('Com Espaços')
  await page.getByRole('button', { name: 'Criar rascunho' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click()
  await expect(page.getByText('Campo de preenchimento obrigatório').first()).toBeVisible()
  await expect(page.getByText('Use apenas letras minúsculas sem acentos, algarismos e hífenes')).toBeVisible()

  const sufixo = randomUUID().slice(0, 6)
  const titulo = `Abrimos no Porto ${sufixo}`
  const tag = `abrimos-porto-${sufixo}`
  await page.getByRole('textbox', { name: 'Título', exact: true }).fill(titulo)
  await page.getByRole('textbox', { name: 'Subtítulo', exact: true }).fill('Sábado às 10h')
  await page.getByRole('textbox', { name: 'Texto', exact: true }).fill('Venha conhecer a nova loja.')
  await page.getByRole('textbox', { name: 'Identificador (URL)', exact: true }).fill(tag)
  await page.getByRole('spinbutton', { name: 'Posição', exact: true }).fill('999')
  await page.getByRole('button', { name: 'Criar rascunho' }).click()
  const linha = page.getByRole('row').filter({ hasText: tag })
  await expect(linha).toContainText('Rascunho')

  // A draft: the customer (another tab of this device, past the onboarding) does not see it.
  const cliente = await page.context().newPage()
  await cliente.goto('/novidades')
  await expect(cliente.getByRole('heading', { level: 1 }).first()).toBeVisible()
  await expect(cliente.getByText(titulo)).toHaveCount(0)

  await linha.getByRole('button', { name: `Publicar «${titulo}»` }).click()
  await expect(linha).toContainText('Publicada')
  await cliente.reload()
  await expect(cliente.getByText(titulo)).toBeVisible()
  await accessibleAtBothSizes(page)

  // Deleted after a confirmation: gone for the customer too.
  await linha.getByRole('button', { name: `Apagar «${titulo}»` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Apagar' }).click()
  await expect(page.getByRole('row').filter({ hasText: tag })).toHaveCount(0)
  await cliente.reload()
  await expect(cliente.getByRole('heading', { level: 1 }).first()).toBeVisible()
  await expect(cliente.getByText(titulo)).toHaveCount(0)
  await cliente.close()
})
