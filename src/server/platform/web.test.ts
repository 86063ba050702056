import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertNovidade } from '../testing/fixtures.ts'
import { createTestApp, device, type TestApp, testDialects } from '../testing/harness.ts'
import { withPageData } from './web.ts'

function fakeWebBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'balcao-web-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>Balcão</title></head><body><div id="root"></div></body></html>',
  )
  return dir
}

const scriptSrc = (csp: unknown) =>
  String(csp)
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('script-src '))

describe.each(testDialects())('staff pages CSP on %s', (dialect) => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp(dialect, { WEB_DIST: fakeWebBuild() })
  })
  afterAll(() => t.close())

  it("allows WebAssembly ('wasm-unsafe-eval') on the staff pages, whose till decodes QR codes", async () => {
    for (const url of ['/painel/caixa', '/painel/entrar', '/painel/sair?x=1']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(200)
      expect(res.body).toContain('<div id="root">')
      expect(scriptSrc(res.headers['content-security-policy']), url).toBe("script-src 'self' 'wasm-unsafe-eval'")
      // The rest of the policy is the app's own.
      expect(String(res.headers['content-security-policy'])).toContain("object-src 'none'")
      expect(String(res.headers['content-security-policy'])).not.toContain('unsafe-inline')
    }
  })

  it('keeps the customer pages and the staff API on the strict policy', async () => {
    for (const url of ['/', '/fidelizacao', '/painelx', '/nao/existe']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(scriptSrc(res.headers['content-security-policy']), url).toBe("script-src 'self'")
    }
    const api = await t.app.inject({ method: 'GET', url: '/painel/api/sessao' })
    expect(api.statusCode).toBe(401)
    expect(String(api.headers['content-security-policy'])).not.toContain('wasm-unsafe-eval')
    // An unknown path of the staff API is an API 404 (the envelope), not the app's page.
    const unknown = await t.app.inject({ method: 'GET', url: '/painel/api/nada' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().error.title).toBe('Não encontrado')
  })
})

describe('withPageData', () => {
  it('puts the links before </head> and the data before the page’s last </body>, dollar signs and all', () => {
    const html = '<html><head><title>B</title></head><body><div id="root"><p>&lt;/body></p></div></body></html>'
    const data = '<script type="application/json">{"title":"Preço $& e $` e $\' e $$"}</script>'
    expect(withPageData(html, '<link rel="stylesheet" href="/a$&.css">', data)).toBe(
      '<html><head><title>B</title><link rel="stylesheet" href="/a$&.css"></head><body><div id="root"><p>&lt;/body></p>' +
        `</div>${data}</body></html>`,
    )
  })
})

/**
 * A build whose server render is a module of this test (the real one, web/entry-server.tsx, is the e2e suite's: it needs
 * the built app): what the server does with a render's answer, a redirect, a failure.
 */
function fakeBuildWithRender(): string {
  const dir = mkdtempSync(join(tmpdir(), 'balcao-render-'))
  const web = join(dir, 'web')
  mkdirSync(join(web, 'assets'), { recursive: true })
  mkdirSync(join(dir, 'ssr'))
  writeFileSync(
    join(web, 'index.html'),
    '<!doctype html><html><head><title>Balcão</title></head><body><div id="root"></div></body></html>',
  )
  writeFileSync(
    join(web, 'bundle-report.json'),
    JSON.stringify({
      pages: {
        'features/encomendas/CatalogoPage.tsx': {
          scripts: ['assets/CatalogoPage-1.js', 'assets/x"><script>alert(1)</script>.js'],
          styles: ['assets/encomendas-1.css'],
        },
      },
    }),
  )
  writeFileSync(
    join(dir, 'ssr', 'entry-server.js'),
    `let renders = 0
    export async function modulesOf(url) {
      return url === '/catalogo' ? ['features/encomendas/CatalogoPage.tsx'] : []
    }
    export async function readsOf(url, loja) {
      if (url === '/catalogo') return loja.id_loja === null ? [] : ['/api/catalogo/' + loja.id_loja]
      return url.startsWith('/fidelizacao/campanhas') ? [] : ['/api/novidades', '/api/novidades/nao-existe']
    }
    export async function render({ url, reads, privateData, loja }) {
      if (url === '/fidelizacao/campanhas') throw new Error('a render that fails')
      if (url === '/restaurantes') return { html: '', redirect: '/onboarding' }
      renders += 1
      if (url === '/catalogo') return { html: '<main>' + JSON.stringify([loja, Object.keys(reads)]) + ' #' + renders + '</main>' }
      const sabe = JSON.stringify([privateData.user.sawOnboarding, Object.keys(reads)])
      const header = { title: 'Novidades & <outras>', back: '/' }
      return { html: '<main>' + url + ' ' + sabe + ' #' + renders + '</main>', header, title: header.title }
    }`,
  )
  return web
}

describe.each(testDialects())('the server render of a customer page on %s', (dialect) => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp(dialect, { WEB_DIST: fakeBuildWithRender() })
    await insertNovidade(t.database.db, { tag: 'natal', title: 'Natal no grupo' })
  })
  afterAll(() => t.close())

  it('puts the render in the root, the reads it used and the private data after it, for this visitor alone', async () => {
    const visitor = device(t)
    await visitor.call('POST', '/api/grava-saw-onboarding', { value: true })
    const res = await visitor.call('GET', '/?x=1')
    expect(res.statusCode).toBe(200)
    // The render had the whole URL, the visitor's private data, and the answers of the reads that answered 200.
    expect(res.body).toMatch(/<div id="root"><main>\/\?x=1 \[true,\["\/api\/novidades"\]\] #\d+<\/main><\/div>/)
    const reads = /<script type="application\/json" id="leituras-da-pagina">(.*?)<\/script>/.exec(res.body)?.[1]
    expect(JSON.parse(reads ?? 'null')['/api/novidades'][0]).toMatchObject({ tag: 'natal', title: 'Natal no grupo' })
    expect(res.body).toContain('<script type="application/json" id="dados-privados">')
    expect(res.headers['cache-control']).toBe('private, no-store')
    // The screen's header, for the browser's header to start from, and the document's title, escaped.
    expect(res.body).toContain('<title>Novidades &#38; &#60;outras&#62; · Balcão</title>')
    const header = /<script type="application\/json" id="cabecalho-da-pagina">(.*?)<\/script>/.exec(res.body)?.[1]
    expect(JSON.parse(header ?? 'null')).toEqual({ title: 'Novidades & <outras>', back: '/' })
  })

  it('renders once for visitors who are not signed in and ask for the same page with the same data', async () => {
    const numero = (html: string) => /#(\d+)<\/main>/.exec(html)?.[1]
    const [um, outro] = [device(t, '203.0.113.21'), device(t, '203.0.113.22')]
    for (const visitor of [um, outro]) await visitor.call('POST', '/api/grava-saw-onboarding', { value: true })
    const primeira = numero((await um.call('GET', '/novidades')).body)
    expect(primeira).toBeDefined()
    expect(numero((await outro.call('GET', '/novidades')).body)).toBe(primeira)
    // Other inputs, another render: another URL, or private data that differs (the onboarding not seen).
    expect(numero((await outro.call('GET', '/novidades?y')).body)).not.toBe(primeira)
    const estreia = (await device(t, '203.0.113.23').call('GET', '/novidades')).body
    expect(estreia).toContain('[false,')
    expect(numero(estreia)).not.toBe(primeira)
  })

  it('sends a reused render as its first visitor got it, compressed once; a read that changed renders anew', async () => {
    // A page long enough to be compressed.
    await insertNovidade(t.database.db, { tag: 'verao', title: 'Abertura das esplanadas de verão, '.repeat(60) })
    t.app.readCache.clear()
    const um = device(t, '203.0.113.31')
    const outro = device(t, '203.0.113.32')
    const terceiro = device(t, '203.0.113.33')
    for (const visitor of [um, outro, terceiro])
      await visitor.call('POST', '/api/grava-saw-onboarding', { value: true })
    const html = { accept: 'text/html', 'accept-encoding': 'br' }
    const primeira = await um.call('GET', '/novidades', undefined, html)
    expect(primeira.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(primeira.rawPayload).toString()).toContain('Natal no grupo')
    const segunda = await outro.call('GET', '/novidades', undefined, html)
    expect(segunda.headers['content-encoding']).toBe('br')
    expect(segunda.rawPayload.equals(primeira.rawPayload)).toBe(true)
    expect(segunda.headers.etag).toBe(primeira.headers.etag)
    // A news item published (its writer clears the cached read): the next visitor gets a page that shows it.
    await insertNovidade(t.database.db, { tag: 'pascoa', title: 'Páscoa no grupo' })
    t.app.readCache.clear()
    const terceira = await terceiro.call('GET', '/novidades', undefined, html)
    expect(brotliDecompressSync(terceira.rawPayload).toString()).toContain('Páscoa no grupo')
    expect(terceira.headers.etag).not.toBe(primeira.headers.etag)
  })

  it("answers a guard's redirect with HTTP, and the page of an unknown path with 404", async () => {
    const res = await device(t).call('GET', '/restaurantes')
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe('/onboarding')
    expect(res.headers['cache-control']).toBe('private, no-store')
    const unknown = await device(t).call('GET', '/nao/existe')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.body).toContain('<div id="root"><main>/nao/existe')
  })

  it('renders the ordering pages with the store and kind of sale of the visitor’s cookie, each its own render', async () => {
    const comCookie = async (valor: string) => {
      const visitor = device(t)
      await visitor.call('POST', '/api/grava-saw-onboarding', { value: true })
      const res = await visitor.call('GET', '/catalogo', undefined, {
        cookie: `balcao_sessao=${visitor.cookie}; balcao_loja=${valor}`,
      })
      expect(res.statusCode).toBe(200)
      // The screen's style sheets and scripts in the head, by the build's report; a name that is not a plain file, not.
      const head = res.body.slice(0, res.body.indexOf('</head>'))
      expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/encomendas-1.css">')
      expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/CatalogoPage-1.js">')
      expect(res.body).not.toContain('alert(1)')
      return /<div id="root"><main>(.*) #(\d+)<\/main>/.exec(res.body)?.slice(1) ?? []
    }
    // The store's catalogue is asked for (this database has none: the read is left to the browser, which says so).
    const [comer, numero] = await comCookie('1.1')
    expect(JSON.parse(comer ?? 'null')).toEqual([{ id_loja: 1, id_tipo_entrega: 1 }, []])
    const [levar, outro] = await comCookie('1')
    expect(JSON.parse(levar ?? 'null')[0]).toEqual({ id_loja: 1, id_tipo_entrega: 0 })
    // Not the other visitor's render, though neither is signed in: the cookie is an input.
    expect(outro).not.toBe(numero)
    // A cookie the app would not write is no store.
    for (const valor of ['0', '1.2', 'abc', '99999999999']) {
      const [nenhuma] = await comCookie(valor)
      expect(JSON.parse(nenhuma ?? 'null'), valor).toEqual([{ id_loja: null, id_tipo_entrega: 0 }, []])
    }
  })

  it('leaves the screen to the browser when the render fails', async () => {
    const res = await device(t).call('GET', '/fidelizacao/campanhas')
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('<div id="root"></div>')
    expect(res.body).toContain('id="dados-privados"')
  })
})
