import type { Page } from '@playwright/test'
import type { PrivateData } from '../src/shared/conta.ts'
import { createStoreKey, pos } from './loja.ts'
import { apiPost, createAccount, DESKTOP, expect, expectAccessible, main, PHONE, test } from './support.ts'

/**
 * How the loyalty screens read on a phone and on a computer: what the customer can spend leads, and the transactions
 * table keeps the shop's words and each amount with its '€'.
 */

/** A customer with a purchase of 20,00 € (1,00 € of balance to spend, nothing saved yet) and a few more. */
async function comCompras(page: Page, totais: number[]) {
  await createAccount(page)
  const { user } = await apiPost<PrivateData>(page.request, '/api/refresh-private-data', { value: true })
  const caixa = pos(page.request, createStoreKey(862))
  const { cliente } = await caixa.identify({ qr: user.data?.qrCode ?? '' })
  for (const total of totais) await caixa.purchase(cliente.id, total)
}

/** Words of `selector`'s elements split over two lines, and amounts whose '€' went to another line than its number. */
function partidos(page: Page, selector: string) {
  return main(page)
    .locator(selector)
    .evaluateAll((elements) => {
      const lines = (node: Text, start: number, end: number) => {
        const range = document.createRange()
        range.setStart(node, start)
        range.setEnd(node, end)
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size
      }
      const found: string[] = []
      for (const element of elements) {
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
        for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
          const text = node.data
          for (const m of text.matchAll(/[+-]?\d[\d\u00a0 ]*,\d{2}[\s\u00a0]€|[^\s\u00a0·]+/g)) {
            if (lines(node, m.index, m.index + m[0].length) > 1) found.push(m[0])
          }
        }
      }
      return found
    })
}

for (const [screen, options] of [
  ['phone', PHONE],
  ['computer', DESKTOP],
] as const) {
  test.describe(`on a ${screen}`, () => {
    test.use(options)

    test('the loyalty screen leads with the balance to spend, beside Já poupou', async ({ page }) => {
      await comCompras(page, [2000])
      await page.goto('/fidelizacao')
      const cartao = main(page).getByRole('region', { name: 'Saldo e pontos' })
      const termos = cartao.locator('.fid-valores dt')
      const valores = cartao.locator('.fid-valores dd')
      await expect(termos).toHaveText(['Saldo disponível', 'Já poupou'])
      await expect(valores).toHaveText(['1,00 €', '0,00 €'])
      const [saldo, poupou] = [await valores.nth(0).boundingBox(), await valores.nth(1).boundingBox()]
      if (!saldo || !poupou) throw new Error('unreachable')
      // Side by side, the balance first and the larger.
      expect(saldo.x + saldo.width).toBeLessThanOrEqual(poupou.x)
      expect(Math.abs(saldo.y - poupou.y)).toBeLessThan(saldo.height)
      const size = (i: number) => valores.nth(i).evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize))
      expect(await size(0)).toBeGreaterThan(await size(1))
      expect(await partidos(page, '.fid-valores dd')).toEqual([])
      await expectAccessible(page)
    })

    test('the transactions table keeps the shop’s name whole and each amount with its €', async ({ page }) => {
      await comCompras(page, [2000, 150, 123456])
      for (const path of ['/fidelizacao', '/fidelizacao/transacoes']) {
        await page.goto(path)
        const nomes = main(page).locator('.transacao-loja-nome')
        await expect(nomes.first()).toBeVisible()
        expect(await partidos(page, '.transacao-loja-nome'), path).toEqual([])
        expect(await partidos(page, 'table.transacoes tbody'), path).toEqual([])
      }
    })
  })
}
