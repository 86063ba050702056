import type { FastifyPluginAsync } from 'fastify'
import { Representation, replyWithRepresentation } from '../platform/cached-reply.ts'
import { DOCS_STYLESHEET, renderDocsPage } from './docs-page.ts'
import { buildOpenApiDocument, OPENAPI_DOCS_PATH, OPENAPI_JSON_PATH } from './document.ts'

const STYLESHEET_PATH = `${OPENAPI_DOCS_PATH}/estilo.css`
/** The contract changes with a deploy only: a few minutes in caches, then revalidated by its ETag. */
const CACHE = 'public, max-age=300'

/**
 * The OpenAPI document and its readable reference, outside every door (as `/api/health`): no identity and no
 * `X-Api-Version`, so that a browser opens them as they are (docs/decisions/0027). Each body is made once per process,
 * on first ask, from the routes the app registered, with its ETag and its compressed forms (platform/cached-reply.ts,
 * docs/decisions/0008): a request copies bytes, it does not serialise, hash or compress 200 kB again.
 */
export const openApiRoutes: FastifyPluginAsync = async (app) => {
  let json: Representation | undefined
  let page: Representation | undefined
  let sheet: Representation | undefined
  app.get(OPENAPI_JSON_PATH, { compress: false }, (_request, reply) => {
    json ??= new Representation(Buffer.from(JSON.stringify(buildOpenApiDocument(app))))
    replyWithRepresentation(reply.header('cache-control', CACHE), json, 'application/json; charset=utf-8')
  })
  app.get(OPENAPI_DOCS_PATH, { compress: false }, (_request, reply) => {
    page ??= new Representation(Buffer.from(renderDocsPage(buildOpenApiDocument(app), STYLESHEET_PATH)))
    replyWithRepresentation(reply.header('cache-control', CACHE), page, 'text/html; charset=utf-8')
  })
  app.get(STYLESHEET_PATH, { compress: false }, (_request, reply) => {
    sheet ??= new Representation(Buffer.from(DOCS_STYLESHEET))
    replyWithRepresentation(reply.header('cache-control', CACHE), sheet, 'text/css; charset=utf-8')
  })
}
