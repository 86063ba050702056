import type { Page } from '@playwright/test'
import Database from 'better-sqlite3'
import type { Catalogo, LojaEncomenda } from '../src/shared/catalogo.ts'
import { LOJA_COOKIE } from '../src/shared/page-data.ts'
import { createStoreKey, demoDatabaseFile, pos } from './loja.ts'
import {
  type Account,
  api,
  apiPost,
  aprovarMbway,
  createAccount,
  encomendarPelaApi,
  escolherLojaNoCatalogo,
  expect,
  expectAccessible,
  test,
} from './support.ts'

/**
 * Ordering end to end: choose the store, a product with an extra and an option, the balance used, MB WAY in
 * the sandbox, then the order followed live as the store's board (another browser) moves it.
 */

const LOJA = 862
/** Screenshots for a person to look at, when ENCOMENDAS_SHOTS names a folder (e.g. /tmp/shots-encomendas). */
const SHOTS = process.env.ENCOMENDAS_SHOTS
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

const euros = (c: number) => `${(c / 100).toFixed(2).replace('.', ',')} €`

test('orders with an extra, an option and the balance, pays with MB WAY, and follows the order to ready', async ({
  page,
  browser,
  baseURL,
}) => {
  // The whole journey, a second browser for the board and an axe check per screen: minutes on a loaded 2-core machine.
  test.setTimeout(240_000)
  const account = await createAccount(page)
  // 20,00 € at the till earn 1,00 € of balance (5%).
  const key = createStoreKey(LOJA)
  const till = pos(page.request, key)
  const { cliente } = await till.identify({ telemovel: account.telemovel, pais: '351' })
  await till.purchase(cliente.id, 2000)

  const lojas = await api<LojaEncomenda[]>(page.request, '/api/lojas-encomenda')
  const loja = lojas.find((l) => l.id_loja === LOJA)
  expect(loja?.aberta).toBe(true)
  const { categorias } = await api<Catalogo>(page.request, `/api/catalogo/${LOJA}`)
  // A product on the catalogue's first screen with a free choice of extras and options.
  const produto = categorias
    .flatMap((c) => c.produtos.slice(0, 4))
    .find((p) => p.complementares.some((c) => !c.obrigatorio) && p.opcoes.length > 0 && p.min_complementos === 0)
  if (!produto || !loja) throw new Error('the demo has no product with extras and options on 862')
  const extra = produto.complementares.find((c) => !c.obrigatorio)
  const opcao = produto.opcoes[0]
  if (!extra || !opcao) throw new Error('no extra or option')

  // The store choice opens by itself the first time.
  await page.goto('/catalogo')
  const modal = page.getByRole('dialog', { name: 'Loja' })
  await expect(modal).toBeVisible()
  await shot(page, '1-loja')
  await expectAccessible(page)
  await modal.getByRole('radio', { name: new RegExp(loja.nome) }).check()
  await modal.getByRole('radio', { name: 'Take-Away' }).check()
  await modal.getByRole('button', { name: 'Confirmar' }).click()
  await expect(modal).toBeHidden()
  await expect(page.getByText(loja.nome, { exact: true })).toBeVisible()
  // The choice goes to the server too (lib/loja-cookie.ts): the catalogue's page then carries that store's catalogue.
  const cookie = (await page.context().cookies()).find((c) => c.name === LOJA_COOKIE)
  expect(cookie).toMatchObject({ value: String(LOJA), sameSite: 'Lax', httpOnly: false, path: '/' })
  expect(await (await page.request.get('/catalogo')).text()).toContain(`"/api/catalogo/${LOJA}":{"categorias":`)
  await shot(page, '2-catalogo')
  await expectAccessible(page)

  await page
    .getByRole('link', { name: new RegExp(produto.nome) })
    .first()
    .click()
  await expect(page.getByRole('heading', { level: 1, name: produto.nome })).toBeVisible()
  await page.getByRole('checkbox', { name: new RegExp(extra.nome) }).check()
  await page.getByRole('checkbox', { name: opcao.nome, exact: true }).check()
  await page.getByRole('button', { name: 'Mais um' }).click()
  const unitario = produto.pvp_com_iva + extra.pvp_com_iva
  const adicionar = page.getByRole('button', { name: `Adicionar - ${euros(unitario * 2)}` })
  await shot(page, '3-produto')
  await expectAccessible(page)
  await adicionar.click()

  await page.getByRole('link', { name: /Ver carrinho/ }).click()
  await expect(page.getByRole('heading', { name: 'Carrinho' })).toBeVisible()
  await shot(page, '4-carrinho')
  await expectAccessible(page)
  await page.getByRole('link', { name: `Pagamento - ${euros(unitario * 2)}` }).click()

  // 1,00 € of balance to use: 'Rebater Oferta'.
  const oferta = page.getByRole('alertdialog', { name: 'Rebater Oferta' })
  await expect(oferta).toBeVisible()
  await shot(page, '5-rebater-oferta')
  await oferta.getByRole('button', { name: 'Usar' }).click()
  await expect(page.getByText(euros(unitario * 2 - 100), { exact: true })).toBeVisible()
  const finalizar = page.getByRole('button', { name: 'Finalizar' })
  await expect(finalizar).toBeDisabled()
  await page.getByRole('checkbox', { name: /Li e aceito/ }).check()
  await expect(finalizar).toBeEnabled()
  await shot(page, '6-finalizar')
  await expectAccessible(page)
  await finalizar.click()

  await expect(page.getByRole('heading', { name: 'Pagamento em curso' })).toBeVisible()
  await expect(page.getByText('MB WAY', { exact: true })).toBeVisible()
  await expect(page.getByText(euros(unitario * 2 - 100), { exact: true })).toBeVisible()
  await shot(page, '7-pagamento')
  await expectAccessible(page)

  // The store's board, on a tablet (its own browser), is open before the order is paid.
  const board = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } })
  const tablet = await board.newPage()
  await tablet.goto('/painel/entrar')
  await tablet.getByLabel('Chave da loja', { exact: true }).fill(key)
  await tablet.getByRole('button', { name: 'Entrar' }).click()
  await expect(tablet).toHaveURL(/\/painel\/caixa$/)
  await tablet.getByRole('link', { name: 'Encomendas' }).click()
  await expect(tablet.getByRole('heading', { name: 'Encomendas', level: 1 })).toBeVisible()

  // The customer's phone accepts (the sandbox's dev endpoint plays it).
  expect((await aprovarMbway(page.request, account.telemovel))?.valor).toBe(unitario * 2 - 100)

  await expect(page.getByText('Recebemos o seu pedido - 15 minutos')).toBeVisible({ timeout: 15_000 })
  await expect(page).toHaveURL(/\/carrinho\/confirmado\?encomenda=\d+/)
  const orderId = Number(new URL(page.url()).searchParams.get('encomenda'))
  await shot(page, '8-confirmado')
  await expectAccessible(page)

  // The paid order arrives on the board without a reload; each tap there moves the customer's screen on.
  const cartao = tablet.getByRole('listitem').filter({ hasText: `Pedido ${orderId}` })
  await expect(cartao).toBeVisible({ timeout: 3000 })
  await expect(cartao).toContainText(produto.nome)
  await expect(cartao).toContainText(extra.nome)
  if (SHOTS) await tablet.screenshot({ path: `${SHOTS}/10-quadro.png`, fullPage: true })
  await expectAccessible(tablet)
  try {
    await cartao.getByRole('button', { name: /Começar preparação/ }).click()
    await expect(page.getByText('Pedido em preparação')).toBeVisible({ timeout: 3000 })
    await tablet
      .getByRole('listitem')
      .filter({ hasText: `Pedido ${orderId}` })
      .getByRole('button', { name: /Pronto/ })
      .click()
    await expect(page.getByText('O seu pedido está pronto')).toBeVisible({ timeout: 3000 })
    await shot(page, '9-pronto')
    // Ready, it waits in its own column for the customer; handed over ('Entregue'), it leaves the board, and the
    // customer's screen says so.
    const prontas = tablet.getByRole('region', { name: /Prontas/ })
    const pronto = prontas.getByRole('listitem').filter({ hasText: `Pedido ${orderId}` })
    await expect(pronto).toBeVisible()
    await expect(pronto.getByRole('button', { name: 'Cancelar', exact: true })).toHaveCount(0)
    if (SHOTS) await tablet.screenshot({ path: `${SHOTS}/10b-quadro-prontas.png`, fullPage: true })
    await expectAccessible(tablet)
    await pronto.getByRole('button', { name: /Entregue/ }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Pedido entregue' })).toBeVisible({ timeout: 3000 })
    await expect(page.locator('[aria-current="step"]')).toContainText('Entregue')
    await expect(tablet.getByText(`Pedido ${orderId}`)).toBeHidden()
    await shot(page, '9b-entregue')
  } finally {
    await board.close()
  }
})

test('the store cancels a paid order from the board: the customer sees why at once and gets the balance back', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const account = await createAccount(page)
  const key = createStoreKey(LOJA)
  const till = pos(page.request, key)
  const { cliente } = await till.identify({ telemovel: account.telemovel, pais: '351' })
  await till.purchase(cliente.id, 2000)
  const saldo = async () =>
    (await apiPost<{ user: { data: { saldo: number } } }>(page.request, '/api/refresh-private-data', { value: true }))
      .user.data.saldo
  expect(await saldo()).toBe(100)

  // An order paid with 1,00 € of balance and the rest by MB WAY, placed as the checkout places it.
  const { categorias } = await api<Catalogo>(page.request, `/api/catalogo/${LOJA}`)
  const produto = categorias
    .flatMap((c) => c.produtos)
    .find((p) => p.min_complementos === 0 && !p.complementares.some((c) => c.obrigatorio) && p.pvp_com_iva > 100)
  if (!produto) throw new Error('the demo has no plain product on 862')
  const orderId = await encomendar(page, account, 'cancelar', produto.id, 2, 1, 1)
  expect(await saldo()).toBe(0)
  expect((await aprovarMbway(page.request, account.telemovel))?.valor).toBe(produto.pvp_com_iva * 2 - 100)

  await page.goto(`/carrinho/confirmado?encomenda=${orderId}`)
  await expect(page.getByText('Recebemos o seu pedido - 15 minutos')).toBeVisible({ timeout: 15_000 })

  const board = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } })
  try {
    const tablet = await board.newPage()
    await tablet.goto('/painel/entrar')
    await tablet.getByLabel('Chave da loja', { exact: true }).fill(key)
    await tablet.getByRole('button', { name: 'Entrar' }).click()
    await expect(tablet).toHaveURL(/\/painel\/caixa$/)
    // The till's last purchases: the order's is undone on the board, not refunded here.
    const daApp = tablet.locator('.painel-compra').filter({ hasText: `Documento E${orderId}` })
    await expect(daApp).toContainText('Encomenda da app: para a devolver, cancele-a no quadro de encomendas')
    await expect(daApp.getByRole('button', { name: 'Devolver' })).toHaveCount(0)
    await tablet.getByRole('link', { name: 'Encomendas' }).click()
    const cartao = tablet.getByRole('listitem').filter({ hasText: `Pedido ${orderId}` })
    await cartao.getByRole('button', { name: 'Cancelar', exact: true }).click()

    // Staff are told what the customer gets back before they confirm; the reason is required.
    const dialogo = tablet.getByRole('dialog', { name: /^Cancelar o pedido/ })
    await expect(dialogo).toContainText('são devolvidos a Rita Fonseca')
    await expect(dialogo).toContainText(`${euros(produto.pvp_com_iva * 2 - 100)} por MB WAY e 1,00 € de saldo`)
    await dialogo.getByRole('button', { name: 'Cancelar encomenda' }).click()
    await expect(dialogo.getByText('Campo de preenchimento obrigatório')).toBeVisible()
    await expect(dialogo.getByLabel('Motivo')).toBeFocused()
    await expectAccessible(tablet)
    await dialogo.getByRole('button', { name: 'Produto esgotado' }).click()
    await dialogo.getByRole('button', { name: 'Cancelar encomenda' }).click()
    await expect(dialogo).toBeHidden()
    await expect(cartao).toBeHidden()

    // The customer's open screen follows without a reload; the balance used is back.
    await expect(page.getByText('Pedido cancelado')).toBeVisible({ timeout: 3000 })
    await expect(page.getByText('Produto esgotado')).toBeVisible()
    await expect(
      page.getByText(`O valor pago (${euros(produto.pvp_com_iva * 2 - 100)}) é devolvido por MB WAY.`),
    ).toBeVisible()
    await expect(page.getByText('O saldo usado (1,00 €) voltou à sua conta.')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Pontos' })).toHaveCount(0)
    await expectAccessible(page)
    await shot(page, '11-cancelado')
    expect(await saldo()).toBe(100)
  } finally {
    await board.close()
  }
})

/** A product on the catalogue's first screen of its category, without a picture and with nothing to choose. */
function produtoSemImagem(categorias: Catalogo['categorias']) {
  for (const [i, c] of categorias.entries()) {
    const p = c.produtos.slice(0, 4).find((x) => !x.imagem && x.min_complementos === 0)
    if (p && i > 0) return p
  }
  throw new Error('the demo has no plain product without a picture past the first category on 862')
}

/** An order of `qtd` × a product with nothing to choose, placed as the checkout places it (MB WAY): its id. */
async function encomendar(page: Page, conta: Account, chave: string, id: string, qtd = 1, premio = 0, tipo = 0) {
  const pedido = { chave: `${chave}-${conta.telemovel}`, loja: LOJA, produto: id, qtd, premio, tipo }
  return (await encomendarPelaApi(page.request, conta, pedido)).orderId
}

test('the catalogue: adding keeps the place and says so, the order bar beside a full cart bar, gone once seen ready', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const account = await createAccount(page)
  const { categorias } = await api<Catalogo>(page.request, `/api/catalogo/${LOJA}`)
  const agua = produtoSemImagem(categorias)

  await escolherLojaNoCatalogo(page)

  // Well down the catalogue, a product without a picture shows a drawn placeholder.
  const cartao = page.getByRole('link', { name: new RegExp(agua.nome.replace(/[()]/g, '\\$&')) }).first()
  await cartao.scrollIntoViewIfNeeded()
  await expect(cartao.locator('.enc-sem-imagem svg')).toBeVisible()
  const antes = await page.evaluate(() => window.scrollY)
  expect(antes).toBeGreaterThan(200)
  await cartao.click()
  await expect(page.getByRole('heading', { level: 1, name: agua.nome })).toBeVisible()
  await shot(page, '12-produto-sem-imagem')
  await page.getByRole('button', { name: /^Adicionar - / }).click()

  // Back where the person was, told what went into the cart.
  await expect(page).toHaveURL(/\/catalogo$/)
  await expect(page.getByText(`Adicionado ao carrinho: 1 × ${agua.nome}`)).toBeVisible()
  await expect(page.getByRole('link', { name: /Ver carrinho/ })).toBeVisible()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(antes - 40)
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - antes)).toBeLessThan(40)
  await expect(cartao).toBeInViewport()
  await shot(page, '13-adicionado')
  await expectAccessible(page)

  // Ordered to eat in, chosen at the checkout.
  await page.getByRole('link', { name: /Ver carrinho/ }).click()
  await page.getByRole('link', { name: /^Pagamento - / }).click()
  await page.getByRole('radio', { name: 'Comer Na loja' }).check()
  await page.getByRole('checkbox', { name: /Li e aceito/ }).check()
  await page.getByRole('button', { name: 'Finalizar' }).click()
  await expect(page.getByRole('heading', { name: 'Pagamento em curso' })).toBeVisible()
  await aprovarMbway(page.request, account.telemovel)
  await expect(page.getByText('Recebemos o seu pedido - 15 minutos')).toBeVisible({ timeout: 15_000 })
  const orderId = Number(new URL(page.url()).searchParams.get('encomenda'))

  // The catalogue names the delivery type of the order; its bar and a new cart's, each at its full size.
  await page.goto('/catalogo')
  await expect(page.locator('#conteudo .enc-loja-atual')).toContainText('Comer Na loja')
  const estado = page.getByRole('link', { name: new RegExp(`Pedido ${orderId}`) })
  await expect(estado).toContainText('Recebemos o seu pedido')
  await page
    .getByRole('link', { name: new RegExp(categorias[0]?.produtos[0]?.nome ?? '') })
    .first()
    .click()
  await page.getByRole('button', { name: /^Adicionar - / }).click()
  const carrinho = page.getByRole('link', { name: /Ver carrinho/ })
  await expect(carrinho).toBeVisible()
  await expect(estado).toBeVisible()
  const [caixaCarrinho, caixaEstado] = [await carrinho.boundingBox(), await estado.boundingBox()]
  expect(caixaCarrinho?.height).toBeGreaterThanOrEqual(56)
  expect(caixaCarrinho?.width).toBeGreaterThanOrEqual((page.viewportSize()?.width ?? 0) - 2 * 12 - 1)
  expect((caixaEstado?.y ?? 0) + (caixaEstado?.height ?? 0)).toBeLessThanOrEqual(caixaCarrinho?.y ?? 0)
  await shot(page, '14-duas-barras')
  await expectAccessible(page)

  // The store makes it ready: the bar says so, live; once the person has opened it, the bar lets it go.
  const key = createStoreKey(LOJA)
  for (const novo of [1, 2]) {
    const res = await page.request.post(`/api/loja/v1/encomendas/${orderId}/estado`, {
      headers: { Authorization: `Bearer ${key}`, 'Idempotency-Key': `e2e-${orderId}-${novo}` },
      data: { estado: novo },
    })
    expect(res.ok(), await res.text()).toBe(true)
  }
  await expect(estado).toContainText('O seu pedido está pronto', { timeout: 15_000 })
  await shot(page, '15-pronto-na-barra')
  await estado.click()
  await expect(page.getByRole('status').filter({ hasText: 'O seu pedido está pronto' })).toBeVisible()
  await page.goBack()
  await expect(carrinho).toBeVisible()
  await expect(estado).toHaveCount(0)
  await shot(page, '16-pronto-visto')
})

test('MB WAY expiry: one message at once, no spinner; a retry once the server gives the order up', async ({ page }) => {
  test.setTimeout(60_000)
  const account = await createAccount(page)
  const { categorias } = await api<Catalogo>(page.request, `/api/catalogo/${LOJA}`)
  const produto = categorias.flatMap((c) => c.produtos).find((p) => p.min_complementos === 0)
  if (!produto) throw new Error('the demo has no plain product on 862')
  const expira = await encomendar(page, account, 'expira', produto.id)

  await page.clock.install()
  await page.goto(`/carrinho/pagamento?encomenda=${expira}`)
  await expect(page.getByText('Tempo para aceitar')).toBeVisible()

  // The phone's clock is past the expiry, the server's (real time) is not: the request may still be paid there.
  await page.clock.fastForward('04:05')
  const mensagem = page.getByRole('status').filter({ hasText: 'O pedido de pagamento MB WAY expirou.' })
  await expect(mensagem).toContainText('Se aceitou o pagamento no último instante, a encomenda avança sozinha.')
  await expect(page.getByRole('heading', { level: 1, name: 'Pagamento não concluído' })).toBeVisible()
  const umaMensagemSemEspera = async () => {
    await expect(page.getByText(/expirou/)).toHaveCount(1)
    await expect(page.getByText(/Pagamento em curso|A aguardar/)).toHaveCount(0)
    await expect(page.locator('.spinner')).toHaveCount(0)
  }
  await umaMensagemSemEspera()
  await expect(page.getByText(/cobrado/)).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Tentar novamente' })).toHaveCount(0)
  await expectAccessible(page)

  // The 4 minutes end on the server too (its times moved back, as its clock would move): the screen's next read has
  // it ask the sandbox, which says expired; the order is given up, and only now may the person try again.
  const db = new Database(demoDatabaseFile)
  const passado = new Date(Date.now() - 1000).toISOString()
  db.prepare('update pagamentos_sandbox set expira_em = ? where referencia = ?').run(passado, `E${expira}`)
  db.prepare('update encomendas set expira_em = ? where id = ?').run(passado, expira)
  db.close()
  await expect(page.getByRole('link', { name: 'Tentar novamente' })).toHaveAttribute('href', '/carrinho/finalizar')
  await expect(mensagem).toContainText('A encomenda não avançou e nada foi cobrado.')
  await umaMensagemSemEspera()
  await shot(page, '17-pagamento-expirou')
  await expectAccessible(page)

  // Another request, expired on the phone (its clock ahead) but accepted in time: the screen goes on by itself.
  await page.goto(`/carrinho/pagamento?encomenda=${await encomendar(page, account, 'aceite', produto.id)}`)
  await expect(mensagem).toContainText('Se aceitou o pagamento no último instante')
  await aprovarMbway(page.request, account.telemovel)
  await expect(page).toHaveURL(/\/carrinho\/confirmado\?encomenda=\d+/)
  await expect(page.getByText('Recebemos o seu pedido - 15 minutos')).toBeVisible()
})
