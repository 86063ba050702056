import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { GENERIC_ERROR_TITLE } from '../../shared/api.ts'
import { mensagens, primeiroTextoProibido } from '../../shared/validacao.ts'
import { fieldError, HttpError } from './errors.ts'

/** The success envelope `{ data }` as a response schema: the serializer drops every field the schema does not name. */
export function dataResponse<T extends z.ZodType>(schema: T, status: 200 | 201 = 200) {
  return { [status]: z.object({ data: schema }) } as Record<typeof status, z.ZodObject<{ data: T }>>
}

/** `{ data: null }`: calls that answer nothing but their success. */
export const noDataResponse = dataResponse(z.null())

/** A URL slug: the `tag` of news, campaigns, restaurants, stores, FAQ and legal content. */
export const TagSchema = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9-]+$/, 'Identificador inválido')

export const tagParams = <K extends string>(...keys: K[]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, TagSchema])) as Record<K, typeof TagSchema>)

/**
 * How deep a JSON body may nest (objects and arrays): the deepest legitimate body, a menu, is about a dozen levels. A
 * deeper one is refused before it is parsed, so that nothing after (schemas, `JSON.stringify`) recurses through it.
 */
export const JSON_DEPTH_MAX = 32

export const bodyMessages = {
  tooDeep: `O corpo do pedido tem demasiados níveis (no máximo ${JSON_DEPTH_MAX}).`,
} as const

/**
 * Whether JSON text nests deeper than `max`: one pass over the text counting brackets outside strings, without
 * recursion or allocation (invalid JSON is left for the parser to refuse).
 */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 0x22) {
      // A string: skip to its closing quote, past escaped characters.
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i)
        if (s === 0x5c) i++
        else if (s === 0x22) break
      }
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true
    } else if (c === 0x7d || c === 0x5d) {
      depth--
    }
  }
  return false
}

/**
 * Every body's input rules, on the root instance before any route is registered, so every surface has
 * them: JSON bodies are refused past `JSON_DEPTH_MAX` levels (400) and parsed as Fastify's own parser does
 * (`__proto__` and `constructor` keys refused); then every string of the body, the path's parameters and the query
 * is held to the shared text rule (src/shared/validacao.ts `primeiroTextoProibido`: no control characters but tab
 * and newline, no lone surrogates), refused with the field named (400), before any schema or handler sees it. The
 * schemas hold single-line fields to the stricter rule themselves.
 */
export function registerInputRules(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepthExceeds(body as string, JSON_DEPTH_MAX)) {
      done(new HttpError(400, bodyMessages.tooDeep), undefined)
      return
    }
    parseJson(request, body as string, done)
  })
  app.addHook('preValidation', (request, _reply, done) => {
    const campo =
      primeiroTextoProibido(request.body) ??
      primeiroTextoProibido(request.params) ??
      primeiroTextoProibido(request.query)
    if (campo === null) return done()
    done(
      campo
        ? fieldError(campo, mensagens.caracteresProibidos)
        : new HttpError(400, mensagens.caracteresProibidos, GENERIC_ERROR_TITLE),
    )
  })
}
