import { z } from 'zod'

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) as a plain object. */
export type JsonSchema = Record<string, unknown>

/**
 * A route's schema as JSON Schema 2020-12. Requests are described as the client sends them (`io: 'input'`: before
 * defaults and transforms), answers as the serializer writes them (`io: 'output'`). What JSON Schema cannot say (a
 * transform's result, a custom check) becomes "any" rather than failing the document: the route still checks it.
 * A value that is already a JSON Schema (a route written without zod) is taken as it is.
 */
export function jsonSchemaOf(schema: unknown, io: 'input' | 'output'): JsonSchema {
  if (!(schema instanceof z.ZodType)) return { ...((schema as JsonSchema | undefined) ?? {}) }
  const converted = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    // No route schema is recursive today; one that becomes so is cut with a $ref rather than looping.
    cycles: 'ref',
    reused: 'inline',
  }) as JsonSchema
  delete converted.$schema
  if ('$defs' in converted) {
    // A `$ref: '#/$defs/…'` would resolve against the OpenAPI document's root, not this schema's.
    throw new Error('A route schema with $defs (recursive or registered with an id) needs hoisting into components.')
  }
  return converted
}

/** The properties of an object schema (path parameters, query string, headers), each with whether it is required. */
export function propertiesOf(schema: JsonSchema): { name: string; schema: JsonSchema; required: boolean }[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
  const required = new Set((schema.required ?? []) as string[])
  return Object.entries(properties).map(([name, s]) => ({ name, schema: s, required: required.has(name) }))
}
