import { randomUUID } from 'node:crypto'
import { adminNaConsola } from './admin-support.ts'
import { apiPost, createAccount, DESKTOP, expect, expectAccessible, main, PHONE, test } from './support.ts'

/**
 * The notification composer and 'Definições'. A notification composed in the back-office for one phone
 * reaches that customer, signed in on a phone, live (through the session's event stream, no reload); the admin sees
 * how it will look and how many it reaches before sending. Only the one phone: the demo's other customers (the other
 * journeys') get nothing. Screenshots for a person to look at when ADMIN_SHOTS names a folder.
 */

const SHOTS = process.env.ADMIN_SHOTS
const TABLET = { width: 800, height: 1280 }

test.use({ ...DESKTOP })

test('a notification sent from the composer reaches a signed-in customer live', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000)
  // The customer, on a phone, signed in, who consented to communications, with the app open on its event stream.
  const telemovel = await browser.newContext({ baseURL, ...PHONE })
  try {
    const cliente = await telemovel.newPage()
    const account = await createAccount(cliente)
    await apiPost(cliente.request, '/api/grava-saw-onboarding', { value: true })
    await apiPost(cliente.request, '/rgpd/comunicacao', { comunicacao: true })
    const stream = cliente.waitForResponse((r) => r.url().includes('/api/eventos'))
    await cliente.goto('/fidelizacao')
    expect((await stream).status()).toBe(200)
    const sino = cliente.getByRole('banner').getByRole('link', { name: /^Notificações/ })
    await expect(sino).toHaveAccessibleName('Notificações')

    await adminNaConsola(page, 'notificacoes')
    await page.getByRole('navigation', { name: 'Secções' }).getByRole('link', { name: 'Notificações' }).click()
    await expect(page.getByRole('heading', { name: 'Notificações', level: 1 })).toBeVisible()
    await expectAccessible(page)

    const titulo = `Pastéis a dobrar ${randomUUID().slice(0, 6)}`
    await page.getByRole('radio', { name: 'Um cliente (telemóvel)' }).check()
    await page.getByRole('textbox', { name: 'Telemóvel' }).fill(account.telemovel)
    await page.getByRole('textbox', { name: 'Título' }).fill(titulo)
    await page
      .getByRole('textbox', { name: 'Texto' })
      .fill('Hoje, na compra de um pastel de nata, oferecemos outro.\n\nAté às 20h, em todas as lojas.')
    await page.getByRole('button', { name: 'Pré-visualizar' }).click()
    const previa = page.getByRole('region', { name: 'Pré-visualização' })
    await expect(previa).toContainText('1 destinatário')
    await expect(previa.getByRole('heading', { name: titulo })).toBeVisible()
    await expectAccessible(page)
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-notificacoes-previa.png`, fullPage: true })

    await previa.getByRole('button', { name: 'Enviar a 1 cliente' }).click()
    await expect(page.getByRole('status').filter({ hasText: `«${titulo}» foi enviada a 1 cliente.` })).toBeVisible()
    const linha = page.getByRole('row').filter({ hasText: titulo })
    await expect(linha).toContainText('Enviada em')
    await expect(linha).toContainText('1 destinatário')

    // On the phone, without a reload: the bell counts it, and the list shows it.
    await expect(sino).toHaveAccessibleName('Notificações, 1 por ler', { timeout: 5000 })
    await sino.click()
    await expect(main(cliente).getByRole('listitem').filter({ hasText: titulo })).toBeVisible()
    if (SHOTS) await cliente.screenshot({ path: `${SHOTS}/admin-notificacoes-cliente.png` })

    // Read on the phone: the composer's delivery counts say so.
    await cliente.goto('/fidelizacao')
    await page.reload()
    await expect(page.getByRole('row').filter({ hasText: titulo })).toContainText('1 lida')
    await expectAccessible(page)
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-notificacoes-1280.png`, fullPage: true })
    await page.setViewportSize(TABLET)
    await expectAccessible(page)
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-notificacoes-800.png`, fullPage: true })
  } finally {
    await telemovel.close()
  }
})

test('Definições: the loyalty rules in force, refused out of range with a clear message', async ({ page }) => {
  test.setTimeout(60_000)
  await adminNaConsola(page, 'definicoes')
  await page.getByRole('navigation', { name: 'Secções' }).getByRole('link', { name: 'Definições' }).click()
  await expect(page.getByRole('heading', { name: 'Definições', level: 1 })).toBeVisible()
  const credito = page.getByRole('spinbutton', { name: 'Saldo por compra (%)' })
  await expect(credito).toHaveValue('5')
  await expect(main(page)).toContainText('5 % de saldo, 1 ponto por euro, prémio a cada 100 pontos')
  await expectAccessible(page)

  // Out of range: the form says why and nothing is saved (the other journeys' purchases keep the demo's 5 %).
  await credito.fill('150')
  await page.getByRole('button', { name: 'Guardar regras' }).click()
  await expect(main(page)).toContainText('Indique uma percentagem entre 0 e 100, com até duas casas decimais.')
  await expect(credito).toHaveAccessibleDescription(/Indique uma percentagem entre 0 e 100/)
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click()
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
  await expectAccessible(page)
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-definicoes-1280.png`, fullPage: true })
  await page.setViewportSize(TABLET)
  await expectAccessible(page)
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-definicoes-800.png`, fullPage: true })
})
