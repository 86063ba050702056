import type { Page } from '@playwright/test'
import { ALERGENIOS_DESCONHECIDOS } from '../src/shared/alergenios.ts'
import type { Catalogo, LojaEncomenda, ProdutoCatalogo } from '../src/shared/catalogo.ts'
import { temEscolhaObrigatoria } from '../src/web/features/encomendas/regras.ts'
import { createStoreKey } from './loja.ts'
import { api, aprovarMbway, createAccount, expect, expectAccessible, PHONE, test } from './support.ts'

/**
 * The whole menu (decision 0026), end to end on a phone: a customer with a gluten allergy filters the catalogue, opens a
 * dish, reads its allergens, orders half a portion with a note for the kitchen and pays with MB WAY (the sandbox); the
 * store's board shows the portion and the note.
 */

const LOJA = 862
/** Screenshots for a person to look at, when EMENTA_SHOTS names a folder (e.g. /tmp/shots-ementa). */
const SHOTS = process.env.EMENTA_SHOTS
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` })
}
const re = (texto: string) => new RegExp(texto.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
const euros = (c: number) => `${(c / 100).toFixed(2).replace('.', ',')} €`

test.use(PHONE)

const todos = (c: Catalogo) => c.categorias.flatMap((x) => x.produtos)
const temGluten = (p: ProdutoCatalogo) =>
  p.alergenios === null || [...p.alergenios, ...p.pode_conter].some((a) => a.codigo === 'gluten')

/** The device has chosen the store (as the 'Loja' modal leaves it). */
async function lojaEscolhida(page: Page) {
  await page.addInitScript((idLoja) => {
    if (!localStorage.getItem('balcao.encomenda')) {
      localStorage.setItem(
        'balcao.encomenda',
        JSON.stringify({ id_loja: idLoja, id_tipo_entrega: 0, usar_premio: 0, linhas: [] }),
      )
    }
  }, LOJA)
}

test('filters Sem glúten, reads a dish’s allergens, orders half a portion with a note, pays, and the board shows both', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000)
  const account = await createAccount(page)
  const key = createStoreKey(LOJA)
  const loja = (await api<LojaEncomenda[]>(page.request, '/api/lojas-encomenda')).find((l) => l.id_loja === LOJA)
  const catalogo = await api<Catalogo>(page.request, `/api/catalogo/${LOJA}`)
  // A dish without gluten, with a half portion, allergens and traces declared, and suggestions.
  const prato = todos(catalogo).find(
    (p) =>
      p.meia_dose &&
      p.pvp_meia_com_iva !== null &&
      !temGluten(p) &&
      (p.alergenios?.length ?? 0) > 0 &&
      p.pode_conter.length > 0 &&
      p.sugeridos.length > 0,
  )
  const desconhecido = todos(catalogo).find((p) => p.alergenios === null)
  const comGluten = todos(catalogo).find((p) => p.alergenios?.some((a) => a.codigo === 'gluten'))
  if (!loja || !prato?.alergenios || !desconhecido || !comGluten) {
    throw new Error('the demo menu of 862 lacks a half-portion dish without gluten, or an unknown-allergen product')
  }
  const meia = prato.pvp_meia_com_iva ?? 0

  await page.goto('/catalogo')
  const modal = page.getByRole('dialog', { name: 'Loja' })
  await modal.getByRole('radio', { name: re(loja.nome) }).check()
  await modal.getByRole('radio', { name: 'Take-Away' }).check()
  await modal.getByRole('button', { name: 'Confirmar' }).click()
  await expect(modal).toBeHidden()
  const semGluten = page.getByRole('button', { name: 'Sem glúten' })
  await expect(semGluten).toHaveAttribute('aria-pressed', 'false')
  await expect(page.getByRole('link', { name: re(desconhecido.nome) }).first()).toBeVisible()

  await semGluten.click()
  await expect(semGluten).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByText(/^1 filtro ativo · \d+ produtos$/)).toBeVisible()
  await shot(page, 'ementa-1-catalogo-sem-gluten')
  // Neither what contains gluten nor what the menu says nothing about is offered as safe: looked for on their own
  // category's page, which lists every product that passes (the catalogue shows only the first 4 of each).
  for (const escondido of [desconhecido, comGluten]) {
    await page.goto(`/catalogo/${escondido.idCategoria}`)
    await expect(page.getByText(/^1 filtro ativo · \d+ produtos?$/)).toBeVisible()
    await expect(page.getByRole('link', { name: new RegExp(`^${re(escondido.nome).source}`) })).toHaveCount(0)
  }
  await page.goto('/catalogo')
  const link = page.getByRole('link', { name: re(prato.nome) }).first()
  await link.scrollIntoViewIfNeeded()
  await expect(link).toBeVisible()
  await shot(page, 'ementa-2-catalogo-sem-gluten-sopas')
  await expectAccessible(page)

  // The device remembers it.
  await page.reload()
  await expect(page.getByRole('button', { name: 'Sem glúten' })).toHaveAttribute('aria-pressed', 'true')

  await page
    .getByRole('link', { name: re(prato.nome) })
    .first()
    .click()
  await expect(page.getByRole('heading', { level: 1, name: prato.nome })).toBeVisible()
  const alergenios = page.getByRole('region', { name: 'Alergénios' })
  await expect(alergenios.getByRole('heading', { name: 'Contém' })).toBeVisible()
  for (const a of prato.alergenios) {
    await expect(alergenios.getByRole('list', { name: 'Contém' }).getByText(a.nome, { exact: true })).toBeVisible()
  }
  for (const a of prato.pode_conter) {
    await expect(alergenios.getByRole('list', { name: 'Pode conter' }).getByText(a.nome, { exact: true })).toBeVisible()
  }
  // Dose by default; the half portion at its own price.
  await expect(page.getByRole('radio', { name: new RegExp(`^${prato.rotulo_dose} `) })).toBeChecked()
  await page.getByRole('radio', { name: new RegExp(`^${prato.rotulo_meia} `) }).check()
  const nota = page.getByLabel('Observações para a cozinha')
  await expect(nota).toHaveAttribute('placeholder', 'Sem cebola')
  await nota.fill('Sem cebola')
  await expect(page.getByText('10/140 caracteres')).toBeVisible()
  const sugestoes = page.getByRole('region', { name: 'Acompanha bem com' })
  await expect(sugestoes.getByRole('listitem')).toHaveCount(prato.sugeridos.length)
  await page.evaluate(() => window.scrollTo(0, 0))
  await shot(page, 'ementa-3-produto-alergenios')
  await page.getByRole('group', { name: 'Porção' }).scrollIntoViewIfNeeded()
  await page.evaluate(() => window.scrollBy(0, 200))
  await shot(page, 'ementa-4-produto-porcao')
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await shot(page, 'ementa-5-produto-nota-sugestoes')
  await expectAccessible(page)
  await page.getByRole('button', { name: `Adicionar - ${euros(meia)}` }).click()

  await page.getByRole('link', { name: /Ver carrinho/ }).click()
  await expect(page.getByRole('heading', { name: 'Carrinho' })).toBeVisible()
  const linha = page.getByRole('listitem').filter({ hasText: prato.nome })
  await expect(linha).toContainText(prato.rotulo_meia)
  await expect(linha).toContainText('Observações: Sem cebola')
  await expect(linha).toContainText(euros(meia))
  await shot(page, 'ementa-6-carrinho')
  await expectAccessible(page)
  await page.getByRole('link', { name: `Pagamento - ${euros(meia)}` }).click()

  await expect(page.getByRole('heading', { name: 'Finalizar encomenda' })).toBeVisible()
  const resumo = page.getByRole('region', { name: 'A sua encomenda' })
  await expect(resumo).toContainText(`1 × ${prato.nome} ${prato.rotulo_meia}`)
  await expect(resumo).toContainText('Observações: Sem cebola')
  await page.getByRole('checkbox', { name: /Li e aceito/ }).check()
  await page.getByRole('button', { name: 'Finalizar' }).click()
  await expect(page.getByRole('heading', { name: 'Pagamento em curso' })).toBeVisible()

  const board = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } })
  try {
    const tablet = await board.newPage()
    await tablet.goto('/painel/entrar')
    await tablet.getByLabel('Chave da loja', { exact: true }).fill(key)
    await tablet.getByRole('button', { name: 'Entrar' }).click()
    await expect(tablet).toHaveURL(/\/painel\/caixa$/)
    await tablet.getByRole('link', { name: 'Encomendas' }).click()
    await expect(tablet.getByRole('heading', { name: 'Encomendas', level: 1 })).toBeVisible()

    expect((await aprovarMbway(page.request, account.telemovel)).valor).toBe(meia)
    await expect(page.getByText(/^Recebemos o seu pedido - \d+ minutos$/)).toBeVisible()
    const orderId = Number(new URL(page.url()).searchParams.get('encomenda'))
    const confirmada = page.getByRole('listitem').filter({ hasText: prato.nome })
    await expect(confirmada).toContainText(`1 × ${prato.nome} Meia dose`)
    await expect(confirmada).toContainText('Observações: Sem cebola')
    await shot(page, 'ementa-7-confirmado')

    const cartao = tablet.getByRole('listitem').filter({ hasText: `Pedido ${orderId}` })
    await expect(cartao).toBeVisible()
    const produto = cartao.getByRole('list', { name: 'Produtos' }).getByRole('listitem').filter({ hasText: prato.nome })
    await expect(produto).toContainText('Meia dose')
    await expect(produto).toContainText('Observações: Sem cebola')
    if (SHOTS) await tablet.screenshot({ path: `${SHOTS}/ementa-8-quadro.png` })
    await expectAccessible(tablet)
  } finally {
    await board.close()
  }
})

test('a mandatory choice blocks Adicionar and says what is missing; unknown allergens are said to be unknown', async ({
  page,
}) => {
  const catalogo = await api<Catalogo>(page.request, `/api/catalogo/${LOJA}`)
  const menu = todos(catalogo).find((p) => p.grupos_opcoes.some((g) => g.min > 0) && p.min_complementos === 0)
  const desconhecido = todos(catalogo).find((p) => p.alergenios === null)
  if (!menu || !desconhecido) throw new Error('the demo menu of 862 lacks a menu with a mandatory choice')
  await createAccount(page)
  await lojaEscolhida(page)

  await page.goto(`/catalogo/${desconhecido.idCategoria}/${desconhecido.id}`)
  await expect(page.getByRole('heading', { level: 1, name: desconhecido.nome })).toBeVisible()
  const alergenios = page.getByRole('region', { name: 'Alergénios' })
  await expect(alergenios).toContainText(ALERGENIOS_DESCONHECIDOS)
  await expect(alergenios.getByRole('list')).toHaveCount(0)

  await page.goto(`/catalogo/${menu.idCategoria}/${menu.id}`)
  await expect(page.getByRole('heading', { level: 1, name: menu.nome })).toBeVisible()
  const adicionar = page.getByRole('button', { name: /^Adicionar - / })
  await expect(adicionar).toBeDisabled()
  const obrigatorios = menu.grupos_opcoes.filter((g) => g.min > 0)
  for (const g of obrigatorios) {
    await expect(page.getByText(`Falta escolher: ${g.nome}.`)).toBeVisible()
  }
  await expectAccessible(page)
  for (const g of obrigatorios) {
    const opcao = menu.opcoes.find((o) => o.grupo === g.id)
    if (!opcao) throw new Error(`no option in ${g.nome}`)
    await page.getByRole('group', { name: g.nome }).getByRole('checkbox', { name: opcao.nome, exact: true }).check()
    await expect(page.getByText(`Falta escolher: ${g.nome}.`)).toBeHidden()
  }
  await expect(adicionar).toBeEnabled()
})

test('the catalogue’s allergen filters combine, count, clear, and say when nothing is left', async ({ page }) => {
  await createAccount(page)
  await lojaEscolhida(page)
  await page.goto('/catalogo')
  await page.getByRole('button', { name: 'Alergénios' }).click()
  const painel = page.getByRole('group', { name: 'Evitar alergénios' })
  await expect(painel.getByRole('checkbox')).toHaveCount(14)
  await page.getByRole('button', { name: 'Vegetariano' }).click()
  for (const nome of ['Glúten', 'Leite', 'Ovos', 'Peixes', 'Sésamo', 'Aipo', 'Soja']) {
    await painel.getByRole('checkbox', { name: nome }).check()
  }
  await expect(page.getByText(/^8 filtros ativos · \d+ produtos?$/)).toBeVisible()
  // 'Sem glúten' and avoiding gluten are one and the same choice.
  await page.getByRole('button', { name: 'Sem glúten' }).click()
  await expect(page.getByText(/^8 filtros ativos/)).toBeVisible()
  await expectAccessible(page)
  for (const nome of [
    'Sulfitos',
    'Mostarda',
    'Frutos de casca rija',
    'Crustáceos',
    'Moluscos',
    'Amendoins',
    'Tremoço',
  ]) {
    await painel.getByRole('checkbox', { name: nome }).check()
  }
  // Only what declares none of the 14 and is vegetarian is left; a category of pastry has nothing left, and says so.
  const catalogo = await api<Catalogo>(page.request, `/api/catalogo/${LOJA}`)
  const restam = todos(catalogo).filter(
    (p) => p.vegetariano && p.alergenios?.length === 0 && p.pode_conter.length === 0,
  )
  if (restam.length === 0) throw new Error('the demo menu of 862 has no vegetarian product free of the 14')
  await expect(
    page.getByText(`15 filtros ativos · ${restam.length === 1 ? '1 produto' : `${restam.length} produtos`}`),
  ).toBeVisible()
  for (const categoria of new Set(restam.map((p) => p.idCategoria))) {
    await page.goto(`/catalogo/${categoria}`)
    const esperados = restam.filter((p) => p.idCategoria === categoria).map((p) => p.nome)
    const lista = page.locator('.enc-lista-item')
    await expect(lista).toHaveCount(esperados.length)
    expect((await lista.locator('.enc-produto-nome').allTextContents()).sort()).toEqual(esperados.sort())
  }
  const pastelaria = catalogo.categorias.find((c) =>
    c.produtos.every((p) => p.alergenios === null || p.alergenios.length > 0),
  )
  if (!pastelaria) throw new Error('no category where every product declares an allergen')
  await page.goto(`/catalogo/${pastelaria.id}`)
  await expect(page.getByText('Nenhum produto desta categoria corresponde aos filtros escolhidos.')).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Limpar filtros' }).last().click()
  await expect(page.getByText(/filtros? ativos?/)).toHaveCount(0)
  await expect(page.getByRole('link', { name: re(pastelaria.produtos[0]?.nome ?? '') })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sem glúten' })).toHaveAttribute('aria-pressed', 'false')
})

test('Acompanha bem com: allergens on screen, one tap only for what passes the filters, back to the first product', async ({
  page,
}) => {
  const catalogo = await api<Catalogo>(page.request, `/api/catalogo/${LOJA}`)
  const porId = new Map(todos(catalogo).map((p) => [p.id, p]))
  const sugeridos = (a: ProdutoCatalogo) =>
    a.sugeridos.flatMap((id) => {
      const s = porId.get(id)
      return s && s.id !== a.id ? [s] : []
    })
  const simples = (p: ProdutoCatalogo) => !p.esgotado && !temEscolhaObrigatoria(p)
  // A product suggesting one that passes 'Sem glúten' and adds with one tap; one suggesting a simple one that does not.
  const a = todos(catalogo).find((x) => sugeridos(x).some((s) => !temGluten(s) && simples(s)))
  const b = a && sugeridos(a).find((s) => !temGluten(s) && simples(s))
  const c = todos(catalogo).find((x) => sugeridos(x).some((s) => temGluten(s) && simples(s)))
  const d = c && sugeridos(c).find((s) => temGluten(s) && simples(s))
  if (!a || !b || !c || !d) throw new Error('the demo menu of 862 lacks suggestions on both sides of Sem glúten')
  await createAccount(page)
  await lojaEscolhida(page)
  await page.addInitScript(() =>
    localStorage.setItem(
      'balcao.filtros',
      JSON.stringify({ semGluten: true, semLactose: false, vegetariano: false, evitar: [] }),
    ),
  )

  await page.goto(`/catalogo/${a.idCategoria}/${a.id}`)
  await expect(page.getByRole('heading', { level: 1, name: a.nome })).toBeVisible()
  const sugestoes = page.getByRole('region', { name: 'Acompanha bem com' })
  const itemB = sugestoes.getByRole('listitem').filter({ has: page.getByRole('link', { name: b.nome, exact: true }) })
  const contem = b.alergenios?.length ? `Contém: ${b.alergenios.map((x) => x.nome).join(', ')}` : null
  await expect(itemB).toContainText(contem ?? (b.pode_conter.length ? 'Pode conter: ' : 'Sem alergénios a declarar'))
  await expect(itemB).not.toContainText('Não corresponde aos seus filtros')
  await itemB.getByRole('button', { name: `Adicionar ${b.nome}` }).click()
  await expect(sugestoes.getByText(`Adicionado ao carrinho: 1 × ${b.nome} (1 no carrinho)`)).toBeVisible()
  // The same again is a new announcement, so a screen reader reads it out again.
  await itemB.getByRole('button', { name: `Adicionar ${b.nome}` }).click()
  await expect(sugestoes.getByText(`Adicionado ao carrinho: 1 × ${b.nome} (2 no carrinho)`)).toBeVisible()
  await itemB.scrollIntoViewIfNeeded()
  await shot(page, 'ementa-fix-1-sugestao-adicionada')

  await page.goto(`/catalogo/${c.idCategoria}/${c.id}`)
  await expect(page.getByRole('heading', { level: 1, name: c.nome })).toBeVisible()
  const itemD = sugestoes.getByRole('listitem').filter({ has: page.getByRole('link', { name: d.nome, exact: true }) })
  await expect(itemD).toContainText(/Não corresponde aos seus filtros: (contém|pode conter|sem informação)/)
  await expect(itemD).toContainText(d.alergenios === null ? ALERGENIOS_DESCONHECIDOS : /(Contém|Pode conter): .*Glúten/)
  await expect(itemD.getByRole('button', { name: `Adicionar ${d.nome}` })).toHaveCount(0)
  await itemD.scrollIntoViewIfNeeded()
  await shot(page, 'ementa-fix-2-sugestao-fora-dos-filtros')
  await expectAccessible(page)
  // 'Escolher' opens its page with its allergens in full; 'Adicionar' there comes back to the first product.
  await itemD.getByRole('link', { name: `Escolher ${d.nome}` }).click()
  await expect(page.getByRole('heading', { level: 1, name: d.nome })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Alergénios' })).toBeVisible()
  await page.getByRole('button', { name: /^Adicionar - / }).click()
  await expect(page.getByRole('heading', { level: 1, name: c.nome })).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/catalogo/${c.idCategoria}/${c.id}$`))
})
