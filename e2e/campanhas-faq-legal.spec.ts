import type { Campanha, CampanhaResumo, CategoriaFaq, InformacaoLegalResumo } from '../src/shared/conteudos.ts'
import { api, DESKTOP, expect, expectAccessible, main, PHONE, test } from './support.ts'

test('campaigns list and detail are public, with a Fechar link back', async ({ page, request }) => {
  const campanhas = await api<CampanhaResumo[]>(request, '/api/campanhas')
  expect(campanhas.length).toBeGreaterThan(0)
  await page.goto('/fidelizacao/campanhas')
  const cards = main(page).getByRole('listitem')
  await expect(cards).toHaveCount(campanhas.length)
  const [first] = campanhas
  if (!first) throw new Error('unreachable')
  await expect(cards.first().locator('img')).toHaveAttribute('src', first.image.list ?? '')
  await expectAccessible(page)
  await main(page).getByRole('link', { name: first.title }).click()
  await expect(page).toHaveURL(`/fidelizacao/campanhas/${first.tag}`)
  const detail = await api<Campanha>(request, `/api/campanhas/${first.tag}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(detail.titleDetail)
  if (detail.subtitle) await expect(main(page).getByText(detail.subtitle, { exact: true })).toBeVisible()
  await expectAccessible(page)
  await main(page).getByRole('link', { name: 'Fechar' }).click()
  await expect(page).toHaveURL('/fidelizacao/campanhas')
})

test('FAQ: categories, questions of a category, a question', async ({ page, request }) => {
  const categorias = await api<CategoriaFaq[]>(request, '/api/perguntas-frequentes')
  const categoria = categorias.find((c) => c.perguntas.length > 1)
  if (!categoria) throw new Error('the demo content needs a FAQ category with questions')
  await page.goto('/perguntas-frequentes')
  await expect(page.getByRole('heading', { level: 1, name: 'Perguntas frequentes' })).toBeVisible()
  for (const c of categorias) await expect(main(page).getByRole('link', { name: new RegExp(c.title) })).toBeVisible()
  await expectAccessible(page)
  await main(page)
    .getByRole('link', { name: new RegExp(categoria.title) })
    .click()
  await expect(page).toHaveURL(`/perguntas-frequentes/${categoria.tag}`)
  for (const p of categoria.perguntas) await expect(main(page).getByRole('link', { name: p.title })).toBeVisible()
  const [pergunta] = categoria.perguntas
  if (!pergunta) throw new Error('unreachable')
  await main(page).getByRole('link', { name: pergunta.title }).click()
  await expect(page).toHaveURL(`/perguntas-frequentes/${categoria.tag}/${pergunta.tag}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(pergunta.titleDetail)
  await expectAccessible(page)
})

test('FAQ: an unknown category or question goes to /notfound', async ({ page, request }) => {
  const [categoria] = await api<CategoriaFaq[]>(request, '/api/perguntas-frequentes')
  await page.goto('/perguntas-frequentes/nao-existe')
  await expect(page).toHaveURL('/notfound')
  await page.goto(`/perguntas-frequentes/${categoria?.tag}/nao-existe`)
  await expect(page).toHaveURL('/notfound')
})

test('legal information: the list, each page, and the fixed terms and privacy routes', async ({ page, request }) => {
  const items = await api<InformacaoLegalResumo[]>(request, '/api/informacao-legal')
  await page.goto('/informacao-legal')
  for (const item of items) await expect(main(page).getByRole('link', { name: item.title })).toBeVisible()
  await expectAccessible(page)
  const [first] = items
  if (!first) throw new Error('unreachable')
  await main(page).getByRole('link', { name: first.title }).click()
  await expect(page).toHaveURL(`/informacao-legal/${first.tag}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

  await page.goto('/termos/')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Termos')
  await expect(main(page)).toContainText('100 000')
  await page.goto('/politica-de-privacidade/')
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/[Pp]rivacidade/)
  await expectAccessible(page)
  await page.goto('/informacao-legal/nao-existe')
  await expect(page).toHaveURL('/notfound')
})

for (const [screen, options] of [
  ['phone', PHONE],
  ['computer', DESKTOP],
] as const) {
  test.describe(`on a ${screen}`, () => {
    test.use(options)

    test('a legal text reads as a document: headings, paragraphs and lists, spaced apart', async ({ page }) => {
      await page.goto('/termos/')
      const text = main(page).locator('article')
      const headings = text.getByRole('heading', { level: 2 })
      await expect(headings.first()).toBeVisible()
      expect(await headings.count()).toBeGreaterThanOrEqual(5)
      expect(await text.locator('p').count()).toBeGreaterThanOrEqual(5)
      const items = text.getByRole('list').first().getByRole('listitem')
      expect(await items.count()).toBeGreaterThanOrEqual(2)

      const px = (value: string) => Number.parseFloat(value)
      const style = (l: ReturnType<typeof text.locator>, property: 'marginTop' | 'marginBottom') =>
        l.evaluate((el, p) => getComputedStyle(el)[p], property)
      expect(px(await style(headings.nth(1), 'marginTop'))).toBeGreaterThan(0)
      expect(px(await style(text.locator('p').first(), 'marginBottom'))).toBeGreaterThan(0)
      expect(px(await style(text.getByRole('list').first(), 'marginBottom'))).toBeGreaterThan(0)
      expect(px(await style(items.nth(1), 'marginTop'))).toBeGreaterThan(0)
      // Each block starts below the end of the one before, with room between them, and no empty lines either.
      const tops = await text.locator('.rich-text > *').evaluateAll((blocks) =>
        blocks.map((b, i) => {
          const previous = blocks[i - 1]?.getBoundingClientRect()
          return previous ? b.getBoundingClientRect().top - previous.bottom : null
        }),
      )
      for (const gap of tops.slice(1)) {
        expect(gap).toBeGreaterThan(4)
        expect(gap).toBeLessThan(48)
      }
      await expectAccessible(page)
    })

    test('a guest reaches the campaigns from home and from the Conta page', async ({ page, request }) => {
      const campanhas = await api<CampanhaResumo[]>(request, '/api/campanhas')
      await page.goto('/')
      await main(page).getByRole('link', { name: 'Ver campanhas' }).click()
      await expect(page).toHaveURL('/fidelizacao/campanhas')
      await expect(main(page).getByRole('listitem')).toHaveCount(campanhas.length)
      await page.goto('/perfil')
      await expect(main(page).getByRole('link', { name: 'Iniciar sessão' })).toBeVisible()
      await main(page).getByRole('link', { name: 'Campanhas' }).click()
      await expect(page).toHaveURL('/fidelizacao/campanhas')
      await expect(main(page).getByRole('listitem')).toHaveCount(campanhas.length)
      await expectAccessible(page)
    })

    test('the question count of a FAQ category stays on one line', async ({ page }) => {
      await page.goto('/perguntas-frequentes')
      const counts = main(page).getByText(/^\d+ perguntas?$/)
      await expect(counts.first()).toBeVisible()
      for (const count of await counts.all()) {
        const lines = await count.evaluate((el) => {
          const range = document.createRange()
          range.selectNodeContents(el)
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size
        })
        expect(lines, (await count.textContent()) ?? undefined).toBe(1)
      }
    })
  })
}
