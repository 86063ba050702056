import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { JsonSchema } from './schema-values.ts'

/**
 * The OpenAPI 3.1 document as the fuzz suite reads it: its operations (method, path, parameters, request body, declared
 * responses), and a check of an answer against what its operation declares for that status (ajv on JSON Schema
 * 2020-12, formats on, strict off: the document's `example`s and OpenAPI keywords are not JSON Schema's).
 */

type Obj = { [key: string]: unknown }

export interface Parameter {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required: boolean
  schema: JsonSchema
}

export interface Operation {
  /** `GET /api/lojas/{loja}`: how the suite names it in figures and failures. */
  id: string
  method: string
  /** The document's path template (`/api/loja/v1/compras/{id}/devolucoes`). */
  path: string
  parameters: Parameter[]
  /** The JSON body's schema, when the operation takes one. */
  body?: JsonSchema
  bodyRequired: boolean
  /** Content types the request body is declared with. */
  requestTypes: string[]
  /** Declared statuses (`200`, `4XX`, `default`) and, for each, its content types. */
  responses: Record<string, string[]>
  /** Content types of its successful answers (event streams are left out of the fuzzing: they never end). */
  successTypes: string[]
}

export interface Verdict {
  ok: boolean
  /** Why not, when not: an undeclared status, an undeclared content type, a body off its schema (ajv's errors). */
  problem?: string
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const

/** `a/b~c` as a JSON pointer segment. */
const pointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1')

const DOC_ID = 'https://balcao.test/openapi.json'

export class Contract {
  readonly operations: Operation[]
  private readonly ajv: InstanceType<typeof Ajv2020>
  private readonly validators = new Map<string, ReturnType<InstanceType<typeof Ajv2020>['compile']> | null>()

  constructor(readonly document: Obj) {
    this.ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true })
    addFormats(this.ajv)
    // The whole document under one id: every schema is compiled as a `$ref` into it, so `#/components/…` resolve.
    this.ajv.addSchema({ ...document, $id: DOC_ID }, DOC_ID)
    this.operations = this.readOperations()
  }

  /** The schema a `$ref` of the document names (`#/components/schemas/X`). */
  resolve = (ref: string): JsonSchema => {
    if (!ref.startsWith('#/')) throw new Error(`unsupported $ref ${ref}`)
    let node: unknown = this.document
    for (const raw of ref.slice(2).split('/')) {
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~')
      node = (node as Obj)?.[key]
    }
    if (node === undefined) throw new Error(`unresolved $ref ${ref}`)
    return node as JsonSchema
  }

  private deref<T>(node: T): T {
    let n = node as unknown
    for (let i = 0; i < 10 && n && typeof n === 'object' && typeof (n as Obj).$ref === 'string'; i++) {
      n = this.resolve((n as Obj).$ref as string)
    }
    return n as T
  }

  private readOperations(): Operation[] {
    const out: Operation[] = []
    const paths = (this.document.paths ?? {}) as Record<string, Obj>
    for (const [path, item] of Object.entries(paths)) {
      const shared = (item.parameters ?? []) as Obj[]
      for (const method of METHODS) {
        const op = item[method] as Obj | undefined
        if (!op) continue
        const byKey = new Map<string, Parameter>()
        for (const raw of [...shared, ...((op.parameters ?? []) as Obj[])]) {
          const p = this.deref(raw)
          const where = p.in as Parameter['in']
          byKey.set(`${where}:${p.name}`, {
            name: String(p.name),
            in: where,
            required: p.required === true || where === 'path',
            schema: (p.schema ?? { type: 'string' }) as JsonSchema,
          })
        }
        const requestBody = op.requestBody ? this.deref(op.requestBody as Obj) : undefined
        const content = (requestBody?.content ?? {}) as Record<string, Obj>
        const json = Object.entries(content).find(([type]) => type.includes('json'))
        const responses: Record<string, string[]> = {}
        for (const [status, raw] of Object.entries((op.responses ?? {}) as Record<string, Obj>)) {
          responses[status] = Object.keys((this.deref(raw).content ?? {}) as Obj)
        }
        const successTypes = Object.entries(responses)
          .filter(([s]) => s.startsWith('2'))
          .flatMap(([, types]) => types)
        out.push({
          id: `${method.toUpperCase()} ${path}`,
          method: method.toUpperCase(),
          path,
          parameters: [...byKey.values()],
          ...(json ? { body: (json[1].schema ?? true) as JsonSchema } : {}),
          bodyRequired: requestBody?.required === true,
          requestTypes: Object.keys(content),
          responses,
          successTypes,
        })
      }
    }
    return out
  }

  /** The declared response key an answer's status falls under: exact, then its range (`4XX`), then `default`. */
  declaredStatus(op: Operation, status: number): string | undefined {
    const exact = String(status)
    if (exact in op.responses) return exact
    const range = `${exact[0]}XX`
    if (range in op.responses) return range
    return 'default' in op.responses ? 'default' : undefined
  }

  /** Whether an answer is one the document declares for this operation: its status, content type and body. */
  check(op: Operation, status: number, contentType: string | undefined, body: string): Verdict {
    const key = this.declaredStatus(op, status)
    if (key === undefined) {
      return { ok: false, problem: `status ${status} not declared (declared: ${Object.keys(op.responses).join(', ')})` }
    }
    const declared = op.responses[key] ?? []
    if (declared.length === 0) {
      return body.length === 0 ? { ok: true } : { ok: false, problem: `status ${status} declares no body, got one` }
    }
    const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
    const media = declared.find((d) => d.toLowerCase() === type) ?? declared.find((d) => matchesRange(d, type))
    if (!media) return { ok: false, problem: `content type '${type}' not declared for ${key} (${declared.join(', ')})` }
    if (!media.includes('json')) return { ok: true }
    let value: unknown
    try {
      value = JSON.parse(body)
    } catch {
      return { ok: false, problem: `status ${status}: body is not JSON` }
    }
    const validate = this.validator(op, key, media)
    if (!validate) return { ok: true }
    if (validate(value)) return { ok: true }
    const errors = (validate.errors ?? [])
      .slice(0, 3)
      .map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`)
      .join('; ')
    return { ok: false, problem: `status ${status} body off its schema: ${errors}` }
  }

  /**
   * Whether a JSON request body is valid by the document (a value drawn from a schema may miss it: a pattern the
   * generator reads poorly gives up after a few draws), so a test judges only the requests the document calls valid.
   */
  requestBodyValid(op: Operation, body: unknown): boolean {
    const id = `${op.id} request`
    let v = this.validators.get(id)
    if (v === undefined) {
      const at = `/paths/${pointer(op.path)}/${op.method.toLowerCase()}/requestBody/content/${pointer('application/json')}/schema`
      v = op.body === undefined ? null : this.ajv.compile({ $ref: `${DOC_ID}#${at}` })
      this.validators.set(id, v)
    }
    return v === null || v(body) === true
  }

  private validator(op: Operation, key: string, media: string) {
    const id = `${op.id} ${key} ${media}`
    let v = this.validators.get(id)
    if (v === undefined) {
      // Compiled as a reference into the document, so the schema's own `$ref`s resolve against it.
      const operation = ((this.document.paths as Obj)[op.path] as Obj)[op.method.toLowerCase()] as Obj
      const raw = (operation.responses as Obj)[key] as Obj
      const at =
        typeof raw.$ref === 'string'
          ? raw.$ref.slice(1)
          : `/paths/${pointer(op.path)}/${op.method.toLowerCase()}/responses/${pointer(key)}`
      const schema = ((this.deref(raw).content as Obj)[media] as Obj | undefined)?.schema
      v = schema === undefined ? null : this.ajv.compile({ $ref: `${DOC_ID}#${at}/content/${pointer(media)}/schema` })
      this.validators.set(id, v)
    }
    return v
  }
}

function matchesRange(declared: string, type: string): boolean {
  if (declared === '*/*') return true
  const [a, b] = declared.split('/')
  return b === '*' && type.startsWith(`${a}/`)
}
