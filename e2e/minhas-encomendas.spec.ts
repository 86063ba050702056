import { randomUUID } from 'node:crypto'
import { demoEmentas } from '../src/server/demo/ementas.ts'
import type { Catalogo } from '../src/shared/catalogo.ts'
import { formatMoney } from '../src/shared/format.ts'
import { createStoreKey } from './loja.ts'
import { api, aprovarMbway, createAccount, encomendarPelaApi, expect, expectAccessible, test } from './support.ts'

/** 'As minhas encomendas': from the profile, the customer's orders, newest first; each opens its own screen. */

const LOJA = 862
const SHOTS = process.env.ENCOMENDAS_SHOTS

test("the profile's 'As minhas encomendas' lists the orders newest first, and one opens its screen", async ({
  page,
}) => {
  const conta = await createAccount(page)
  await page.goto('/perfil')
  await page.getByRole('link', { name: 'As minhas encomendas' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'As minhas encomendas' })).toBeVisible()
  await expect(page.getByText('Ainda não fez nenhuma encomenda.')).toBeVisible()

  const { categorias } = await api<Catalogo>(page.request, `/api/catalogo/${LOJA}`)
  const produto = categorias
    .flatMap((c) => c.produtos)
    .find((p) => p.min_complementos === 0 && !p.complementares.some((c) => c.obrigatorio) && !p.esgotado)
  if (!produto) throw new Error('the demo has no plain product on 862')
  const primeira = await encomendarPelaApi(page.request, conta, {
    chave: `h1-${conta.telemovel}`,
    loja: LOJA,
    produto: produto.id,
  })
  await aprovarMbway(page.request, conta.telemovel)
  const segunda = await encomendarPelaApi(page.request, conta, {
    chave: `h2-${conta.telemovel}`,
    loja: LOJA,
    produto: produto.id,
    qtd: 2,
  })
  await aprovarMbway(page.request, conta.telemovel)

  await page.reload()
  const artigos = page.locator('main#conteudo').getByRole('article')
  await expect(artigos).toHaveCount(2)
  await expect(artigos.nth(0)).toContainText(`Pedido ${segunda.orderId}`)
  await expect(artigos.nth(0)).toContainText(`2 × ${produto.nome}`)
  await expect(artigos.nth(0)).toContainText(`Total ${formatMoney(segunda.total)}`)
  await expect(artigos.nth(0)).toContainText(/Recebemos o seu pedido - \d+ minutos/)
  await expect(artigos.nth(1)).toContainText(`Pedido ${primeira.orderId}`)
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/minhas-encomendas.png`, fullPage: true })
  await expectAccessible(page)

  await artigos
    .nth(1)
    .getByRole('link', { name: `Pedido ${primeira.orderId}` })
    .click()
  await expect(page).toHaveURL(new RegExp(`/carrinho/confirmado\\?encomenda=${primeira.orderId}$`))
  await expect(page.getByRole('heading', { level: 1, name: `Pedido n.º ${primeira.orderId}` })).toBeVisible()
  await expect(page.locator('main#conteudo').getByText(/Recebemos o seu pedido - \d+ minutos/)).toBeVisible()
})

test("'Repetir' fills the cart with a past order's lines at today's prices, after asking before replacing a cart", async ({
  page,
}) => {
  const conta = await createAccount(page)
  const { categorias } = await api<Catalogo>(page.request, `/api/catalogo/${LOJA}`)
  const simples = categorias
    .flatMap((c) => c.produtos)
    .filter((p) => p.min_complementos === 0 && !p.complementares.some((c) => c.obrigatorio) && !p.esgotado)
  const [a, b] = simples
  if (!a || !b) throw new Error('the demo has no two plain products on 862')
  const { orderId } = await encomendarPelaApi(page.request, conta, {
    chave: `r1-${conta.telemovel}`,
    loja: LOJA,
    produto: a.id,
    qtd: 2,
  })
  await aprovarMbway(page.request, conta.telemovel)

  // Something else in the cart first: the customer is asked before it is replaced.
  await page.goto(`/catalogo`)
  await page.evaluate(
    ([idLoja, produto]) =>
      window.localStorage.setItem(
        'balcao.encomenda',
        JSON.stringify({
          id_loja: idLoja,
          id_tipo_entrega: 0,
          usar_premio: 0,
          linhas: [{ id: produto.id, qtd: 1, complementares: [], opcoes: [], nome: produto.nome, unitario: 1 }],
        }),
      ),
    [LOJA, { id: b.id, nome: b.nome }] as const,
  )
  await page.goto('/encomendas')
  const artigo = page
    .locator('main#conteudo')
    .getByRole('article')
    .filter({ hasText: `Pedido ${orderId}` })
  await artigo.getByRole('button', { name: `Repetir o pedido ${orderId}` }).click()
  await expect(artigo.getByRole('alert')).toHaveText('O carrinho já tem produtos: repetir esta encomenda substitui-os.')
  await expectAccessible(page)
  await artigo.getByRole('button', { name: `Substituir o carrinho pelo pedido ${orderId}` }).click()

  await expect(page.getByRole('heading', { level: 1, name: 'Carrinho' })).toBeVisible()
  const linhas = page.getByRole('list').filter({ hasText: a.nome }).getByRole('listitem')
  await expect(linhas).toHaveCount(1)
  await expect(linhas.first()).toContainText(a.nome)
  await expect(linhas.first()).not.toContainText(b.nome)
  // Today's price, from the store's current menu (the cart's own pay button says the subtotal).
  await expect(page.getByRole('link', { name: /^Pagamento - / })).toContainText(formatMoney(a.pvp_com_iva * 2))
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/repetir.png`, fullPage: true })
  await expectAccessible(page)
})

test("'Repetir' after the store's POS changed a price: the cart and the checkout charge today's price", async ({
  page,
}) => {
  test.setTimeout(120_000)
  const conta = await createAccount(page)
  const { categorias } = await api<Catalogo>(page.request, `/api/catalogo/${LOJA}`)
  // The last plain product of the menu: the other journeys order the first ones, so its price moving is theirs unseen.
  const produto = categorias
    .flatMap((c) => c.produtos)
    .filter(
      (p) =>
        p.min_complementos === 0 &&
        !p.complementares.some((c) => c.obrigatorio) &&
        p.opcoes.length === 0 &&
        !p.esgotado &&
        !p.apenas_maiores &&
        p.contribuicao_embalagem === 0,
    )
    .at(-1)
  if (!produto) throw new Error('the demo has no plain product on 862')
  const { orderId } = await encomendarPelaApi(page.request, conta, {
    chave: `preco-${conta.telemovel}`,
    loja: LOJA,
    produto: produto.id,
  })
  await aprovarMbway(page.request, conta.telemovel)

  // The store's POS publishes its menu with that product 0,50 € dearer (as a POS does, the whole menu, a new hash).
  const pos = createStoreKey(LOJA)
  const original = demoEmentas().ementas.find((e) => e.id_loja === LOJA)?.ementa
  if (!original) throw new Error('no demo menu for 862')
  const publicar = async (ementa: typeof original) => {
    const res = await page.request.put('/api/loja/v1/ementa', {
      headers: { Authorization: `Bearer ${pos}`, 'Idempotency-Key': randomUUID() },
      data: ementa,
    })
    expect(res.ok(), await res.text()).toBe(true)
  }
  const novo = produto.pvp_com_iva + 50
  const alterada = structuredClone(original)
  for (const p of alterada.seccoes.flatMap((s) => s.familias.flatMap((f) => f.produtos))) {
    if (String(p.cod_produto) === produto.id) p.precovenda = novo / 100
  }
  alterada.hash = `${original.hash}-preco`
  await publicar(alterada)
  try {
    await expect
      .poll(async () => {
        const lida = await api<Catalogo>(page.request, `/api/catalogo/${LOJA}`)
        return lida.categorias.flatMap((c) => c.produtos).find((p) => p.id === produto.id)?.pvp_com_iva
      })
      .toBe(novo)

    await page.goto('/encomendas')
    const artigo = page
      .locator('main#conteudo')
      .getByRole('article')
      .filter({ hasText: `Pedido ${orderId}` })
    // The order as it was paid.
    await expect(artigo).toContainText(formatMoney(produto.pvp_com_iva))
    await artigo.getByRole('button', { name: `Repetir o pedido ${orderId}` }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Carrinho' })).toBeVisible()
    await expect(page.getByRole('link', { name: /^Pagamento - / })).toContainText(formatMoney(novo))
    await page.getByRole('link', { name: /^Pagamento - / }).click()
    await expect(page.getByRole('heading', { name: 'Finalizar encomenda' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Resumo antes de pagar' })).toContainText(formatMoney(novo))
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/repetir-preco.png`, fullPage: true })
  } finally {
    await publicar(original)
  }
})
