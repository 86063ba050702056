import { z } from 'zod'
import { PrivateDataSchema, UserDataSchema } from '../../shared/conta.ts'
import { DocumentoFiscalSchema } from '../../shared/documentos.ts'
import { ClienteSchema, TransacaoLojaSchema, TransacaoSchema } from '../../shared/fidelizacao.ts'
import { EncomendaClienteSchema, EncomendaLojaSchema } from '../../shared/pedido.ts'

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) as a plain object. */
export type JsonSchema = Record<string, unknown>

/**
 * A route's schema as JSON Schema 2020-12. Requests are described as the client sends them (`io: 'input'`: before
 * defaults and transforms), answers as the serializer writes them (`io: 'output'`). What JSON Schema cannot say (a
 * transform's result, a custom check) becomes "any" rather than failing the document: the route still checks it.
 * A value that is already a JSON Schema (a route written without zod) is taken as it is.
 */
export function jsonSchemaOf(
  schema: unknown,
  io: 'input' | 'output',
  components?: Record<string, JsonSchema>,
): JsonSchema {
  if (!(schema instanceof z.ZodType)) return { ...((schema as JsonSchema | undefined) ?? {}) }
  const converted = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    // No route schema is recursive today; one that becomes so is cut with a $ref rather than looping.
    cycles: 'ref',
    reused: 'inline',
    // Answers name the shared shapes (NAMED) by reference, so the document says each once.
    ...(io === 'output' && components ? { metadata: NAMED } : {}),
  }) as JsonSchema
  delete converted.$schema
  const defs = converted.$defs as Record<string, JsonSchema> | undefined
  delete converted.$defs
  if (!defs) return converted
  // A `$ref: '#/$defs/…'` would resolve against the OpenAPI document's root, not this schema's: into components.
  if (!components) throw new Error('A schema with $defs (recursive, or a named shape) needs a components map.')
  const toComponents = (value: JsonSchema) =>
    JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', `"${COMPONENTS}`)) as JsonSchema
  for (const [name, def] of Object.entries(defs)) {
    const hoisted = toComponents(def)
    const known = components[name]
    if (known && JSON.stringify(known) !== JSON.stringify(hoisted)) throw new Error(`Two shapes named ${name}`)
    components[name] = hoisted
  }
  return toComponents(converted)
}

const COMPONENTS = '#/components/schemas/'

/** The shapes several answers share, by the name the document gives them. */
const NAMED = z.registry<{ id: string }>()
NAMED.add(PrivateDataSchema, { id: 'DadosPrivados' })
  .add(UserDataSchema, { id: 'Utilizador' })
  .add(TransacaoSchema, { id: 'Transacao' })
  .add(TransacaoLojaSchema, { id: 'TransacaoLoja' })
  .add(ClienteSchema, { id: 'ClienteLoja' })
  .add(EncomendaLojaSchema, { id: 'EncomendaLoja' })
  .add(EncomendaClienteSchema, { id: 'EncomendaCliente' })
  .add(DocumentoFiscalSchema, { id: 'DocumentoFiscal' })

/**
 * A schema of the document made self-contained: its references to components (`#/components/schemas/X`) point into
 * its own `$defs`, which carry every component. What a validator (ajv) compiles on its own.
 */
export function selfContained(schema: JsonSchema, components: Record<string, JsonSchema>): JsonSchema {
  const local = (value: unknown) => JSON.parse(JSON.stringify(value).replaceAll(`"${COMPONENTS}`, '"#/$defs/'))
  return { ...local(schema), $defs: local(components) }
}

/** The properties of an object schema (path parameters, query string, headers), each with whether it is required. */
export function propertiesOf(schema: JsonSchema): { name: string; schema: JsonSchema; required: boolean }[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
  const required = new Set((schema.required ?? []) as string[])
  return Object.entries(properties).map(([name, s]) => ({ name, schema: s, required: required.has(name) }))
}
