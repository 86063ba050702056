import { randomUUID } from 'node:crypto'
import { diaEmLisboa, formatDateTime, formatDia } from '../src/shared/format.ts'
import { createStoreKey, pair, revokeStoreKey } from './loja.ts'
import { api, apiPost, createAccount, escolherLojaNoCatalogo, expect, expectAccessible, main, test } from './support.ts'

const LOJA = 862
const TABLET = { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: true, deviceScaleFactor: 1 }

/** The instant today begins in Lisbon (UTC+0 in winter, UTC+1 in summer). */
function meiaNoiteEmLisboa(dia: string): number {
  const utc = Date.parse(`${dia}T00:00:00Z`)
  const inicio = [0, 1]
    .map((h) => utc - h * 3_600_000)
    .find((t) => formatDateTime(t).endsWith(' 00:00') && diaEmLisboa(t) === dia)
  if (inicio === undefined) throw new Error(`no Lisbon midnight on ${dia}`)
  return inicio
}

// The birthday job gives to every customer whose birthday it is: this file's customers are born today, so its tests
// run one after the other (a run 'now' would give the first test's customer theirs before its 'not yet').
test.describe.configure({ mode: 'serial' })

/**
 * The birthday reward (decision 0053) under a controlled clock: the server's birthday job run as at 23:59:30 the day
 * before the customer's birthday gives nothing, as at 00:00:30 of the day gives it, with one notification however often
 * it runs; the card says what it is and until when, and the till uses it.
 */
test('a birthday reward arrives under a controlled clock, once, and is used at the till', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const hoje = diaEmLisboa(Date.now())
  // Born on this day of the year (1992 was a leap year: a 29 February works too).
  await createAccount(page, { dataNascimento: `1992-${hoje.slice(5)}` })
  const meiaNoite = meiaNoiteEmLisboa(hoje)
  const correr = (instante: number) =>
    apiPost<{ dados: number }>(page.request, '/api/dev/aniversarios', { agora: new Date(instante).toISOString() })
  const dados = async () =>
    (
      await apiPost<{ user: { data: { aniversario: { nome: string; valido_ate: string } | null } } }>(
        page.request,
        '/api/refresh-private-data',
        { value: true },
      )
    ).user.data

  // The day before, a minute to midnight: not yet.
  await correr(meiaNoite - 30_000)
  expect((await dados()).aniversario).toBeNull()

  // Half a minute into the day: given, and told; runs after it give nothing more.
  await correr(meiaNoite + 30_000)
  await correr(meiaNoite + 60_000)
  const { aniversario } = await dados()
  expect(aniversario).not.toBeNull()
  // From today until the days the back-office set (the demo's: a week).
  const ate = aniversario?.valido_ate ?? ''
  expect(ate >= hoje).toBe(true)

  await page.goto('/fidelizacao')
  const frase = `Prémio de aniversário: ${aniversario?.nome}, até ${formatDia(ate)}.`
  await expect(main(page).getByText(frase)).toBeVisible()
  await expectAccessible(page)
  await page.screenshot({ path: '.tmp/aniversario-cartao.png' })

  await page.goto('/notificacoes')
  await expect(main(page).getByText('Feliz aniversário!')).toHaveCount(1)
  await expect(main(page)).toContainText(`Tem um prémio de aniversário: ${aniversario?.nome}`)

  // At the till: the cashier sees it and uses it; the card no longer offers it.
  const etiqueta = `e2e-aniversario-${randomUUID()}`
  const chave = createStoreKey(LOJA, etiqueta)
  const tablet = await browser.newContext({ baseURL, ...TABLET })
  try {
    const caixa = await tablet.newPage()
    await pair(caixa, chave)
    const { user } = await apiPost<{ user: { data: { telemovel: string } } }>(
      page.request,
      '/api/refresh-private-data',
      { value: true },
    )
    await caixa.getByLabel('Telemóvel ou QR do cliente', { exact: true }).fill(user.data.telemovel)
    await caixa.getByRole('button', { name: 'Identificar' }).click()
    await expect(caixa.getByText(`${aniversario?.nome}, até ${formatDia(ate)}`).first()).toBeVisible()
    await caixa.getByLabel('Total da conta (€)').fill('5,00')
    await caixa.getByRole('checkbox', { name: /^Usar o prémio de aniversário: / }).check()
    await caixa.getByLabel('N.º do documento (POS)').fill(`FT E2E/${randomUUID().slice(0, 8)}`)
    await caixa.getByRole('button', { name: 'Registar' }).click()
    const registada = caixa.getByRole('region', { name: 'Compra registada' })
    await expect(registada.getByText('Prémio de aniversário usado')).toBeVisible()
    await expectAccessible(caixa)
    expect((await dados()).aniversario).toBeNull()
  } finally {
    await tablet.close()
    revokeStoreKey(etiqueta)
  }
})

/**
 * Online: the demo's birthday reward (a pastel de nata) is offered at the checkout with a pastel de nata in the cart,
 * takes its price off, and pays that order whole; the card then no longer offers it.
 */
test('a birthday reward is used at the checkout', async ({ page }) => {
  test.setTimeout(90_000)
  const hoje = diaEmLisboa(Date.now())
  await createAccount(page, { dataNascimento: `1992-${hoje.slice(5)}` })
  await apiPost(page.request, '/api/dev/aniversarios', { agora: new Date().toISOString() })
  const aniversario = async () =>
    (
      await apiPost<{ user: { data: { aniversario: { nome: string } | null } } }>(
        page.request,
        '/api/refresh-private-data',
        { value: true },
      )
    ).user.data.aniversario
  expect(await aniversario()).toMatchObject({ nome: 'Pastel de nata oferta' })

  await page.goto('/fidelizacao')
  await expect(main(page)).toContainText('Feliz aniversário! Mostre o código na caixa, ou use-o ao encomendar.')

  const { categorias } = await api<{ categorias: { id: string; produtos: { id: string }[] }[] }>(
    page.request,
    '/api/catalogo/862',
  )
  const categoria = categorias.find((c) => c.produtos.some((p) => p.id === '2001'))
  expect(categoria, 'the demo menu has the pastel de nata').toBeDefined()
  await escolherLojaNoCatalogo(page)
  await page.goto(`/catalogo/${categoria?.id}/2001`)
  await page.getByRole('button', { name: /^Adicionar - / }).click()
  await page.goto('/carrinho')
  await page.getByRole('link', { name: /^Pagamento - / }).click()
  await expect(page.getByRole('heading', { name: 'Finalizar encomenda' })).toBeVisible()

  const usar = page.getByRole('checkbox', { name: /^Usar o prémio de aniversário: Pastel de nata oferta \(−1,30 €\)/ })
  await expect(usar).toBeVisible()
  const resumo = page.locator('.chk-total')
  await expect(resumo).toContainText('1,30 €')
  await usar.check()
  await expect(resumo).toContainText('0,00 €')
  await expectAccessible(page)
  await page.screenshot({ path: '.tmp/aniversario-checkout.png' })

  await page.getByRole('checkbox', { name: /Li e aceito/ }).check()
  await page.getByRole('button', { name: 'Finalizar e pagar' }).click()
  await expect(main(page).getByText(/Recebemos o seu pedido/)).toBeVisible()
  expect(await aniversario()).toBeNull()
})
