import { randomUUID } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type APIRequestContext, devices, type Locator, type Page } from '@playwright/test'
import { generate } from 'otplib'
import { adminPaths } from '../src/shared/admin.ts'
import { SECCOES_ADMIN } from '../src/shared/admin-seccoes.ts'
import type { Catalogo } from '../src/shared/catalogo.ts'
import type { CategoriaFaq, InformacaoLegalResumo, NovidadeResumo } from '../src/shared/conteudos.ts'
import type { Loja, RestauranteResumo } from '../src/shared/restaurantes.ts'
import { href, paths } from '../src/shared/routes.ts'
import { adminCreate } from './admin-support.ts'
import { createStoreKey, pos } from './loja.ts'
import {
  type Account,
  api,
  apiPost,
  aprovarMbway,
  createAccount,
  DESKTOP,
  encomendarPelaApi,
  expect,
  main,
  randomPhone,
  smsCode,
  test,
} from './support.ts'
import { wcagViolations } from './wcag.ts'

/**
 * The accessibility statement's promise, checked (decision record 0040): axe's WCAG 2.1 AA rules (levels A and AA of
 * 2.0 and 2.1, every impact) find nothing on any customer, counter or back-office screen, on a phone (the project's
 * Pixel 7) and on a computer (1280×800), with the dialogs that belong to a screen open too, and its refusals shown; and
 * no page is wider than the screen (reflow, which axe does not check). The screens come from the route tables
 * (shared/routes.ts, shared/admin.ts, and the routers that mount them): a route neither swept here nor excluded with
 * its reason fails the first test.
 *
 * One browser per area, signed in once; each screen is read at both sizes in one document, resized as a window is
 * (the Pixel 7's touch emulation stays), which halves the navigations and axe's injections. Every violation of an area
 * is listed at once, at its end. A11Y_SHOTS=<folder> keeps a full-page picture of each screen at each size;
 * A11Y_TIMING=1 prints each screen's times.
 */

const LOJA = 862
/** The accessibility statement's page, once the route table has it. */
const DECLARACAO = Object.values(paths as Record<string, string>).find((p) => p === '/acessibilidade')
const { defaultBrowserType: _, ...PIXEL_7 } = devices['Pixel 7']

/** The screens each area's journey reads, in its order: `Varredura.fim` checks each was read. */
const AREAS = {
  publico: [
    paths.onboarding,
    paths.home,
    paths.novidades,
    paths.novidade,
    paths.campanhas,
    paths.campanha,
    paths.restaurantes,
    paths.restaurante,
    paths.loja,
    paths.mapa,
    paths.menus,
    paths.menu,
    paths.perguntasFrequentes,
    paths.perguntasFrequentesCategoria,
    paths.perguntasFrequentesPergunta,
    paths.informacaoLegal,
    paths.informacaoLegalConteudo,
    ...(DECLARACAO ? [DECLARACAO] : []),
    paths.termos,
    paths.politicaDePrivacidade,
    paths.notfound,
    paths.perfil,
    paths.login,
    paths.signup,
    paths.informacaoLegalConteudoSignup,
    paths.confirmSignup,
    paths.reset,
    paths.confirmReset,
  ],
  conta: [
    paths.perfil,
    paths.alterarDadosPessoais,
    paths.alterarPassword,
    paths.alterarTelemovel,
    paths.confirmPhoneChange,
    paths.chaveSeguranca,
    paths.fidelizacao,
    paths.qr,
    paths.transacoes,
    paths.alterarNif,
    paths.opiniao,
    paths.opiniaoTransacao,
    paths.notificacoes,
    paths.rgpd,
    paths.rgpdComunicacao,
    paths.rgpdEsquecimento,
    paths.rgpdPortabilidade,
    paths.rgpdEsquecimentoLink,
    paths.rgpdPortabilidadeLink,
    paths.cancelarConta,
  ],
  encomenda: [
    paths.catalogo,
    paths.categoria,
    paths.produto,
    paths.carrinho,
    paths.finalizarPasso1,
    paths.informacaoLegalConteudoFinalizar,
    paths.finalizarPassoPagamento,
    paths.finalizarPasso2,
    paths.minhasEncomendas,
    paths.mesa,
  ],
  painel: [paths.painelEntrar, paths.painelCaixa, paths.painelEncomendas, paths.painelHoje, paths.painelSair],
  backOffice: [
    adminPaths.entrar,
    adminPaths.alterarPassword,
    adminPaths.inscreverTotp,
    // Every section of the navigation, a new one included, in its order.
    ...SECCOES_ADMIN.map((s) => s.pagina),
    adminPaths.cliente,
    adminPaths.mesas,
    adminPaths.convite,
    adminPaths.verificarTotp,
  ],
} as const satisfies Record<string, readonly string[]>

/**
 * Routes of the tables not swept, each with its reason. The terms dialog ('Atualizámos os Termos e Condições') is not a
 * route: it is checked with these rules in termos-aceitacao.spec.ts, the one journey that may publish new terms.
 */
const EXCLUIDAS: Record<string, string> = {
  [paths.logout]: 'no screen of its own: it ends the session and goes straight to the home page, swept',
  '*': 'any other path shows the not-found screen, swept at /notfound',
  '/index.html': 'a redirect to the home page, swept',
  '/admin/*': 'the mount of the back-office, whose pages are adminPaths, swept one by one',
}

/** A route pattern as a regular expression over a browser path. */
const padrao = (rota: string) =>
  new RegExp(`^${rota.replace(/\/$/, '').replace(/:\w+/g, '[^/]+')}/?$`.replace('^/?$', '^/$'))

/**
 * The routes the app's routers mount: the shared tables, and any literal path written in a router (a route added
 * there without its table entry is counted too).
 */
function rotasDasTabelas(): Set<string> {
  const rotas = new Set<string>([...Object.values(paths), ...Object.values(adminPaths)])
  const web = 'src/web'
  const routers = [
    join(web, 'app/router.tsx'),
    ...readdirSync(join(web, 'features'), { recursive: true, encoding: 'utf8' })
      .filter((f) => /(^|\/)routes\.tsx$/.test(f))
      .map((f) => join(web, 'features', f)),
  ]
  for (const ficheiro of routers) {
    for (const [, p] of readFileSync(ficheiro, 'utf8').matchAll(/path:\s*'([^']+)'/g)) rotas.add(p as string)
  }
  // The back-office's own router: paths relative to /admin.
  for (const [, p] of readFileSync(join(web, 'features/admin/AdminApp.tsx'), 'utf8').matchAll(/path:\s*'([^']+)'/g)) {
    if (p !== '*') rotas.add(`/admin/${p}`)
  }
  return rotas
}

test('every route of the tables is swept or excluded with its reason', () => {
  const varridas = new Set<string>(Object.values(AREAS).flat())
  const esquecidas = [...rotasDasTabelas()].filter((r) => !varridas.has(r) && !(r in EXCLUIDAS))
  expect(esquecidas, 'routes neither swept nor excluded (add them to AREAS, or to EXCLUIDAS with a reason)').toEqual([])
  const ambas = Object.keys(EXCLUIDAS).filter((r) => varridas.has(r))
  expect(ambas, 'routes both swept and excluded').toEqual([])
  const tabelas = rotasDasTabelas()
  const inexistentes = [...varridas, ...Object.keys(EXCLUIDAS)].filter((r) => !tabelas.has(r))
  expect(inexistentes, 'routes swept or excluded that no table has').toEqual([])
})

/** The two sizes each screen is read at: the project's phone (Pixel 7, 412×915), then a computer's (1280×800). */
const TAMANHOS = [
  ['telemóvel', PIXEL_7.viewport],
  ['computador', DESKTOP.viewport],
] as const

/** A sweep of one area: each screen read at both sizes, every violation kept for the end. */
class Varredura {
  private readonly vistas = new Set<string>()
  private readonly violacoes: string[] = []

  constructor(private readonly area: keyof typeof AREAS) {}

  /**
   * Reads `page` on `rota` once its content has arrived, at each size (the same document resized, as a window is),
   * and leaves it at the phone's; `nome` names a dialog or a state of the screen, `dentro` the part of it that changed
   * (a form's refusal: the rest was read before). A modal dialog open is read alone: the page behind it is inert, and
   * read in its own state.
   */
  async ecra(page: Page, rota: string, nome?: string, dentro?: string): Promise<void> {
    expect(AREAS[this.area] as readonly string[], `${rota} is declared in AREAS.${this.area}`).toContain(rota)
    await expect(page, rota).toHaveURL((url) => padrao(rota).test(url.pathname))
    const ecra = nome ? `${rota} (${nome})` : rota
    const parte = dentro ?? ((await page.locator('dialog[open]').count()) > 0 ? 'dialog[open]' : undefined)
    for (const [tamanho, viewport] of TAMANHOS) {
      await page.setViewportSize(viewport)
      const t0 = Date.now()
      await pronto(page)
      const t1 = Date.now()
      for (const v of await wcagViolations(page, parte)) this.violacoes.push(`${ecra}, ${tamanho}: ${v}`)
      // WCAG 1.4.10 (reflow), which axe does not check: nothing wider than the screen but what scrolls in its own box.
      const largura = await page.evaluate(() => document.documentElement.scrollWidth)
      if (largura > viewport.width) this.violacoes.push(`${ecra}, ${tamanho}: reflow — the page is ${largura} px wide`)
      if (process.env.A11Y_SHOTS) {
        const ficheiro = `${tamanho}-${ecra.replace(/[^\w]+/g, '_')}.png`
        await page.screenshot({ path: join(process.env.A11Y_SHOTS, ficheiro), fullPage: true })
      }
      if (process.env.A11Y_TIMING) console.log(`${tamanho} ${ecra}: pronto ${t1 - t0} ms, axe ${Date.now() - t1} ms`)
    }
    await page.setViewportSize(PIXEL_7.viewport)
    this.vistas.add(rota)
  }

  /** Every screen of the area read, and no violation on any. */
  fim(): void {
    expect(
      [...AREAS[this.area]].filter((r) => !this.vistas.has(r)),
      'screens not read',
    ).toEqual([])
    expect(this.violacoes, `WCAG 2.1 AA violations, ${this.area}`).toEqual([])
  }
}

/**
 * The screen's content has arrived: nothing loading (busy, a skeleton, 'A carregar…'), and no transition half-way
 * through (axe would read a colour as it fades in). One check in the page, polled there.
 */
async function pronto(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"], .skeleton') &&
      ![...document.querySelectorAll('p, [role="status"]')].some((e) =>
        e.textContent?.trim().startsWith('A carregar'),
      ) &&
      document
        .getAnimations()
        .every(
          (a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
        ),
  )
}

/** The e-mail outbox's newest link of `padrao` sent to `para`, waiting for it. */
async function linkDoEmail(request: APIRequestContext, para: string, padraoLink: RegExp): Promise<string> {
  let link = ''
  await expect
    .poll(async () => {
      const emails = await api<{ para: string; texto: string }[]>(request, '/api/dev/email')
      const email = emails.find((e) => e.para.includes(para) && padraoLink.test(e.texto))
      link = email?.texto.match(padraoLink)?.[0] ?? ''
      return link
    })
    .not.toBe('')
  return link
}

/** A purchase of 20,00 € at the till of LOJA: 1,00 € of balance; its transaction's id. */
async function compra(request: APIRequestContext, conta: Account, key = createStoreKey(LOJA)): Promise<number> {
  const till = pos(request, key)
  const { cliente } = await till.identify({ telemovel: conta.telemovel, pais: '351' })
  return (await till.purchase(cliente.id, 2000)).transacao.id
}

const dialogo = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name })
const alerta = (page: Page) => page.getByRole('alertdialog')

/**
 * A form sent as it is, to read its refusal: the error dialog when the form shows one (spec §9), then the fields
 * marked invalid with their messages (a colour and a text of their own).
 */
async function comErros(v: Varredura, page: Page, rota: string, enviar: Locator): Promise<void> {
  await enviar.click()
  const invalido = page.locator('[aria-invalid="true"]').first()
  await expect(alerta(page).or(invalido).first()).toBeVisible()
  if (await alerta(page).isVisible()) {
    await v.ecra(page, rota, 'error dialog')
    await alerta(page).getByRole('button', { name: 'OK' }).click()
  }
  await expect(invalido).toBeVisible()
  await v.ecra(page, rota, 'fields in error', 'form:has([aria-invalid="true"])')
}

test.describe('WCAG 2.1 AA, on a phone and a computer', () => {
  test('public customer screens', async ({ page, request }) => {
    test.setTimeout(360_000)
    const v = new Varredura('publico')

    await page.goto(paths.onboarding)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await v.ecra(page, paths.onboarding)
    const seguinte = page.getByRole('button', { name: 'Seguinte' })
    while (await seguinte.isVisible()) await seguinte.click()
    await expect(page.getByRole('button', { name: 'Finalizar' })).toBeVisible()
    await v.ecra(page, paths.onboarding, 'last step')

    const [novidade] = await api<NovidadeResumo[]>(request, '/api/novidades')
    const [campanha] = await api<NovidadeResumo[]>(request, '/api/campanhas')
    if (!novidade || !campanha) throw new Error('the demo has no news or no campaign')
    for (const [lista, item, tag] of [
      [paths.home, paths.novidade, { novidade: novidade.tag }],
      [paths.campanhas, paths.campanha, { campanha: campanha.tag }],
    ] as const) {
      await page.goto(lista)
      await expect(main(page).getByRole('listitem').first()).toBeVisible()
      await v.ecra(page, lista)
      await page.goto(href(item, tag))
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await v.ecra(page, item)
    }
    await page.goto(paths.novidades)
    await expect(main(page).getByRole('listitem').first()).toBeVisible()
    await v.ecra(page, paths.novidades)

    const restaurantes = await api<RestauranteResumo[]>(request, '/api/restaurantes')
    const restaurante = restaurantes.find((r) => r.lojas.length > 0)
    if (!restaurante) throw new Error('the demo has no restaurant with stores')
    let loja: Loja | undefined
    for (const r of restaurantes) {
      for (const l of r.lojas) {
        const lida = await api<Loja>(request, `/api/restaurantes/${r.tag}/lojas/${l.tag}`)
        if (lida.menus.length > 0) loja ??= lida
      }
    }
    const menu = loja?.menus[0]
    if (!loja || !menu) throw new Error('the demo has no store with menus')
    const daLoja = { restaurante: loja.restaurante.tag, loja: loja.tag }
    await page.goto(paths.restaurantes)
    await expect(main(page).getByRole('link').first()).toBeVisible()
    await v.ecra(page, paths.restaurantes)
    await page.goto(href(paths.restaurante, { restaurante: restaurante.tag }))
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await v.ecra(page, paths.restaurante)
    await page.goto(href(paths.loja, daLoja))
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await v.ecra(page, paths.loja)
    await page.goto(href(paths.mapa, daLoja))
    await expect(main(page).locator('.map-frame')).toBeVisible()
    await v.ecra(page, paths.mapa)
    await page.goto(href(paths.menus, daLoja))
    await expect(
      main(page)
        .getByRole('link', { name: new RegExp(menu.titulo) })
        .first(),
    ).toBeVisible()
    await v.ecra(page, paths.menus)
    await page.goto(href(paths.menu, { ...daLoja, menu: menu.id }))
    await main(page).getByRole('button', { name: 'Ver em ecrã inteiro' }).waitFor()
    await v.ecra(page, paths.menu)
    await main(page).getByRole('button', { name: 'Ver em ecrã inteiro' }).click()
    await expect(dialogo(page, menu.titulo)).toBeVisible()
    await v.ecra(page, paths.menu, 'full-screen viewer')

    const categorias = await api<CategoriaFaq[]>(request, '/api/perguntas-frequentes')
    const categoria = categorias.find((c) => c.perguntas.length > 0)
    const pergunta = categoria?.perguntas[0]
    if (!categoria || !pergunta) throw new Error('the demo has no FAQ question')
    for (const [rota, params] of [
      [paths.perguntasFrequentes, {}],
      [paths.perguntasFrequentesCategoria, { categoria: categoria.tag }],
      [paths.perguntasFrequentesPergunta, { categoria: categoria.tag, pergunta: pergunta.tag }],
    ] as const) {
      await page.goto(href(rota, params))
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await v.ecra(page, rota)
    }

    const [legal] = await api<InformacaoLegalResumo[]>(request, '/api/informacao-legal')
    if (!legal) throw new Error('the demo has no legal text')
    for (const [rota, params] of [
      [paths.informacaoLegal, {}],
      [paths.informacaoLegalConteudo, { conteudo: legal.tag }],
      ...(DECLARACAO ? [[DECLARACAO, {}] as const] : []),
      [paths.termos, {}],
      [paths.politicaDePrivacidade, {}],
      [paths.notfound, {}],
    ] as const) {
      await page.goto(href(rota, params))
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await v.ecra(page, rota)
    }

    // Signed out: the profile invites to sign in; the account modals open over it.
    await page.goto(paths.perfil)
    await expect(main(page).getByRole('link', { name: 'Iniciar sessão' })).toBeVisible()
    await v.ecra(page, paths.perfil, 'signed out')
    await main(page).getByRole('link', { name: 'Iniciar sessão' }).click()
    await expect(dialogo(page, 'Iniciar sessão')).toBeVisible()
    await v.ecra(page, paths.login)
    await comErros(v, page, paths.login, dialogo(page, 'Iniciar sessão').getByRole('button', { name: 'Entrar' }))
    await dialogo(page, 'Iniciar sessão').getByRole('link', { name: 'Criar conta' }).click()
    await expect(dialogo(page, 'Criar conta')).toBeVisible()
    await v.ecra(page, paths.signup)
    await page.goto(href(paths.informacaoLegalConteudoSignup, { conteudo: legal.tag }))
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await v.ecra(page, paths.informacaoLegalConteudoSignup)
    const { hash: registo } = await apiPost<{ hash: string }>(page.request, paths.signup, {
      telemovel: randomPhone(),
      pais: '351',
      termos: true,
    })
    await page.goto(href(paths.confirmSignup, { hash: registo }))
    await expect(dialogo(page, 'Confirmar telemóvel')).toBeVisible()
    await v.ecra(page, paths.confirmSignup)
    await page.goto(paths.reset)
    await expect(dialogo(page, 'Recuperar password')).toBeVisible()
    await v.ecra(page, paths.reset)
    const { hash: reset } = await apiPost<{ hash: string }>(page.request, paths.reset, {
      telemovel: randomPhone(),
      pais: '351',
    })
    await page.goto(href(paths.confirmReset, { hash: reset }))
    await expect(dialogo(page, 'Recuperar password')).toBeVisible()
    await v.ecra(page, paths.confirmReset)
    v.fim()
  })

  test('private customer screens, signed in', async ({ page }) => {
    test.setTimeout(360_000)
    const v = new Varredura('conta')
    // A new account's first personal data form (password, acceptance of the terms), then the account completed.
    const conta = await createAccount(page, { complete: false, email: `a11y.${randomPhone()}@example.pt` })
    await page.goto(paths.alterarDadosPessoais)
    await expect(page.getByLabel('Confirmação da password')).toBeVisible()
    await v.ecra(page, paths.alterarDadosPessoais, 'first fill')
    await comErros(v, page, paths.alterarDadosPessoais, main(page).getByRole('button', { name: 'Guardar' }))
    await main(page).getByRole('button', { name: 'Termos e Condições' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await v.ecra(page, paths.alterarDadosPessoais, 'terms dialog')
    await page.keyboard.press('Escape')
    await apiPost(page.request, paths.alterarDadosPessoais, {
      nome: conta.nome,
      email: conta.email,
      dataNascimento: '1990-05-17',
      password: conta.password,
      confirmacaoPassword: conta.password,
      comunicacoes: false,
      aceitacao: true,
    })
    const transacao = await compra(page.request, conta)

    await page.goto(paths.perfil)
    await expect(main(page).getByRole('link', { name: 'Gerir RGPD' })).toBeVisible()
    await v.ecra(page, paths.perfil)
    for (const [link, rota, titulo] of [
      ['Alterar password', paths.alterarPassword, 'Alterar password'],
      ['Alterar telemóvel', paths.alterarTelemovel, 'Alterar telemóvel'],
    ] as const) {
      await main(page).getByRole('link', { name: link }).click()
      await expect(dialogo(page, titulo)).toBeVisible()
      await v.ecra(page, rota)
      await page.keyboard.press('Escape')
      await expect(dialogo(page, titulo)).toBeHidden()
    }
    const novo = randomPhone()
    const { hash } = await apiPost<{ hash: string }>(page.request, paths.alterarTelemovel, {
      telemovel: novo,
      pais: '351',
      confirmacaoTelemovel: novo,
      confirmacaoPais: '351',
    })
    await smsCode(page.request, novo)
    await page.goto(href(paths.confirmPhoneChange, { hash }))
    await expect(dialogo(page, 'Confirmar novo telemóvel')).toBeVisible()
    await v.ecra(page, paths.confirmPhoneChange)

    await page.goto(paths.alterarDadosPessoais)
    await expect(main(page).getByRole('textbox').first()).toBeVisible()
    await v.ecra(page, paths.alterarDadosPessoais)

    await page.goto(paths.chaveSeguranca)
    await page.getByRole('radio', { name: 'Ativado', exact: true }).check()
    await expect(main(page).locator('.chave-valor')).toHaveText(/^\d{6}$/)
    await v.ecra(page, paths.chaveSeguranca)
    await page.getByRole('button', { name: 'Gerar nova chave' }).click()
    await expect(alerta(page)).toBeVisible()
    await v.ecra(page, paths.chaveSeguranca, "'Gerar nova chave?'")
    await page.keyboard.press('Escape')

    await page.goto(paths.fidelizacao)
    await expect(main(page).getByRole('link', { name: /Ver em ecrã inteiro/ })).toBeVisible()
    await v.ecra(page, paths.fidelizacao)
    await page.goto(paths.qr)
    await expect(page.getByRole('img').first()).toBeVisible()
    await v.ecra(page, paths.qr)
    await page.goto(paths.transacoes)
    await expect(page.getByRole('table')).toBeVisible()
    await v.ecra(page, paths.transacoes)
    await page.goto(paths.alterarNif)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await v.ecra(page, paths.alterarNif)
    await page.goto(paths.opiniao)
    await expect(main(page).getByRole('button').first()).toBeVisible()
    await v.ecra(page, paths.opiniao)
    await page.goto(href(paths.opiniaoTransacao, { id_transacao: transacao }))
    await expect(main(page).getByRole('button').first()).toBeVisible()
    await v.ecra(page, paths.opiniaoTransacao)
    await page.goto(paths.notificacoes)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await v.ecra(page, paths.notificacoes)

    await page.goto(paths.perfil)
    await main(page).getByRole('link', { name: 'Gerir RGPD' }).click()
    await expect(dialogo(page, 'Gerir RGPD')).toBeVisible()
    await v.ecra(page, paths.rgpd)
    for (const [rota, titulo] of [
      [paths.rgpdComunicacao, /comunica/i],
      [paths.rgpdEsquecimento, /eliminar|esquec/i],
      [paths.rgpdPortabilidade, /transferir/i],
    ] as const) {
      await page.goto(rota)
      await expect(page.getByRole('dialog', { name: titulo })).toBeVisible()
      await v.ecra(page, rota)
    }
    await apiPost(page.request, paths.rgpdEsquecimento, { email: conta.email })
    await apiPost(page.request, paths.rgpdPortabilidade, { email: conta.email })
    for (const [tipo, rota] of [
      ['esquecimento', paths.rgpdEsquecimentoLink],
      ['portabilidade', paths.rgpdPortabilidadeLink],
    ] as const) {
      await page.goto(await linkDoEmail(page.request, conta.email, new RegExp(`/rgpd/${tipo}/[A-Za-z0-9_-]{40,64}`)))
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await v.ecra(page, rota)
    }
    await page.goto(paths.cancelarConta)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await v.ecra(page, paths.cancelarConta)
    v.fim()
  })

  test('ordering: store, catalogue, product, cart, checkout, payment, confirmation', async ({ page }) => {
    test.setTimeout(360_000)
    const v = new Varredura('encomenda')
    const conta = await createAccount(page)
    // Balance to use: the checkout asks about it in its dialog.
    await compra(page.request, conta)
    const { categorias } = await api<Catalogo>(page.request, `/api/catalogo/${LOJA}`)
    // Dearer than the balance, so that MB WAY pays the rest.
    const simples = (p: Catalogo['categorias'][number]['produtos'][number]) =>
      p.min_complementos === 0 && p.pvp_com_iva > 200
    const categoria = categorias.find((c) => c.produtos.some(simples))
    const produto = categoria?.produtos.find(simples)
    if (!categoria || !produto) throw new Error('the demo has no plain product over 2 € on 862')

    await page.goto(paths.catalogo)
    const lojaModal = dialogo(page, 'Loja')
    await expect(lojaModal).toBeVisible()
    await v.ecra(page, paths.catalogo, 'store choice')
    await lojaModal.getByRole('radio', { name: /Chiado/ }).check()
    await lojaModal.getByRole('radio', { name: 'Take-Away' }).check()
    await lojaModal.getByRole('button', { name: 'Confirmar' }).click()
    await expect(lojaModal).toBeHidden()
    await v.ecra(page, paths.catalogo)
    await main(page)
      .getByRole('button', { name: /^Alergénios/ })
      .click()
    await expect(main(page).getByRole('checkbox').first()).toBeVisible()
    await v.ecra(page, paths.catalogo, 'allergen filters open', '.ementa-filtros')

    await page.goto(href(paths.categoria, { id: categoria.id }))
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await v.ecra(page, paths.categoria)
    await page.goto(href(paths.produto, { categoria: categoria.id, id: produto.id }))
    await expect(page.getByRole('heading', { level: 1, name: produto.nome })).toBeVisible()
    await v.ecra(page, paths.produto)
    await page.getByRole('button', { name: /^Adicionar - / }).click()
    await expect(page.getByRole('link', { name: /Ver carrinho/ })).toBeVisible()
    await v.ecra(page, paths.catalogo, 'added to the cart')

    await page.getByRole('link', { name: /Ver carrinho/ }).click()
    await expect(page.getByRole('heading', { name: 'Carrinho' })).toBeVisible()
    await v.ecra(page, paths.carrinho)
    await page.getByRole('link', { name: /^Pagamento - / }).click()
    const oferta = page.getByRole('alertdialog', { name: 'Rebater Oferta' })
    await expect(oferta).toBeVisible()
    await v.ecra(page, paths.finalizarPasso1, "'Rebater Oferta'")
    await oferta.getByRole('button', { name: 'Usar' }).click()
    await expect(oferta).toBeHidden()
    await v.ecra(page, paths.finalizarPasso1)

    await page.getByRole('checkbox', { name: /Li e aceito/ }).check()
    await page.getByRole('button', { name: /^Finalizar/ }).click()
    await expect(page.getByRole('heading', { name: 'Pagamento em curso' })).toBeVisible()
    await v.ecra(page, paths.finalizarPassoPagamento)
    await aprovarMbway(page.request, conta.telemovel)
    await expect(page.getByText('Recebemos o seu pedido - 15 minutos')).toBeVisible({ timeout: 15_000 })
    await v.ecra(page, paths.finalizarPasso2)
    await page.getByRole('link', { name: 'As minhas encomendas' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'As minhas encomendas' })).toBeVisible()
    await expect(main(page).getByRole('article').first()).toBeVisible()
    await v.ecra(page, paths.minhasEncomendas)
    // A table's code that is not genuine: the refusal, with the way to the catalogue.
    await page.goto(href(paths.mesa, { codigo: `${LOJA}-1-AAAAAAAAAAAAAAAA` }))
    await expect(main(page).getByRole('alert')).toContainText('Este código de mesa não é válido')
    await v.ecra(page, paths.mesa, 'a code refused')
    // A legal text opened from the checkout (its own route, so that closing it goes back to the checkout).
    const [legal] = await api<InformacaoLegalResumo[]>(page.request, '/api/informacao-legal')
    await page.goto(href(paths.informacaoLegalConteudoFinalizar, { conteudo: legal?.tag ?? '' }))
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await v.ecra(page, paths.informacaoLegalConteudoFinalizar)
    v.fim()
  })

  test('the counter tablet: pairing, the till with a customer, the orders board', async ({ page }) => {
    test.setTimeout(360_000)
    const v = new Varredura('painel')
    const key = createStoreKey(LOJA)
    // A customer with a paid order, for the board (their session is theirs, the tablet's cookie its own).
    const conta = await createAccount(page)
    const { categorias } = await api<Catalogo>(page.request, `/api/catalogo/${LOJA}`)
    const produto = categorias.flatMap((c) => c.produtos).find((p) => p.min_complementos === 0)
    if (!produto) throw new Error('the demo has no plain product on 862')
    await encomendarPelaApi(page.request, conta, { chave: `a11y-${conta.telemovel}`, loja: LOJA, produto: produto.id })
    await aprovarMbway(page.request, conta.telemovel)

    await page.goto(paths.painelEntrar)
    await expect(page.getByRole('heading', { name: 'Associar este tablet à loja' })).toBeVisible()
    await v.ecra(page, paths.painelEntrar)
    await comErros(v, page, paths.painelEntrar, page.getByRole('button', { name: 'Entrar' }))
    await page.getByLabel('Chave da loja', { exact: true }).fill(key)
    await page.getByRole('button', { name: 'Entrar' }).click()
    await expect(page).toHaveURL(/\/painel\/caixa$/)
    await expect(page.getByRole('heading', { name: 'Identificar o cliente' })).toBeVisible()
    await v.ecra(page, paths.painelCaixa)
    await page.getByLabel('Telemóvel ou QR do cliente', { exact: true }).fill(conta.telemovel)
    await page.getByRole('button', { name: 'Identificar' }).click()
    await expect(page.getByLabel('Total da conta (€)')).toBeVisible()
    await v.ecra(page, paths.painelCaixa, 'customer identified')
    await comErros(v, page, paths.painelCaixa, page.getByRole('button', { name: 'Registar' }))
    await page.getByLabel('Total da conta (€)').fill('12,50')
    await page.getByLabel('N.º do documento (POS)').fill(`FT A11Y/${conta.telemovel}`)
    await page.getByRole('button', { name: 'Registar' }).click()
    await expect(page.getByRole('region', { name: 'Compra registada' })).toBeVisible()
    await v.ecra(page, paths.painelCaixa, 'purchase registered')
    await page
      .locator('.painel-compra')
      .filter({ hasText: `FT A11Y/${conta.telemovel}` })
      .getByRole('button', { name: 'Devolver' })
      .click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await v.ecra(page, paths.painelCaixa, 'refund dialog')
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toBeHidden()

    await page.getByRole('link', { name: 'Encomendas' }).click()
    await expect(page.getByRole('heading', { name: 'Encomendas', level: 1 })).toBeVisible()
    const cartao = page.getByRole('listitem').filter({ hasText: conta.nome }).first()
    await expect(cartao).toBeVisible()
    await v.ecra(page, paths.painelEncomendas)
    await cartao.getByRole('button', { name: 'Cancelar', exact: true }).click()
    await expect(dialogo(page, /^Cancelar o pedido/)).toBeVisible()
    await v.ecra(page, paths.painelEncomendas, 'cancel dialog')
    await page.keyboard.press('Escape')
    await expect(dialogo(page, /^Cancelar o pedido/)).toBeHidden()

    await page.getByRole('link', { name: 'Hoje' }).click()
    await expect(page.getByRole('row').filter({ hasText: conta.nome }).first()).toBeVisible()
    await v.ecra(page, paths.painelHoje)

    await page.getByRole('button', { name: 'Sair' }).click()
    await expect(alerta(page)).toBeVisible()
    await v.ecra(page, paths.painelHoje, "'Sair' confirmation")
    await page.goto(paths.painelSair)
    await expect(page.getByRole('heading', { name: 'Sessão terminada' })).toBeVisible()
    await v.ecra(page, paths.painelSair)
    v.fim()
  })

  test('every back-office section', async ({ page, browser, baseURL }) => {
    test.setTimeout(360_000)
    const v = new Varredura('backOffice')
    // A customer to open in 'Clientes' (their session is theirs; the back-office's cookie its own).
    const conta = await createAccount(page)
    // The first sign-in's screens, read as they come (admin-support.ts walks the same steps).
    const email = `a11y-${randomUUID().slice(0, 8)}@exemplo.pt`
    const temporaria = adminCreate(email)
    await page.goto(adminPaths.entrar)
    await expect(page.getByRole('heading', { name: 'Entrar' })).toBeVisible()
    await v.ecra(page, adminPaths.entrar)
    await comErros(v, page, adminPaths.entrar, page.getByRole('button', { name: 'Entrar' }))
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email)
    await page.getByRole('textbox', { name: 'Palavra-passe', exact: true }).fill(temporaria)
    await page.getByRole('button', { name: 'Entrar' }).click()
    await expect(page.getByRole('heading', { name: 'Alterar palavra-passe' })).toBeVisible()
    await v.ecra(page, adminPaths.alterarPassword)
    const nova = `nova-palavra-${randomUUID().slice(0, 8)}`
    await page.getByRole('textbox', { name: 'Palavra-passe atual', exact: true }).fill(temporaria)
    await page.getByRole('textbox', { name: 'Nova palavra-passe', exact: true }).fill(nova)
    await page.getByRole('textbox', { name: 'Confirmar nova palavra-passe', exact: true }).fill(nova)
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expect(page.getByRole('heading', { name: 'Ativar autenticação em dois passos' })).toBeVisible()
    await v.ecra(page, adminPaths.inscreverTotp)
    const segredo = (await page.getByTestId('segredo-totp').textContent())?.trim() ?? ''
    await page
      .getByRole('textbox', { name: 'Código de 6 dígitos', exact: true })
      .fill(await generate({ secret: segredo }))
    await page.getByRole('button', { name: 'Confirmar' }).click()
    await expect(page.getByRole('heading', { name: 'Códigos de recuperação' })).toBeVisible()
    await v.ecra(page, adminPaths.inscreverTotp, 'recovery codes')
    await page.getByRole('button', { name: 'Continuar' }).click()
    await expect(page).toHaveURL(/\/admin$/)
    await expect(page.getByRole('heading', { name: 'Back-office' })).toBeVisible()
    await v.ecra(page, adminPaths.inicio)
    const nav = page.getByRole('navigation', { name: 'Secções' })
    for (const { nome, pagina: rota } of SECCOES_ADMIN) {
      await nav.getByRole('link', { name: nome, exact: true }).click()
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await v.ecra(page, rota)
      if (rota === adminPaths.novidades) {
        await comErros(v, page, rota, main(page).getByRole('button', { name: 'Criar rascunho' }))
      }
      if (rota === adminPaths.restaurantes) {
        await main(page)
          .getByRole('button', { name: /^Editar a loja / })
          .first()
          .click()
        await expect(page.getByRole('heading', { level: 2, name: /^Editar a loja/ })).toBeVisible()
        await v.ecra(page, rota, "a store's form", '#restaurantes-form')
      }
    }
    await nav.getByRole('link', { name: 'Clientes', exact: true }).click()
    await page.getByRole('textbox', { name: 'Telemóvel (número completo)' }).fill(conta.telemovel)
    await page.getByRole('button', { name: 'Procurar' }).click()
    const linha = page.getByRole('row').filter({ hasText: conta.nome })
    await expect(linha).toHaveCount(1)
    await v.ecra(page, adminPaths.clientes, 'a customer found')
    await linha.getByRole('link', { name: conta.nome }).click()
    await expect(page.getByRole('heading', { name: conta.nome, level: 1 })).toBeVisible()
    await v.ecra(page, adminPaths.cliente)
    // The QR codes of a store's tables, for printing.
    await page.goto(href(adminPaths.mesas, { id_loja: String(LOJA) }))
    await expect(page.getByRole('img', { name: 'Código QR da Mesa 1', exact: true })).toBeVisible()
    await v.ecra(page, adminPaths.mesas)

    // An invitation's page, in a browser of its own (the invited person is not signed in).
    const convidado = `convite-${randomPhone()}@exemplo.pt`
    const res = await page.request.post('/admin/api/utilizadores', {
      headers: { accept: 'application/json', 'x-api-version': '1.0' },
      data: { email: convidado, papel: 'admin' },
    })
    expect(res.status(), await res.text()).toBe(200)
    const convite = await linkDoEmail(page.request, convidado, /\/admin\/convite\/[A-Za-z0-9_-]+/)
    const outro = await browser.newContext({ ...PIXEL_7, baseURL, locale: 'pt-PT', timezoneId: 'Europe/Lisbon' })
    try {
      const pagina = await outro.newPage()
      await pagina.goto(convite)
      await expect(pagina.getByRole('heading', { level: 1 })).toBeVisible()
      await v.ecra(pagina, adminPaths.convite)
    } finally {
      await outro.close()
    }

    // Signed out and in again: the second factor is asked.
    await page.getByRole('banner').getByRole('button', { name: 'Terminar sessão' }).click()
    await expect(page).toHaveURL(/\/admin\/entrar$/)
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email)
    await page.getByRole('textbox', { name: 'Palavra-passe', exact: true }).fill(nova)
    await page.getByRole('button', { name: 'Entrar' }).click()
    await expect(page).toHaveURL(/\/admin\/verificar$/)
    await expect(page.getByRole('textbox', { name: 'Código', exact: true })).toBeVisible()
    await v.ecra(page, adminPaths.verificarTotp)
    v.fim()
  })
})
