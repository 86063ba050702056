import { randomUUID } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { carimbosMensagens } from '../src/shared/carimbos.ts'
import { adminNaConsola } from './admin-support.ts'
import { createStoreKey, pair, revokeStoreKey } from './loja.ts'
import {
  apiPost,
  createAccount,
  DESKTOP,
  expect,
  expectAccessible,
  expectWcag21AA,
  main,
  PHONE,
  test,
} from './support.ts'

/**
 * Stamp cards (decision 0057), end to end: an admin makes one in 'Cartões de carimbos' (every 3rd offered), a till
 * purchase listing two of its products fills the customer's card into an offer, the customer's card says so, and the
 * counter tablet gives that offer with the next purchase. The card has a name and codes of its own (the demo's 'Cafés'
 * and the other journeys' purchases never touch it), and is ended at the end so that no other customer sees it.
 */

const LOJA = 862
const TABLET = { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: true, deviceScaleFactor: 1 }

interface Movimento {
  cartao_id: number
  nome: string
  carimbos_ganhos: number
  ofertas_ganhas: number
  ofertas_usadas: number
  carimbos: number
  ofertas: number
}

/** A purchase at the till as a POS that lists the bill's products sends it (STORE-API.md). */
async function comprar(request: APIRequestContext, chave: string, clienteId: number, codigo: string, unidades: number) {
  const res = await request.post('/api/loja/v1/compras', {
    headers: { Authorization: `Bearer ${chave}`, 'Idempotency-Key': randomUUID() },
    data: {
      cliente_id: clienteId,
      total: 150 * unidades,
      saldo_a_usar: 0,
      referencia: `FT E2E/${randomUUID().slice(0, 8)}`,
      produtos: [{ cod_produto: codigo, quantidade: unidades }],
    },
  })
  expect(res.ok(), `/compras → ${res.status()} ${await res.text()}`).toBe(true)
  return ((await res.json()) as { data: { transacao: { carimbos?: Movimento[] } } }).data.transacao
}

/** Ends, through the back-office's API with the page's session, the cards named `nome` still active (a failed try's). */
async function terminarCartao(consola: Page, nome: string) {
  const headers = { accept: 'application/json' }
  const res = await consola.request.get('/admin/api/carimbos', { headers })
  if (!res.ok()) return
  const cartoes = (
    (await res.json()) as {
      data: { id: number; nome: string; codigos: string[]; por_oferta: number; ativo: boolean }[]
    }
  ).data
  for (const { id, nome: n, codigos, por_oferta, ativo } of cartoes) {
    if (n !== nome || !ativo) continue
    await consola.request.post(`/admin/api/carimbos/${id}`, {
      headers,
      data: { nome: n, codigos, por_oferta, ativo: false },
    })
  }
}

test('an admin makes a stamp card; a till purchase fills it into an offer, which the counter gives', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000)
  const sufixo = randomUUID().slice(0, 6)
  const nome = `Pastelaria e2e ${sufixo}`
  const codigo = `E2E-${sufixo}`
  const etiqueta = `e2e-carimbos-${sufixo}`
  const chave = createStoreKey(LOJA, etiqueta)
  const admin = await browser.newContext({ baseURL, ...DESKTOP })
  const tablet = await browser.newContext({ baseURL, ...TABLET })
  const consola = await admin.newPage()
  try {
    // The back-office: a card for two products, every 3rd offered.
    await adminNaConsola(consola, 'carimbos')
    await consola
      .getByRole('navigation', { name: 'Secções' })
      .getByRole('link', { name: 'Cartões de carimbos' })
      .click()
    await expect(consola.getByRole('heading', { name: 'Cartões de carimbos', level: 1 })).toBeVisible()
    const formulario = main(consola).getByRole('region', { name: 'Novo cartão de carimbos' })
    await formulario.getByRole('textbox', { name: 'Nome' }).fill(nome)
    await formulario.getByRole('textbox', { name: 'Códigos dos produtos no POS' }).fill(`${codigo}\n${codigo}-B\n`)
    const porOferta = formulario.getByRole('spinbutton', { name: 'De quantos em quantos é oferecido um' })
    await expect(porOferta).toHaveValue('10')
    // A figure out of bounds is said under its field, nothing saved.
    await porOferta.fill('1')
    await formulario.getByRole('button', { name: 'Criar cartão' }).click()
    const erro = consola.getByRole('alertdialog')
    await expect(erro).toContainText('Falha ao submeter o formulário')
    await erro.getByRole('button', { name: 'OK' }).click()
    await expect(porOferta).toHaveAccessibleDescription(new RegExp(carimbosMensagens.porOferta.slice(0, 30)))
    await expectWcag21AA(consola)

    await porOferta.fill('3')
    await formulario.getByRole('button', { name: 'Criar cartão' }).click()
    await expect(main(consola).getByRole('status').first()).toHaveText(
      `«${nome}» foi criado: carimba já as próximas compras dos seus produtos.`,
    )
    const linha = main(consola).getByRole('row').filter({ hasText: nome })
    await expect(linha).toContainText(`${codigo}, ${codigo}-B`)
    await expect(linha).toContainText('O 3.º é oferta')
    await expect(linha).toContainText('Ativo')
    await consola.screenshot({ path: '.tmp/screenshots/admin-carimbos.png', fullPage: true })
    await consola.setViewportSize(PHONE.viewport)
    await consola.screenshot({ path: '.tmp/screenshots/admin-carimbos-telemovel.png', fullPage: true })
    await consola.setViewportSize(DESKTOP.viewport)

    // The customer buys two of its products at the till: with every 3rd offered, two stamps make an offer.
    await createAccount(page)
    const { user } = await apiPost<{ user: { data: { id: number; telemovel: string } } }>(
      page.request,
      '/api/refresh-private-data',
      { value: true },
    )
    const compra = await comprar(page.request, chave, user.data.id, codigo, 2)
    expect(compra.carimbos).toEqual([
      expect.objectContaining({
        nome,
        carimbos_ganhos: 2,
        ofertas_ganhas: 1,
        ofertas_usadas: 0,
        carimbos: 0,
        ofertas: 1,
      }),
    ])

    await page.goto('/fidelizacao')
    const cartao = main(page).getByRole('region', { name: nome })
    await expect(cartao).toContainText(`${nome}: 0 de 2 carimbos. O 3.º é oferta.`)
    await expect(cartao.getByText('Tem 1 oferta para usar na loja.')).toBeVisible()
    await expectAccessible(page)
    await cartao.scrollIntoViewIfNeeded()
    await page.screenshot({ path: '.tmp/screenshots/carimbos-oferta.png' })

    // The counter tablet: the card and its offer beside the customer, given with the next purchase.
    const caixa = await tablet.newPage()
    await pair(caixa, chave)
    await caixa.getByLabel('Telemóvel ou QR do cliente', { exact: true }).fill(user.data.telemovel)
    await caixa.getByRole('button', { name: 'Identificar' }).click()
    const resumo = caixa.getByRole('region', { name: /^Cliente:/ })
    await expect(resumo).toContainText(`${nome}: 0 de 2 carimbos. O 3.º é oferta.`)
    await expect(resumo).toContainText('Tem 1 oferta para usar na loja.')
    await caixa.getByLabel('Total da conta (€)').fill('2,50')
    await caixa.getByRole('checkbox', { name: `Dar oferta: ${nome}` }).check()
    await expect(caixa.getByRole('note').filter({ hasText: 'Entregue ao cliente:' })).toHaveText(
      `Entregue ao cliente: 1 × oferta ${nome} (sem custo na conta).`,
    )
    await caixa.getByLabel('N.º do documento (POS)').fill(`FT E2E/${sufixo}`)
    await expectAccessible(caixa)
    await resumo.screenshot({ path: '.tmp/screenshots/carimbos-caixa-cliente.png' })
    await caixa.getByRole('button', { name: 'Registar' }).click()
    const registada = caixa.getByRole('region', { name: 'Compra registada' })
    const feito = registada.getByRole('list', { name: 'Cartões de carimbos' })
    await expect(feito).toContainText(`Entregue ao cliente: 1 × oferta ${nome}`)
    await expect(feito).toContainText(`${nome}: 0 de 2 carimbos. O 3.º é oferta.`)
    await expectAccessible(caixa)
    await registada.screenshot({ path: '.tmp/screenshots/carimbos-caixa-registada.png' })

    // The offer is spent; a product bought after it stamps the card again.
    await page.reload()
    await expect(cartao).toContainText(`${nome}: 0 de 2 carimbos. O 3.º é oferta.`)
    await expect(cartao).not.toContainText('para usar na loja')
    await comprar(page.request, chave, user.data.id, `${codigo}-B`, 1)
    await page.reload()
    await expect(cartao).toContainText(`${nome}: 1 de 2 carimbos. O 3.º é oferta.`)
    await cartao.scrollIntoViewIfNeeded()
    await page.screenshot({ path: '.tmp/screenshots/carimbos-cartao.png' })

    // Ended by hand: it stays in the list, over.
    await linha.getByRole('button', { name: `Editar «${nome}»` }).click()
    const edicao = main(consola).getByRole('region', { name: `Editar «${nome}»` })
    await expect(edicao.getByRole('textbox', { name: 'Códigos dos produtos no POS' })).toHaveValue(
      `${codigo}\n${codigo}-B`,
    )
    await edicao.getByRole('checkbox', { name: /^Ativo/ }).uncheck()
    await edicao.getByRole('button', { name: 'Guardar alterações' }).click()
    await expect(main(consola).getByRole('status').first()).toHaveText(
      `«${nome}» foi guardado: aplica-se a partir da próxima compra. Os clientes mantêm os carimbos e as ofertas que têm.`,
    )
    await expect(linha).toContainText('Terminado')
  } finally {
    // Failed half-way: the card is ended here, so that no other journey's customer sees it.
    await terminarCartao(consola, nome)
    revokeStoreKey(etiqueta)
    await tablet.close()
    await admin.close()
  }
})
