import fc from 'fast-check'

/**
 * Values that a JSON Schema (2020-12, as an OpenAPI 3.1 document carries it) accepts, as fast-check arbitraries: the
 * "valid" half of the fuzz suite. Covers what the routes' zod schemas produce: type (and type lists), properties,
 * required, additionalProperties, enum, const, min/maxLength, pattern, format, minimum/maximum (exclusive too),
 * multipleOf, items/prefixItems, min/maxItems, anyOf/oneOf/allOf, $ref, and OpenAPI 3.0's `nullable`.
 *
 * Best effort by design: what JSON Schema cannot say (a zod refinement: a phone's numbering plan, a NIF's check digit)
 * is not known here, so `hint` lets the caller offer real values by field name (a customer's phone, an order's id,
 * harvested from earlier answers); those reach deeper into a route than any random string.
 */
export type JsonSchema = boolean | { [keyword: string]: unknown }

export interface ValueOptions {
  /** The schema a `$ref` names (the document's components). */
  resolve(ref: string): JsonSchema
  /** Known real values for a field of this name (read when a value is drawn, so it can grow as answers arrive). */
  hint?(name: string): readonly unknown[]
  /** Deeper than this, optional fields are left out and arrays are empty (recursive schemas end). */
  maxDepth?: number
}

type Obj = { [keyword: string]: unknown }

const DEFAULT_MAX_DEPTH = 8

/** Strings a form would carry: printable ASCII mostly, Portuguese letters, the euro sign, a space. */
const textChar = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.constantFrom(...'áàâãçéêíóôõúÁÀÂÃÇÉÊÍÓÔÕÚ€ºª ') },
)

const FORMATS: Record<string, fc.Arbitrary<string>> = {
  // Addresses as people have them (fast-check's own are RFC-valid oddities that form validators refuse).
  email: fc
    .tuple(fc.stringMatching(/^[a-z][a-z0-9.]{0,12}[a-z0-9]$/), fc.constantFrom('exemplo.pt', 'gmail.com', 'sapo.pt'))
    .map(([user, host]) => `${user.replace(/\.\.+/g, '.')}@${host}`),
  date: fc
    .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  'date-time': fc
    .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString()),
  time: fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(11, 19)),
  uri: fc.webUrl(),
  url: fc.webUrl(),
  uuid: fc.uuid(),
  ipv4: fc.ipV4(),
  ipv6: fc.ipV6(),
}

/** `name`: the field or parameter the values are for (its hints are offered too). */
export function valuesOf(schema: JsonSchema, options: ValueOptions, name?: string): fc.Arbitrary<unknown> {
  return new Builder(options).of(schema, name, 0)
}

class Builder {
  private readonly maxDepth: number
  constructor(private readonly options: ValueOptions) {
    this.maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH
  }

  /** A schema's values; `name`: the property or parameter it is the value of (for hints). */
  of(schema: JsonSchema, name: string | undefined, depth: number): fc.Arbitrary<unknown> {
    if (schema === true) return fc.jsonValue({ maxDepth: 2 })
    if (schema === false) return fc.constant(undefined)
    const own = this.schemaValues(schema, depth)
    const hint = this.options.hint
    if (!hint || name === undefined) return own
    // A real value of this field when one is known, drawn from the pool as it is then.
    const known = fc.nat().map((n) => {
      const pool = hint(name)
      return pool.length > 0 ? { v: pool[n % pool.length] } : null
    })
    return fc.tuple(fc.nat(99), known, own).map(([roll, k, v]) => {
      if (k === null || roll >= 60) return v
      // A path or query parameter is text: a known id (a number in the answers) is its digits there.
      const known = typeof k.v === 'number' && !fitsType(schema, k.v, this.options) ? String(k.v) : k.v
      return fitsType(schema, known, this.options) ? known : v
    })
  }

  private schemaValues(schema: Obj, depth: number): fc.Arbitrary<unknown> {
    if (typeof schema.$ref === 'string') {
      if (depth > this.maxDepth * 2) return fc.constant(null)
      return this.of(this.options.resolve(schema.$ref), undefined, depth + 1)
    }
    if ('const' in schema) return fc.constant(schema.const)
    if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]))
    for (const key of ['anyOf', 'oneOf'] as const) {
      const branches = schema[key]
      if (Array.isArray(branches) && branches.length > 0) {
        const rest = withoutKey(schema, key)
        return fc.oneof(...branches.map((b) => this.of(mergeSchemas(rest, b as JsonSchema), undefined, depth)))
      }
    }
    if (Array.isArray(schema.allOf) && schema.allOf.length > 0) {
      const merged = (schema.allOf as JsonSchema[]).reduce<JsonSchema>(
        (acc, s) => mergeSchemas(acc, this.deref(s)),
        withoutKey(schema, 'allOf'),
      )
      return this.of(merged, undefined, depth)
    }
    const types = typesOf(schema)
    const arbs = types.map((type) => this.ofType(schema, type, depth))
    if (schema.nullable === true && !types.includes('null')) arbs.push(fc.constant(null))
    return arbs.length === 1 ? (arbs[0] as fc.Arbitrary<unknown>) : fc.oneof(...arbs)
  }

  private deref(schema: JsonSchema): JsonSchema {
    return typeof schema === 'object' && typeof schema.$ref === 'string' ? this.options.resolve(schema.$ref) : schema
  }

  private ofType(schema: Obj, type: string, depth: number): fc.Arbitrary<unknown> {
    switch (type) {
      case 'null':
        return fc.constant(null)
      case 'boolean':
        return fc.boolean()
      case 'integer':
      case 'number':
        return numbers(schema, type === 'integer')
      case 'string':
        return strings(schema)
      case 'array':
        return this.arrays(schema, depth)
      case 'object':
        return this.objects(schema, depth)
      default:
        return fc.jsonValue({ maxDepth: 2 })
    }
  }

  private arrays(schema: Obj, depth: number): fc.Arbitrary<unknown> {
    const min = num(schema.minItems) ?? 0
    const max = Math.max(min, Math.min(num(schema.maxItems) ?? min + 4, min + 4))
    const prefix = Array.isArray(schema.prefixItems) ? (schema.prefixItems as JsonSchema[]) : []
    const items = (schema.items ?? true) as JsonSchema
    const deep = depth >= this.maxDepth
    const item = this.of(items, undefined, depth + 1)
    const rest = fc.array(item, { minLength: Math.max(0, min - prefix.length), maxLength: deep ? 0 : max })
    const head = fc.tuple(...prefix.map((p) => this.of(p, undefined, depth + 1)))
    const all = fc.tuple(head, prefix.length > 0 && schema.items === false ? fc.constant([]) : rest)
    const joined = all.map(([h, r]) => [...h, ...r])
    if (schema.uniqueItems !== true) return joined
    return joined.map((list) => {
      const seen = new Set<string>()
      return list.filter((v) => {
        const key = JSON.stringify(v)
        if (seen.has(key)) return false
        seen.add(key)
        return true
      })
    })
  }

  private objects(schema: Obj, depth: number): fc.Arbitrary<unknown> {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
    const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : [])
    const deep = depth >= this.maxDepth
    const model: Record<string, fc.Arbitrary<unknown>> = {}
    for (const [key, sub] of Object.entries(properties)) {
      if (deep && !required.has(key)) continue
      model[key] = this.of(sub, key, depth + 1)
    }
    const requiredKeys = Object.keys(model).filter((k) => required.has(k))
    // Required fields a schema names without describing them still get a value.
    for (const key of required) if (!(key in model)) model[key] = fc.jsonValue({ maxDepth: 1 })
    const base = fc.record(model, { requiredKeys: [...new Set([...requiredKeys, ...required])] })
    const extra = schema.additionalProperties
    if (deep || extra === false || extra === undefined) return base
    const values = this.of(extra as JsonSchema, undefined, depth + 1)
    const names = propertyNames(schema)
    return fc
      .tuple(base, fc.dictionary(names, values, { maxKeys: 3 }))
      .map(([own, more]) => ({ ...more, ...(own as object) }))
  }
}

function propertyNames(schema: Obj): fc.Arbitrary<string> {
  const names = schema.propertyNames
  if (names && typeof names === 'object') return strings(names as Obj)
  return fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 12 })
}

function strings(schema: Obj): fc.Arbitrary<string> {
  const min = num(schema.minLength) ?? 0
  const max = Math.max(min, num(schema.maxLength) ?? Math.max(min, 40))
  const format = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined
  const pattern = typeof schema.pattern === 'string' ? safeRegex(schema.pattern) : undefined
  const others = patternsOf(schema)
    .map(safeRegex)
    .filter((r): r is RegExp => r !== undefined)
  if (others.length > 1) {
    const all = (s: string) => others.every((r) => r.test(s))
    const drawn =
      format ?? (pattern && patternStrings(pattern, min, max)) ?? fc.string({ minLength: min, maxLength: max })
    return firstFitting(drawn, (s) => s.length >= min && s.length <= max && all(s), 4)
  }
  // A known format first (zod writes its e-mail rule as a pattern too, which fast-check's generator reads poorly).
  if (format) {
    return firstFitting(format, (s) => s.length >= min && s.length <= max && (!pattern || pattern.test(s)))
  }
  if (pattern) {
    const matching = patternStrings(pattern, min, max)
    if (matching) return matching
  }
  // Most strings short; some at the longest the schema allows.
  const cap = Math.min(max, min + 60)
  return fc.oneof(
    { weight: 9, arbitrary: fc.array(textChar, { minLength: min, maxLength: cap }).map((cs) => cs.join('')) },
    { weight: 1, arbitrary: fc.constant('x'.repeat(Math.min(max, 20_000))) },
  )
}

/** Strings matching a pattern (the schema's own regular expression), within the length bounds; null if unusable. */
function patternStrings(regex: RegExp, min: number, max: number): fc.Arbitrary<string> | null {
  try {
    // Repetitions long enough to reach the minimum length (a push subscription's key has 80 characters at least).
    const size = min >= 100 ? 'large' : min >= 8 ? 'medium' : 'small'
    const arb = fc.stringMatching(regex, { size })
    // A pattern anchored at neither end lets fast-check add text around it: long enough to pass max, sometimes.
    return firstFitting(
      arb.map((s) => (s.length > max ? s.slice(0, max) : s)),
      (s) => s.length >= min && regex.test(s),
    )
  } catch {
    return null
  }
}

function safeRegex(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern, 'u')
  } catch {
    return undefined
  }
}

/**
 * The first of a few draws that fits, else the last drawn (a request then invalid by chance rather than never made):
 * `filter` would draw for ever when fitting values are rare.
 */
function firstFitting<T>(arb: fc.Arbitrary<T>, fits: (v: T) => boolean, tries = 12): fc.Arbitrary<T> {
  return fc
    .array(arb, { minLength: tries, maxLength: tries })
    .map((draws) => draws.find(fits) ?? (draws[draws.length - 1] as T))
}

function numbers(schema: Obj, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMin = num(schema.exclusiveMinimum)
  const exclusiveMax = num(schema.exclusiveMaximum)
  let min = num(schema.minimum) ?? (exclusiveMin === undefined ? undefined : exclusiveMin)
  let max = num(schema.maximum) ?? (exclusiveMax === undefined ? undefined : exclusiveMax)
  if (min !== undefined && exclusiveMin !== undefined && exclusiveMin >= min) min = exclusiveMin
  if (max !== undefined && exclusiveMax !== undefined && exclusiveMax <= max) max = exclusiveMax
  const lowOpen = exclusiveMin !== undefined && min === exclusiveMin
  const highOpen = exclusiveMax !== undefined && max === exclusiveMax
  const multipleOf = num(schema.multipleOf)
  if (integer || (multipleOf !== undefined && Number.isInteger(multipleOf))) {
    let lo = Math.ceil(min ?? -1_000_000)
    let hi = Math.floor(max ?? 1_000_000_000)
    if (lowOpen && lo === min) lo += 1
    if (highOpen && hi === max) hi -= 1
    lo = Math.max(lo, Number.MIN_SAFE_INTEGER)
    hi = Math.min(hi, Number.MAX_SAFE_INTEGER)
    if (hi < lo) return fc.constant(lo)
    const ints = fc.integer({ min: lo, max: hi })
    if (multipleOf === undefined || multipleOf === 1) return ints
    return firstFitting(
      ints.map((n) => Math.ceil(n / multipleOf) * multipleOf),
      (n) => n >= lo && n <= hi && (!lowOpen || n !== min) && (!highOpen || n !== max),
    )
  }
  const lo = min ?? -1e9
  const hi = max ?? 1e9
  return fc
    .double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true, minExcluded: lowOpen, maxExcluded: highOpen })
    .map((n) => (Object.is(n, -0) ? 0 : n))
}

function typesOf(schema: Obj): string[] {
  if (Array.isArray(schema.type)) return schema.type as string[]
  if (typeof schema.type === 'string') return [schema.type]
  if (schema.properties || schema.required || schema.additionalProperties !== undefined) return ['object']
  if (schema.items || schema.prefixItems) return ['array']
  if (schema.pattern !== undefined || schema.minLength !== undefined || schema.format !== undefined) return ['string']
  if (schema.minimum !== undefined || schema.maximum !== undefined) return ['number']
  return ['any']
}

/** Whether a hinted value has a type the schema allows (a cheap check: the schema's own validator is the server's). */
function fitsType(schema: Obj, value: unknown, options: ValueOptions): boolean {
  const s = typeof schema.$ref === 'string' ? options.resolve(schema.$ref) : schema
  if (typeof s !== 'object') return s
  if (Array.isArray(s.enum)) return s.enum.includes(value)
  if ('const' in s) return s.const === value
  const branches = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined
  if (Array.isArray(branches)) return branches.some((b) => typeof b === 'object' && fitsType(b, value, options))
  const types = typesOf(s)
  const actual = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value
  if (typeof value === 'string' && typeof s.pattern === 'string' && !safeRegex(s.pattern)?.test(value)) return false
  if (typeof value === 'string' && value.length > (num(s.maxLength) ?? Number.POSITIVE_INFINITY)) return false
  return types.some(
    (t) =>
      t === 'any' ||
      t === actual ||
      (t === 'integer' && Number.isInteger(value)) ||
      (t === 'null' && value === null && s.nullable === true),
  )
}

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined
}

function withoutKey(schema: Obj, key: string): Obj {
  const { [key]: _, ...rest } = schema
  return rest
}

/** Two schemas' constraints together (allOf, and a branch of anyOf/oneOf with its parent's keywords). */
/** Where a merged schema keeps every pattern it must match (not a JSON Schema keyword: this module's own). */
const ALL_PATTERNS = 'x-every-pattern'

const patternsOf = (s: Obj): string[] => [
  ...((s[ALL_PATTERNS] as string[] | undefined) ?? (typeof s.pattern === 'string' ? [s.pattern] : [])),
]

function mergeSchemas(a: JsonSchema, b: JsonSchema): JsonSchema {
  if (typeof a !== 'object') return b
  if (typeof b !== 'object') return a
  const merged: Obj = { ...a, ...b }
  // Two patterns (a zod string with two regexes, as allOf) must both hold: the longer one draws, every one filters.
  const patterns = [...patternsOf(a), ...patternsOf(b)]
  if (patterns.length > 1) {
    merged.pattern = patterns.reduce((x, y) => (y.length > x.length ? y : x))
    merged[ALL_PATTERNS] = patterns
  }
  if (a.properties || b.properties) {
    merged.properties = { ...(a.properties as object), ...(b.properties as object) }
  }
  if (a.required || b.required) {
    merged.required = [...new Set([...((a.required as string[]) ?? []), ...((b.required as string[]) ?? [])])]
  }
  return merged
}
