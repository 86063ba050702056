import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { generate } from 'otplib'
import type { LojaEncomenda } from '../src/shared/ementa.ts'
import { api, DESKTOP, expect, expectAccessible, test } from './support.ts'

/**
 * Stores at work (issue 21): an admin pauses a store's online orders from /admin/lojas until resumed, the app's
 * ordering list says so, and the admin resumes them. Store 861 (Santa Catarina), which no other spec orders from.
 */

const port = Number(process.env.E2E_PORT ?? 4101)
const DATABASE_URL = `sqlite:.tmp/e2e-demo-${port}.sqlite`
const LOJA = 'Nata & Grão Santa Catarina'

function adminCreate(email: string): string {
  const out = execFileSync('node', ['--import', 'tsx', 'src/server/commands/admin-create.ts', email], {
    env: { ...process.env, DATABASE_URL, HASH_COST: '10', NODE_ENV: 'test', SEED_DEMO: 'false', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return out.trim().split('\n').at(-1) ?? ''
}

test.use({ ...DESKTOP })

test('an admin pauses a store until resumed, the app says so, and resumes it', async ({ page, request }) => {
  test.setTimeout(60_000)
  const email = `lojas-${randomUUID().slice(0, 8)}@exemplo.pt`
  const temporaria = adminCreate(email)
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

  await page.getByRole('navigation', { name: 'Secções' }).getByRole('link', { name: 'Lojas' }).click()
  await expect(page.getByRole('heading', { name: 'Lojas', level: 1 })).toBeVisible()
  const linha = page.getByRole('row').filter({ hasText: LOJA })
  await expect(linha).toContainText('A aceitar encomendas')
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

  await page.getByRole('button', { name: `Retomar encomendas de ${LOJA}` }).click()
  await expect(linha).toContainText('A aceitar encomendas')
  const depois = await api<LojaEncomenda[]>(request, '/api/lojas-encomenda')
  expect(depois.find((l) => l.id_loja === 861)?.em_pausa).toBe(false)
})
