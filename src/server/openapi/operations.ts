import type { OperationDoc } from './operation.ts'
import { CUSTOMER_CARTEIRA_OPERATIONS, PROVIDER_CARTEIRA_OPERATIONS } from './operations-carteira.ts'
import { CUSTOMER_OPERATIONS } from './operations-customer.ts'
import { STORE_OPERATIONS } from './operations-store.ts'

const PROVIDER_OPERATIONS: Record<string, OperationDoc> = {
  'GET /api/pagamentos/{provider}/callback': {
    operationId: 'callbackPagamento',
    summary: 'A payment provider’s callback: a payment request changed',
    description: [
      'The provider (`sandbox`, `ifthenpay`) names a payment request in its own query parameters (IfthenPay: its',
      'anti-phishing key, the request id, the amount). Nothing is believed on the callback’s word: the provider is',
      'asked for the request’s status, and only a confirmed payment changes an order; a replay changes nothing.',
    ].join('\n'),
    success: {
      status: 200,
      description: 'Received (whether or not it changed anything).',
      contentType: 'application/json',
      schema: {
        type: 'object',
        properties: {
          data: {
            type: 'object',
            properties: { recebido: { const: true } },
            required: ['recebido'],
            additionalProperties: false,
          },
        },
        required: ['data'],
        additionalProperties: false,
      },
    },
    errors: {
      403: 'Refused: unknown provider, bad proof, or a request the provider does not confirm.',
      503: 'The provider could not be asked now: send the callback again later.',
    },
  },
}

const SYSTEM_OPERATIONS: Record<string, OperationDoc> = {
  'GET /api/health': {
    operationId: 'saude',
    summary: 'Health: the server answers and reaches its database',
    description:
      'For load balancers and monitors: 200 while the server answers and its database does, 503 otherwise. No identity, no `X-Api-Version`.',
    success: {
      status: 200,
      description: 'Healthy.',
      contentType: 'application/json',
      schema: {
        type: 'object',
        properties: {
          data: {
            type: 'object',
            properties: { status: { const: 'ok' }, database: { enum: ['sqlite', 'postgres'] } },
            required: ['status', 'database'],
            additionalProperties: false,
          },
        },
        required: ['data'],
        additionalProperties: false,
      },
    },
    errors: { 503: 'The database is not reachable.' },
    examples: { response: { data: { status: 'ok', database: 'postgres' } } },
  },
  'GET /api/openapi.json': {
    operationId: 'documentoOpenApi',
    summary: 'This document (OpenAPI 3.1)',
    description:
      'The contract of the public surfaces, generated from the routes the server registered: what it serves is what it checks. Cacheable, with an ETag; no identity, no `X-Api-Version`.',
    success: {
      status: 200,
      description: 'The document.',
      contentType: 'application/json',
      schema: {
        type: 'object',
        properties: { openapi: { const: '3.1.0' }, info: { type: 'object' }, paths: { type: 'object' } },
        required: ['openapi', 'info', 'paths'],
      },
    },
  },
  'GET /api/docs': {
    operationId: 'referenciaApi',
    summary: 'This document as a readable page',
    description: 'This document rendered on the server as one page with no script, for a person to read.',
    success: { status: 200, description: 'An HTML page.', contentType: 'text/html', schema: { type: 'string' } },
  },
  'GET /api/docs/estilo.css': {
    operationId: 'estiloReferenciaApi',
    summary: 'The stylesheet of the readable reference',
    description: 'The one stylesheet of the readable reference.',
    success: { status: 200, description: 'A stylesheet.', contentType: 'text/css', schema: { type: 'string' } },
  },
}

/** Every documented operation, keyed `METHOD /path` (the document's path form). */
export const OPERATIONS: Record<string, OperationDoc> = {
  ...STORE_OPERATIONS,
  ...CUSTOMER_OPERATIONS,
  ...CUSTOMER_CARTEIRA_OPERATIONS,
  ...PROVIDER_OPERATIONS,
  ...PROVIDER_CARTEIRA_OPERATIONS,
  ...SYSTEM_OPERATIONS,
}
