import type { Catalogo } from '../src/shared/catalogo.ts'
import { formatMoney } from '../src/shared/format.ts'
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
