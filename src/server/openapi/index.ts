/** The OpenAPI contract of the public surfaces (docs/decisions/0027): its generation and where it is served. */
export {
  buildOpenApiDocument,
  contractGaps,
  documentedRoutes,
  ERROR_SCHEMA,
  OPENAPI_DOCS_PATH,
  OPENAPI_JSON_PATH,
  type OpenApiDocument,
  type OpenApiOperation,
  type OpenApiResponse,
  responseSchemaOf,
} from './document.ts'
export { isDocumentedSurface, openApiPath, surfaceOf } from './operation.ts'
