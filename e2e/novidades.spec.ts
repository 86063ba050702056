import type { Novidade, NovidadeResumo } from '../src/shared/conteudos.ts'
import { api, expect, expectAccessible, main, test } from './support.ts'

test('the home screen lists the news as cards, highlighted ones apart', async ({ page, request }) => {
  const novidades = await api<NovidadeResumo[]>(request, '/api/novidades')
  expect(novidades.length).toBeGreaterThan(2)
  await page.goto('/')
  const cards = main(page).getByRole('listitem')
  await expect(cards).toHaveCount(novidades.length)
  for (const [i, n] of novidades.entries()) {
    const card = cards.nth(i)
    await expect(card.getByRole('link')).toContainText(n.title)
    if (n.subtitle) await expect(card).toContainText(n.subtitle)
    // Images below the screen load as they come near it.
    await card.scrollIntoViewIfNeeded()
    await expect(card.locator('img')).toHaveAttribute('src', n.image.list ?? '')
    if (n.destaque) {
      await expect(card).toHaveClass(/card-destaque/)
      await expect(card.getByText('Destaque')).toBeVisible()
    } else {
      await expect(card).not.toHaveClass(/card-destaque/)
    }
  }
  // The images really load from our own server.
  const first = cards.first().locator('img')
  await expect(first).toHaveJSProperty('complete', true)
  expect(await first.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  await expectAccessible(page)
})

test('/novidades is the same list', async ({ page, request }) => {
  const novidades = await api<NovidadeResumo[]>(request, '/api/novidades')
  await page.goto('/novidades')
  await expect(main(page).getByRole('listitem')).toHaveCount(novidades.length)
})

test('a news card opens its detail: image, detail title, subtitle, text with its lines', async ({ page, request }) => {
  const [first] = await api<NovidadeResumo[]>(request, '/api/novidades')
  if (!first) throw new Error('no news in the demo content')
  const detail = await api<Novidade>(request, `/api/novidades/${first.tag}`)
  await page.goto('/')
  await main(page).getByRole('link', { name: first.title }).click()
  await expect(page).toHaveURL(`/novidades/${first.tag}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(detail.titleDetail)
  if (detail.subtitle) await expect(main(page).getByText(detail.subtitle, { exact: true })).toBeVisible()
  await expect(main(page).locator('img.detail-image')).toHaveAttribute('src', detail.image.detail ?? '')
  const text = main(page).locator('.rich-text')
  await expect(text).toHaveCSS('white-space', 'pre-line')
  // The first line as a person reads it: tags dropped, entities decoded by the browser.
  const firstLine = await page.evaluate((html) => {
    const el = document.createElement('div')
    el.innerHTML = html.split('\n')[0] ?? ''
    return (el.textContent ?? '').trim()
  }, detail.text)
  await expect(text).toContainText(firstLine)
  if (detail.text.includes('\n')) {
    // Multi-line text keeps its lines: the rendered block is taller than one line.
    const height = await text.evaluate((el) => el.getBoundingClientRect().height)
    expect(height).toBeGreaterThan(40)
  }
  await expectAccessible(page)
  await page.getByRole('link', { name: 'Voltar' }).click()
  await expect(page).toHaveURL('/')
})

test('an unknown news tag goes to /notfound', async ({ page }) => {
  await page.goto('/novidades/esta-novidade-nao-existe')
  await expect(page).toHaveURL('/notfound')
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible()
})
