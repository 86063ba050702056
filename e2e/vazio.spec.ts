import Database from 'better-sqlite3'
import { emptyBaseURL, emptyDatabaseFile, expect, expectAccessible, main, test } from './support.ts'

// These run in order against the second server: first with no content at all, then with a single restaurant added.
test.describe.configure({ mode: 'serial' })
test.use({ baseURL: emptyBaseURL })

test('every list says it is empty', async ({ page }) => {
  const cases: [string, string][] = [
    ['/', 'Não existe conteúdo'],
    ['/novidades', 'Não existe conteúdo'],
    ['/restaurantes', 'Não existem restaurantes'],
    ['/fidelizacao/campanhas', 'Não existem campanhas'],
    ['/perguntas-frequentes', 'Não existem perguntas frequentes'],
    ['/informacao-legal', 'Não existe informação legal'],
  ]
  for (const [path, text] of cases) {
    await page.goto(path)
    await expect(main(page).getByText(text, { exact: true }), path).toBeVisible()
  }
  await expectAccessible(page)
})

test('with a single restaurant, the list opens it; with no store it says so', async ({ page }) => {
  const db = new Database(emptyDatabaseFile)
  try {
    db.prepare("insert into restaurantes (tag, name, title, posicao) values ('unico', 'Único', 'O Único', 0)").run()
  } finally {
    db.close()
  }
  await page.goto('/restaurantes')
  await expect(page).toHaveURL('/restaurantes/unico')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Único')
  await expect(main(page).getByText('O Único', { exact: true })).toBeVisible()
  await expect(main(page).getByText('Não existe loja', { exact: true })).toBeVisible()
})

test('a FAQ category without questions says so', async ({ page }) => {
  const db = new Database(emptyDatabaseFile)
  try {
    db.prepare("insert into faq_categorias (tag, title, posicao) values ('geral', 'Geral', 0)").run()
  } finally {
    db.close()
  }
  await page.goto('/perguntas-frequentes/geral')
  await expect(main(page).getByText('Não existe categoria', { exact: true })).toBeVisible()
})
