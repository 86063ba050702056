import type { FastifyPluginAsync } from 'fastify'
import { DOCS_STYLESHEET, renderDocsPage } from './docs-page.ts'
import { buildOpenApiDocument, OPENAPI_DOCS_PATH, OPENAPI_JSON_PATH } from './document.ts'

const STYLESHEET_PATH = `${OPENAPI_DOCS_PATH}/estilo.css`
/** The contract changes with a deploy only: a few minutes in caches, then revalidated by its ETag (@fastify/etag). */
const CACHE = 'public, max-age=300'

/**
 * The OpenAPI document and its readable reference, outside every door (as `/api/health`): no identity and no
 * `X-Api-Version`, so that a browser opens them as they are (docs/decisions/0027). Both are made once, on first ask,
 * from the routes the app registered.
 */
export const openApiRoutes: FastifyPluginAsync = async (app) => {
  let json: string | undefined
  let page: string | undefined
  app.get(OPENAPI_JSON_PATH, async (_request, reply) => {
    json ??= JSON.stringify(buildOpenApiDocument(app))
    return reply.type('application/json; charset=utf-8').header('cache-control', CACHE).send(json)
  })
  app.get(OPENAPI_DOCS_PATH, async (_request, reply) => {
    page ??= renderDocsPage(buildOpenApiDocument(app), STYLESHEET_PATH)
    return reply.type('text/html; charset=utf-8').header('cache-control', CACHE).send(page)
  })
  app.get(STYLESHEET_PATH, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', CACHE).send(DOCS_STYLESHEET),
  )
}
