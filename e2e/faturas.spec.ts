import { randomUUID } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import type { Catalogo } from '../src/shared/catalogo.ts'
import { createStoreKey, pos } from './loja.ts'
import {
  type Account,
  api,
  aprovarMbway,
  createAccount,
  encomendarPelaApi,
  expect,
  expectAccessible,
  main,
  readQrCode,
  test,
} from './support.ts'

/**
 * Invoices for every paid order (STORE-API.md "Invoices", docs/decisions/0038): an order paid in the app gets its
 * confirmation in the e-mail outbox ('Não serve de fatura'); a POS (this test, with a store key) sends the invoice of
 * the order and of a till purchase; the customer sees each with its number, ATCUD, PDF and AT QR code, which reads back
 * as the text the POS sent.
 */

const LOJA = 862
/** Screenshots for a person to look at, when FATURAS_SHOTS names a folder. */
const SHOTS = process.env.FATURAS_SHOTS
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

interface EmailDev {
  para: string
  assunto: string
  texto: string
  html: string
}

/** A document as a certified POS issues it: its AT QR code's text with the fields Portaria 195/2020 lists. */
function documento(tipo: 'FR' | 'FS', serie: string, total: number) {
  const numero = `${tipo} ${serie}/${Math.floor(Math.random() * 1e5)}`
  const atcud = `JJ4M7R2C-${numero.split('/')[1]}`
  const euros = (total / 100).toFixed(2)
  return {
    tipo,
    numero,
    atcud,
    qr: `A:509999999*B:999999990*C:PT*D:${tipo}*E:N*F:20261122*G:${numero}*H:${atcud}*I1:PT*I5:${euros}*I6:0.00*N:0.00*O:${euros}*Q:Xy9Z*R:1234`,
    emitido_em: new Date().toISOString(),
    pdf_url: `https://faturas.exemplo.pt/${encodeURIComponent(numero)}.pdf`,
  }
}

/** The POS sends a document: `PUT /api/loja/v1/{what}/{id}/documento`, as a POS would. */
async function enviarDocumento(request: APIRequestContext, key: string, url: string, body: unknown) {
  const res = await request.put(`/api/loja/v1${url}`, {
    headers: { Authorization: `Bearer ${key}`, 'Idempotency-Key': randomUUID() },
    data: body,
  })
  expect(res.status(), await res.text()).toBe(200)
}

/** An order of a product with nothing to choose, placed and paid through the MB WAY sandbox: its id and total. */
async function encomendaPaga(page: Page, conta: Account): Promise<{ id: number; total: number }> {
  const { categorias } = await api<Catalogo>(page.request, `/api/catalogo/${LOJA}`)
  const produto = categorias.flatMap((c) => c.produtos).find((p) => p.min_complementos === 0 && p.opcoes.length === 0)
  if (!produto) throw new Error(`the demo has no plain product on ${LOJA}`)
  const pedido = { chave: `faturas-${conta.telemovel}`, loja: LOJA, produto: produto.id, qtd: 2 }
  const { orderId, total } = await encomendarPelaApi(page.request, conta, pedido)
  await aprovarMbway(page.request, conta.telemovel)
  return { id: orderId, total }
}

test('a paid order: its confirmation e-mail, then the invoice the POS sent, its QR code read back', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const conta = await createAccount(page, { email: `faturas-${randomUUID().slice(0, 8)}@example.pt` })
  const { id, total } = await encomendaPaga(page, conta)

  // The confirmation on a durable medium, queued once the order is paid.
  let email: EmailDev | undefined
  await expect
    .poll(async () => {
      email = (await api<EmailDev[]>(page.request, '/api/dev/email')).find((m) => m.para === conta.email)
      return email?.assunto ?? ''
    })
    .toMatch(new RegExp(`^Confirmação do pedido n\\.º ${id} - `))
  expect(email?.texto).toContain('Não serve de fatura')
  expect(email?.texto).toContain('Vendedor: ')
  expect(email?.texto).toContain('Levantamento: o mais cedo possível')
  expect(email?.texto).toContain('não pode ser devolvido')
  expect(email?.html).toContain('<p>Não serve de fatura')

  // Before the POS sends anything, the order says Balcão's summary is not the invoice.
  await page.goto(`/carrinho/confirmado?encomenda=${id}`)
  await expect(page.getByRole('heading', { level: 1, name: `Pedido n.º ${id}` })).toBeVisible()
  await expect(main(page).getByText('Não serve de fatura.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Fatura', exact: true })).toHaveCount(0)

  // The POS sends the order's invoice; the screen shows it as it arrives (the order's event).
  const fr = documento('FR', 'E2E', total)
  await enviarDocumento(page.request, createStoreKey(LOJA), `/encomendas/${id}/documento`, fr)
  const fatura = page.getByRole('region', { name: 'Fatura' })
  await expect(fatura).toBeVisible()
  await expect(fatura.getByRole('heading', { name: `Fatura-recibo ${fr.numero}` })).toBeVisible()
  await expect(fatura.getByText(fr.atcud, { exact: true })).toBeVisible()
  await expect(fatura.getByRole('link', { name: /Abrir o PDF da fatura-recibo/ })).toHaveAttribute('href', fr.pdf_url)
  const qr = fatura.getByRole('img', { name: `Código QR da Fatura-recibo ${fr.numero}` })
  await expect(qr).toBeVisible()
  await expect.poll(async () => readQrCode(await qr.screenshot())).toBe(fr.qr)
  await shot(page, '1-encomenda-fatura')
  await expectAccessible(page)
})

test('a till purchase: the invoice the POS sent, folded under the transaction, its QR code read back', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const conta = await createAccount(page, { email: `faturas-${randomUUID().slice(0, 8)}@example.pt` })
  const key = createStoreKey(LOJA)
  const caixa = pos(page.request, key)
  const { cliente } = await caixa.identify({ telemovel: conta.telemovel, pais: '351' })
  const { transacao } = await caixa.purchase(cliente.id, 2450)
  const fs = documento('FS', 'CX', 2450)
  await enviarDocumento(page.request, key, `/compras/${transacao.id}/documento`, fs)

  await page.goto('/fidelizacao/transacoes')
  const abrir = main(page).getByText(`Fatura simplificada ${fs.numero}`, { exact: true })
  await expect(abrir).toBeVisible()
  await abrir.click()
  await expect(main(page).getByText(fs.atcud, { exact: true })).toBeVisible()
  const qr = main(page).getByRole('img', { name: `Código QR da Fatura simplificada ${fs.numero}` })
  await expect(qr).toBeVisible()
  await expect.poll(async () => readQrCode(await qr.screenshot())).toBe(fs.qr)
  await shot(page, '2-transacao-fatura')
  await expectAccessible(page)
})
