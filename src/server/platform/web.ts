import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { isKnownPagePath } from '../../shared/routes.ts'
import { errorBody, frameworkMessages } from './errors.ts'
import { STAFF_API_PREFIX } from './staff-surface.ts'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'

/** The staff pages (STORE-API.md "Staff pages"), where the till reads QR codes with a WebAssembly decoder. */
const STAFF_PAGES = /^\/painel(\/|$)/
const WASM = "'wasm-unsafe-eval'"

/**
 * The page's CSP as helmet set it, with WebAssembly allowed on the staff pages only (`'wasm-unsafe-eval'` compiles
 * WebAssembly and nothing else: JavaScript still cannot be evaluated); the customer app keeps its strict policy. All of
 * them: a document keeps its first page's policy while the app navigates, and the tablet opens at /painel/entrar.
 */
function allowWasmOnStaffPages(reply: FastifyReply, path: string) {
  const csp = reply.getHeader('content-security-policy')
  if (!STAFF_PAGES.test(path) || typeof csp !== 'string') return
  const directives = csp.split(';').map((d) => (/^\s*script-src\s/.test(d) && !d.includes(WASM) ? `${d} ${WASM}` : d))
  reply.header('content-security-policy', directives.join(';'))
}

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, and the app's HTML for every
 * page path (404 for paths that are no page, so crawlers and monitors see the truth; the app still shows its page).
 */
export async function registerWebApp(app: FastifyInstance, distDir: string, production: boolean): Promise<void> {
  const root = resolve(distDir)
  const indexFile = join(root, 'index.html')
  const hasWeb = existsSync(indexFile)
  // Production serves one build for its whole life; elsewhere a rebuild under a running server must not leave it
  // pointing at deleted chunks.
  const cached = hasWeb ? readFileSync(indexFile, 'utf8') : ''
  const indexHtml = () => (production || !existsSync(indexFile) ? cached : readFileSync(indexFile, 'utf8'))

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      index: false,
      cacheControl: false,
      wildcard: true,
      setHeaders(res, path) {
        res.setHeader('cache-control', path.startsWith(join(root, 'assets')) ? IMMUTABLE : REVALIDATE)
      },
    })
  }

  const sendApp = (reply: FastifyReply, status: number, path = '/') => {
    allowWasmOnStaffPages(reply, path)
    return reply.status(status).header('cache-control', REVALIDATE).type('text/html; charset=utf-8').send(indexHtml())
  }

  // The root is a page, not the static directory listing.
  if (hasWeb) app.get('/', (_request, reply) => sendApp(reply, 200))

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    if (
      path.startsWith('/api/') ||
      path.startsWith(STAFF_API_PREFIX) ||
      !['GET', 'HEAD'].includes(request.method) ||
      !hasWeb
    ) {
      return reply.status(404).send(errorBody('Não encontrado', frameworkMessages.notFound))
    }
    return sendApp(reply, isKnownPagePath(path) ? 200 : 404, path)
  })
}
