import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { type ApiErrorBody, type FieldErrors, FORM_FAILURE_MESSAGE, GENERIC_ERROR_TITLE } from '../../shared/api.ts'

/** An error the client should see as it is: status, pt-PT title and message, optional field messages. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly title: string = GENERIC_ERROR_TITLE,
    public readonly fields?: FieldErrors,
  ) {
    super(message)
  }
}

export const notFound = (message = 'O conteúdo pedido não existe.') => new HttpError(404, message, 'Não encontrado')

const TOO_MANY_REQUESTS = 'Demasiados pedidos. Tente mais tarde.'
export const tooManyRequests = () => new HttpError(429, TOO_MANY_REQUESTS, 'Demasiados pedidos')

export function errorBody(title: string, message: string, fields?: FieldErrors): ApiErrorBody {
  return { error: fields ? { title, message, fields } : { title, message } }
}

/** Every failure leaves as the `{ error }` envelope; nothing internal (stack, SQL) reaches the client. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(errorBody(error.title, error.message, error.fields))
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: FieldErrors = {}
      for (const issue of error.validation) {
        const field = issue.instancePath.split('/').filter(Boolean).join('.')
        if (field && !fields[field]) fields[field] = issue.message ?? FORM_FAILURE_MESSAGE
      }
      const hasFields = Object.keys(fields).length > 0
      return reply
        .status(400)
        .send(errorBody(GENERIC_ERROR_TITLE, FORM_FAILURE_MESSAGE, hasFields ? fields : undefined))
    }
    const status = error.statusCode ?? 500
    if (status === 413) {
      return reply.status(413).send(errorBody(GENERIC_ERROR_TITLE, 'O pedido é demasiado grande.'))
    }
    if (status === 415) {
      return reply.status(415).send(errorBody(GENERIC_ERROR_TITLE, 'O pedido deve ser enviado em JSON.'))
    }
    if (status === 429) {
      return reply.status(429).send(errorBody(GENERIC_ERROR_TITLE, TOO_MANY_REQUESTS))
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody(GENERIC_ERROR_TITLE, 'Pedido inválido.'))
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply.status(500).send(errorBody(GENERIC_ERROR_TITLE, 'Ocorreu um erro inesperado. Tente mais tarde.'))
  })
}
