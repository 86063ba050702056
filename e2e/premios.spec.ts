import { createStoreKey, pos, revokeStoreKey } from './loja.ts'
import { api, apiPost, createAccount, escolherLojaNoCatalogo, expect, main, test } from './support.ts'

interface Catalogo {
  categorias: { id: string; produtos: { id: string; nome: string; idCategoria?: string }[] }[]
}

/**
 * What a reward is (decision 0051), as a customer meets it: the card names it ('Tem 1 prémio: Café oferta.', the demo's
 * reward, the menus' Bica), and the checkout takes it off an order with a Bica in the cart.
 */
test('a customer sees what their reward is and uses it at the checkout', async ({ page }) => {
  const etiqueta = `e2e-premio-${Date.now()}`
  const chave = createStoreKey(862, etiqueta)
  try {
    await createAccount(page)
    const { user } = await apiPost<{ user: { data: { id: number; qrCode: string } } }>(
      page.request,
      '/api/refresh-private-data',
      { value: true },
    )
    // 100 € at the till: 100 points, one reward.
    const caixa = pos(page.request, chave)
    await caixa.identify({ qr: user.data.qrCode })
    await caixa.purchase(user.data.id, 10_000)

    await page.goto('/fidelizacao')
    await expect(main(page).getByText('Tem 1 prémio: Café oferta.')).toBeVisible()
    await expect(main(page)).toContainText('Faltam 100 pontos para o próximo prémio: Café oferta.')

    const { categorias } = await api<Catalogo>(page.request, '/api/catalogo/862')
    const categoria = categorias.find((c) => c.produtos.some((p) => p.id === '1001'))
    expect(categoria, 'the demo menu has the Bica').toBeDefined()
    await escolherLojaNoCatalogo(page)
    await page.goto(`/catalogo/${categoria?.id}/1001`)
    await page.getByRole('button', { name: /^Adicionar - / }).click()
    await page.goto('/carrinho')
    await page.getByRole('link', { name: /^Pagamento - / }).click()
    await expect(page.getByRole('heading', { name: 'Finalizar encomenda' })).toBeVisible()
    // The balance it just earned is asked about first: kept.
    const rebater = page.getByRole('alertdialog', { name: 'Rebater Oferta' })
    await rebater.getByRole('button', { name: 'Manter em conta' }).click()

    const usar = page.getByRole('checkbox', { name: /^Usar prémio: Café oferta \(−0,90 €\)/ })
    await expect(usar).toBeVisible()
    const resumo = page.locator('.chk-total')
    await expect(resumo).toContainText('0,90 €')
    await usar.check()
    await expect(page.getByText('Prémio', { exact: true })).toBeVisible()
    await expect(resumo).toContainText('0,00 €')

    await page.getByRole('checkbox', { name: /Li e aceito/ }).check()
    await page.getByRole('button', { name: 'Finalizar e pagar' }).click()
    // Nothing left to pay: the reward paid it all, and the order is the store's at once.
    await expect(main(page).getByText(/Recebemos o seu pedido/)).toBeVisible()
    await expect(main(page).getByText('Subtotal0,90 €Desconto-0,90 €')).toBeVisible()
    const depois = await apiPost<{ user: { data: { itens: number } } }>(page.request, '/api/refresh-private-data', {
      value: true,
    })
    expect(depois.user.data.itens).toBe(0)
  } finally {
    revokeStoreKey(etiqueta)
  }
})
