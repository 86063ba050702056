import type { Browser, Page } from '@playwright/test'
import type { Catalogo, LojaEncomenda } from '../src/shared/catalogo.ts'
import { diaEmLisboa } from '../src/shared/format.ts'
import { adminNaConsola } from './admin-support.ts'
import { API_HEADERS, api, createAccount, DESKTOP, expect, expectAccessible, PHONE, test } from './support.ts'

/**
 * Stores at work: from /admin/ementas an admin marks a product sold out for today and closes a store for a
 * day, from /admin/lojas pauses it; the customer's catalogue on a phone shows each, and everything is put back. Store
 * 848 (Saldanha), which no other spec orders from or pauses.
 */

const ID_LOJA = 848
const PAUSA = 'Esta loja não está a aceitar encomendas de momento.'

test.use({ ...DESKTOP })

/** A signed-in customer on a phone whose chosen store for ordering is ID_LOJA. */
async function clienteNoTelemovel(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const contexto = await browser.newContext({ ...PHONE, baseURL })
  const cliente = await contexto.newPage()
  const res = await cliente.request.post('/api/grava-saw-onboarding', { headers: API_HEADERS, data: { value: true } })
  expect(res.ok()).toBe(true)
  await createAccount(cliente)
  await cliente.addInitScript((idLoja) => {
    window.localStorage.setItem(
      'balcao.encomenda',
      JSON.stringify({ id_loja: idLoja, id_tipo_entrega: 0, usar_premio: 0, linhas: [] }),
    )
  }, ID_LOJA)
  return cliente
}

/** Screenshots to look at, when ESGOTADOS_SHOTS names a folder. */
const SHOTS = process.env.ESGOTADOS_SHOTS
const shot = async (page: Page, nome: string, fullPage = true) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${nome}.png`, fullPage })
}

test('sold out, closed for a day, paused: set from the back-office, seen in the customer’s catalogue', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const lojas = await api<LojaEncomenda[]>(page.request, '/api/lojas-encomenda')
  const loja = lojas.find((l) => l.id_loja === ID_LOJA)
  const { categorias } = await api<Catalogo>(page.request, `/api/catalogo/${ID_LOJA}`)
  const produto = categorias[0]?.produtos[0]
  if (!loja || !produto) throw new Error(`the demo has no catalogue on ${ID_LOJA}`)
  const cliente = await clienteNoTelemovel(browser, baseURL)
  const admin = (url: string, data: unknown = { value: true }) =>
    page.request.post(`/admin/api${url}`, { headers: { accept: 'application/json' }, data })

  await adminNaConsola(page, 'esgotados')
  try {
    await page.getByRole('navigation', { name: 'Secções' }).getByRole('link', { name: 'Ementas e esgotados' }).click()
    await expect(page.getByRole('heading', { name: 'Ementas e esgotados', level: 1 })).toBeVisible()
    await page.getByRole('combobox', { name: 'Loja' }).selectOption({ value: String(ID_LOJA) })
    await expect(page.getByRole('heading', { name: `Produtos de ${loja.nome} hoje` })).toBeVisible()
    await expectAccessible(page)

    // Sold out for today: the customer's catalogue says 'Esgotado', and the product cannot be added.
    // The box follows the server's answer (it is checked once the mark is saved).
    await page.getByRole('checkbox', { name: `Esgotado: ${produto.nome}` }).click()
    await expect(
      page.getByRole('status').filter({ hasText: `${produto.nome}: esgotado até ao fim do dia.` }),
    ).toBeVisible()
    await expect(page.getByRole('checkbox', { name: `Esgotado: ${produto.nome}` })).toBeChecked()
    await shot(page, '1-produtos')
    await expectAccessible(page)

    await cliente.goto('/catalogo')
    const cartao = cliente.getByRole('link', { name: new RegExp(produto.nome.replace(/[()]/g, '\\$&')) }).first()
    await expect(cartao).toContainText('Esgotado')
    await shot(cliente, '2-catalogo-esgotado', false)
    await cartao.click()
    await expect(cliente.getByRole('heading', { level: 1, name: produto.nome })).toBeVisible()
    await expect(cliente.getByRole('button', { name: 'Esgotado' })).toBeDisabled()
    await expect(cliente.getByText('Esgotado por hoje nesta loja.')).toBeVisible()
    await shot(cliente, '3-produto-esgotado')
    await expectAccessible(cliente)

    await page.getByRole('checkbox', { name: `Esgotado: ${produto.nome}` }).click()
    await expect(page.getByRole('status').filter({ hasText: `${produto.nome}: disponível de novo.` })).toBeVisible()
    await expect(page.getByRole('checkbox', { name: `Esgotado: ${produto.nome}` })).not.toBeChecked()
    await cliente.reload()
    await expect(cliente.getByRole('button', { name: /^Adicionar - / })).toBeVisible()

    // Closed today (a closure of one day): the catalogue says so; removed, the store takes orders again.
    const hoje = diaEmLisboa(Date.now())
    await page.getByRole('textbox', { name: 'Primeiro dia' }).fill(hoje)
    await page.getByRole('textbox', { name: 'Motivo' }).fill('Inventário')
    await page.getByRole('button', { name: 'Adicionar encerramento' }).click()
    const [a, m, d] = [hoje.slice(0, 4), hoje.slice(5, 7), hoje.slice(8, 10)]
    const linha = page.getByRole('row').filter({ hasText: `${d}/${m}/${a}` })
    await expect(linha).toContainText('Inventário')
    await shot(page, '4-encerramentos')
    await expectAccessible(page)
    await page.setViewportSize({ width: 800, height: 1280 })
    await shot(page, '5-vertical')
    await expectAccessible(page)
    await page.setViewportSize({ width: 1280, height: 800 })

    await cliente.goto('/catalogo')
    await expect(
      cliente.locator('#conteudo').getByText('Esta loja está encerrada hoje (Inventário). Não aceita encomendas.'),
    ).toBeVisible()
    await shot(cliente, '6-catalogo-encerrada', false)
    await page.getByRole('button', { name: `Remover o encerramento de ${d}/${m}/${a}` }).click()
    await expect(page.getByText('Sem encerramentos marcados.')).toBeVisible()

    // Paused from 'Lojas' until resumed: the customer's catalogue says so in the browser.
    await page.getByRole('navigation', { name: 'Secções' }).getByRole('link', { name: 'Lojas', exact: true }).click()
    await page.getByRole('combobox', { name: `Duração da pausa de ${loja.nome}` }).selectOption('Até retomar')
    await page.getByRole('button', { name: `Pausar encomendas de ${loja.nome}` }).click()
    await expect(page.getByRole('row').filter({ hasText: loja.nome })).toContainText('Encomendas em pausa até retomar')
    await cliente.goto('/catalogo')
    await expect(cliente.locator('#conteudo').getByText(PAUSA)).toBeVisible()
    await shot(cliente, '7-catalogo-pausa', false)
    await expectAccessible(cliente)
    await page.getByRole('button', { name: `Retomar encomendas de ${loja.nome}` }).click()
    await expect(page.getByRole('row').filter({ hasText: loja.nome })).toContainText('A aceitar encomendas')
    await cliente.reload()
    // In the screen, rendered by the server and hydrated: the store, and no pause any more.
    await expect(cliente.locator('#conteudo').getByText(loja.nome, { exact: true })).toBeVisible()
    await expect(cliente.getByText(PAUSA)).toBeHidden()
  } finally {
    // Whatever failed above, the store is left as the other journeys expect it.
    await admin(`/lojas/${ID_LOJA}/retomar`)
    await admin(`/lojas/${ID_LOJA}/esgotados`, { cod_produto: produto.id, esgotado: false })
    const res = await page.request.get(`/admin/api/lojas/${ID_LOJA}/encerramentos`, {
      headers: { accept: 'application/json' },
    })
    if (res.ok()) {
      for (const e of ((await res.json()) as { data: { id: number }[] }).data) {
        await admin(`/lojas/${ID_LOJA}/encerramentos/remover`, { id: e.id })
      }
    }
    await cliente.context().close()
  }
})
