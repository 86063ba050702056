import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { generate } from 'otplib'
import { expect } from './support.ts'

/** The back-office's journeys: staff made by the command line against this run's demo database, signed in. */

const port = Number(process.env.E2E_PORT ?? 4101)
export const E2E_DATABASE_URL = `sqlite:.tmp/e2e-demo-${port}.sqlite`

/**
 * `npm run admin:create -- <email>`: an admin; answers the one-time password it prints alone on its last line.
 * `databaseUrl`: another server's database than the demo's.
 */
export function adminCreate(email: string, databaseUrl = E2E_DATABASE_URL): string {
  const out = execFileSync('node', ['--import', 'tsx', 'src/server/commands/admin-create.ts', email], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      HASH_COST: '10',
      NODE_ENV: 'test',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
    },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return out.trim().split('\n').at(-1) ?? ''
}

/**
 * A new admin through its first sign-in (password change, TOTP enrolment) without the checks admin.spec.ts makes of
 * each step: the shell is open at /admin. Answers the admin's e-mail. `databaseUrl`: the database of the server `page`
 * is on, when it is not the demo's.
 */
export async function adminNaConsola(page: Page, prefixo = 'admin', databaseUrl = E2E_DATABASE_URL): Promise<string> {
  const email = `${prefixo}-${randomUUID().slice(0, 8)}@exemplo.pt`
  const temporaria = adminCreate(email, databaseUrl)
  await page.goto('/admin/entrar')
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email)
  await page.getByRole('textbox', { name: 'Palavra-passe', exact: true }).fill(temporaria)
  await page.getByRole('button', { name: 'Entrar' }).click()
  const nova = `nova-palavra-${randomUUID().slice(0, 8)}`
  await page.getByRole('textbox', { name: 'Palavra-passe atual', exact: true }).fill(temporaria)
  await page.getByRole('textbox', { name: 'Nova palavra-passe', exact: true }).fill(nova)
  await page.getByRole('textbox', { name: 'Confirmar nova palavra-passe', exact: true }).fill(nova)
  await page.getByRole('button', { name: 'Guardar' }).click()
  const segredo = (await page.getByTestId('segredo-totp').textContent())?.trim() ?? ''
  await page
    .getByRole('textbox', { name: 'Código de 6 dígitos', exact: true })
    .fill(await generate({ secret: segredo }))
  await page.getByRole('button', { name: 'Confirmar' }).click()
  await page.getByRole('button', { name: 'Continuar' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  return email
}

/**
 * Deletes, through the back-office's API with the page's staff session, a news item or campaign a journey published:
 * the journeys that follow (Lighthouse above all) measure the demo's own home, not what a test left on it.
 */
export async function apagarPublicado(page: Page, recurso: 'novidades' | 'campanhas', titulo: string): Promise<void> {
  const headers = { accept: 'application/json', 'x-api-version': '1.0' }
  const lista = await page.request.get(`/admin/api/${recurso}`, { headers })
  expect(lista.status()).toBe(200)
  const item = ((await lista.json()).data as { id: number; title: string }[]).find((i) => i.title === titulo)
  expect(item, `${recurso}: «${titulo}»`).toBeDefined()
  const res = await page.request.post(`/admin/api/${recurso}/${item?.id}/apagar`, { headers, data: { value: true } })
  expect(res.status(), await res.text()).toBe(200)
}
