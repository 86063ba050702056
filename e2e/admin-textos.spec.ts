import { randomUUID } from 'node:crypto'
import { adminNaConsola } from './admin-support.ts'
import { DESKTOP, expect, expectAccessible, main, test } from './support.ts'

/**
 * The back-office's texts and keys: an admin writes a FAQ question (its preview sanitised as the app
 * shows it), publishes it and the customer's FAQ shows it; an admin creates a store key, sees it once, the Store API
 * takes it, and revoking it ends it at once. Axe-clean at 1280×800 and on a 10" tablet (800×1280).
 */

const CATEGORIA = 'Programa de fidelização'
const CATEGORIA_TAG = 'programa-de-fidelizacao'
const TABLET = { width: 800, height: 1280 }

test.use({ ...DESKTOP })

test('an admin writes a FAQ question with a sanitised preview, publishes it, and the customer sees it', async ({
  page,
}) => {
  test.setTimeout(60_000)
  await adminNaConsola(page, 'faq')
  await page.getByRole('navigation', { name: 'Secções' }).getByRole('link', { name: 'FAQ' }).click()
  await expect(page.getByRole('heading', { name: 'Perguntas frequentes', level: 1 })).toBeVisible()
  const categorias = page.getByRole('region', { name: 'Categorias' })
  await expect(categorias.getByRole('row').filter({ hasText: CATEGORIA })).toContainText('Publicado')
  await expectAccessible(page)

  const sufixo = randomUUID().slice(0, 6)
  const titulo = `Posso juntar pontos de duas contas? ${sufixo}`
  const perguntas = page.getByRole('region', { name: 'Perguntas' })
  await perguntas.getByRole('combobox', { name: 'Categoria' }).selectOption(CATEGORIA)
  await perguntas.getByRole('textbox', { name: 'Pergunta', exact: true }).fill(titulo)
  await perguntas
    .getByRole('textbox', { name: 'Resposta' })
    .fill('<p>Não: cada pessoa tem <strong>uma</strong> conta.</p><script>alert(1)</script><p onclick="x()">Fim.</p>')
  await perguntas.getByRole('button', { name: 'Pré-visualizar' }).click()
  const previsao = perguntas.getByRole('region', { name: 'Pré-visualização' })
  await expect(previsao.locator('strong')).toHaveText('uma')
  await expect(previsao.locator('script, [onclick]')).toHaveCount(0)
  await perguntas.getByRole('textbox', { name: 'Identificador (URL)' }).fill(`juntar-contas-${sufixo}`)
  await perguntas.getByRole('spinbutton', { name: 'Posição' }).fill('99')
  await page.screenshot({ path: 'test-results/admin-faq-1280.png', fullPage: true })
  await expectAccessible(page)
  await perguntas.getByRole('button', { name: 'Criar pergunta' }).click()
  await expect(page.getByRole('status').filter({ hasText: `«${titulo}» foi criada como rascunho.` })).toBeVisible()
  await page.getByRole('button', { name: `Publicar «${titulo}»` }).click()
  await expect(page.getByRole('row').filter({ hasText: titulo })).toContainText('Publicado')

  await page.setViewportSize(TABLET)
  await expectAccessible(page)
  await page.screenshot({ path: 'test-results/admin-faq-800.png', fullPage: true })

  // The customer's FAQ, at once (the read cache and its ETag moved with the change).
  await page.goto(`/perguntas-frequentes/${CATEGORIA_TAG}`)
  await main(page).getByRole('link', { name: titulo }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titulo)
  await expect(main(page).locator('strong', { hasText: 'uma' })).toBeVisible()
})

test('legal contents: the list and the editor with its preview, axe-clean on both screens', async ({ page }) => {
  test.setTimeout(60_000)
  await adminNaConsola(page, 'legais')
  await page.getByRole('navigation', { name: 'Secções' }).getByRole('link', { name: 'Conteúdos legais' }).click()
  await expect(page.getByRole('heading', { name: 'Conteúdos legais', level: 1 })).toBeVisible()
  const termos = page.getByRole('row').filter({ hasText: 'Termos e Condições' })
  await expect(termos).toContainText('Sim')
  await expect(termos.getByRole('button', { name: /Apagar/ })).toHaveCount(0)
  await termos.getByRole('button', { name: /Editar/ }).click()
  await page.getByRole('button', { name: 'Pré-visualizar' }).click()
  await expect(page.getByRole('region', { name: 'Pré-visualização' }).locator('h2').first()).toBeVisible()
  await expectAccessible(page)
  await page.screenshot({ path: 'test-results/admin-legais-1280.png', fullPage: true })
  await page.setViewportSize(TABLET)
  await expectAccessible(page)
})

test('an admin creates a store key, sees it once, the Store API takes it, and revokes it', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000)
  await adminNaConsola(page, 'chaves')
  await page.getByRole('navigation', { name: 'Secções' }).getByRole('link', { name: 'Chaves de loja' }).click()
  await expect(page.getByRole('heading', { name: 'Chaves de loja', level: 1 })).toBeVisible()
  await expectAccessible(page)

  const etiqueta = `caixa-e2e-${randomUUID().slice(0, 6)}`
  const criar = page.getByRole('region', { name: 'Nova chave' })
  await criar
    .getByRole('combobox', { name: 'Loja' })
    .selectOption({ label: 'Nata & Grão Santa Catarina (Nata & Grão)' })
  await criar.getByRole('textbox', { name: 'Etiqueta' }).fill(etiqueta)
  await criar.getByRole('button', { name: 'Criar chave' }).click()
  const chave = ((await page.getByTestId('chave-nova').textContent()) ?? '').trim()
  expect(chave).toMatch(/^loja_/)
  const linha = page.getByRole('row').filter({ hasText: etiqueta })
  await expect(linha).toContainText('Nunca')
  await expect(linha).toContainText('Ativa')
  await page.screenshot({ path: 'test-results/admin-chaves-1280.png', fullPage: true })
  await expectAccessible(page)

  const loja = (c: string) =>
    request.get('/api/loja/v1/encomendas?estado=1', { headers: { authorization: `Bearer ${c}` } })
  expect((await loja(chave)).status()).toBe(200)

  // Shown once: gone from the page once dismissed, and never in the list.
  await page.getByRole('button', { name: 'Já guardei a chave' }).click()
  await page.reload()
  await expect(page.getByText(chave)).toHaveCount(0)
  await expect(linha).not.toContainText('Nunca')

  await page.setViewportSize(TABLET)
  await expectAccessible(page)
  await page.screenshot({ path: 'test-results/admin-chaves-800.png', fullPage: true })
  await linha.getByRole('button', { name: `Revogar «${etiqueta}»` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revogar', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: `A chave «${etiqueta}» foi revogada` })).toBeVisible()
  await expect(linha).toContainText('Revogada em')
  expect((await loja(chave)).status()).toBe(401)
})
