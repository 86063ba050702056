/**
 * The invalid half of the fuzz suite: what a hostile or broken client sends. Each mutation takes a request that would
 * be valid and spoils one thing of it (a field's type, a missing or extra field, a huge or unicode string, a number
 * at a boundary, a deep nest, the JSON itself, the content type, a header, a path parameter), so that the refusal has
 * to come from the rule that thing breaks, deep in the route, not from the first check at the door.
 */

/** A request before it is sent: what the mutations spoil. */
export interface Draft {
  method: string
  /** Path parameters by name, as text (encoded when the URL is built). */
  params: Record<string, string>
  query: Record<string, string | string[]>
  headers: Record<string, string>
  /** The JSON body as a value (serialised when sent), unless `raw` replaces it. */
  body?: unknown
  /** The body as sent, byte for byte (broken JSON, another format). */
  raw?: string
}

/** The choices of one request: a random number in [0, 1). */
export type Dice = () => number

export const pick = <T>(dice: Dice, list: readonly T[]): T => list[Math.floor(dice() * list.length)] as T

export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\t\n',
  'a',
  '\u0000',
  'abc\u0000def',
  '\u0007bell',
  '\u001b[31mred',
  '\u007f',
  '\u0085next-line',
  '\ud800',
  'x\udfffy',
  '\udbff\udfff',
  '\u202eRTL',
  '\u200b\u200c\u200d\ufeff',
  'e\u0301\u0301\u0301',
  'Ａｎａ',
  '😀'.repeat(50),
  '👩‍👩‍👧‍👦',
  'é'.repeat(300),
  'ß'.repeat(5000),
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' or 1=1 --",
  "'; drop table utilizadores; --",
  `$${'{'}7*7}{{7*7}}`,
  '../../etc/passwd',
  '%00',
  '%2e%2e%2f',
  '\\u0000',
  'x'.repeat(2_000),
  'x'.repeat(70_000),
  'NaN',
  'Infinity',
  '-Infinity',
  'null',
  'undefined',
  'true',
  '0x10',
  '1e400',
  '-0',
  '1_000',
  '١٢٣',
  '９１２３４５６７８',
  '+351 912 345 678',
  '2026-02-30',
  '2026-13-01T25:61:61Z',
  '__proto__',
]

export const BOUNDARY_NUMBERS: readonly number[] = [
  0,
  -1,
  1,
  0.5,
  -0.5,
  1e-7,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53 - 1,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  99999999999,
  3_000_000_000,
]

export const HOSTILE_IDS: readonly string[] = [
  '0',
  '-1',
  '0x10',
  '+16',
  '16.0',
  '016',
  '1.6e1',
  ' 16',
  '16 ',
  '99999999999',
  '9007199254740993',
  'abc',
  'NaN',
  '%00',
  '%2F',
  'é',
  '😀',
  '\u0000',
  '\ud800',
  'x'.repeat(300),
  'x'.repeat(5000),
  "1' or '1'='1",
]

/**
 * A path segment as sent: encoded, except the hostile ids already written as escapes (`%00`, `%2F`: sent as they are,
 * for the server's URL decoding to meet them); a lone surrogate, which `encodeURIComponent` refuses, as its WTF-8 bytes.
 */
export function pathSegment(value: string): string {
  if (/^%[0-9A-Fa-f]{2}/.test(value)) return value
  try {
    return encodeURIComponent(value)
  } catch {
    let out = ''
    for (const ch of value) {
      const code = ch.codePointAt(0) ?? 0
      if (code >= 0xd800 && code <= 0xdfff) {
        out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`
      } else out += encodeURIComponent(ch)
    }
    return out.toUpperCase()
  }
}

/** Names a route reads somewhere: an extra field of a known name tests that it is ignored where it does not belong. */
export const FIELD_NAMES: readonly string[] = [
  'id',
  'cliente_id',
  'utilizador_id',
  'id_loja',
  'saldo',
  'saldo_a_usar',
  'total',
  'valor',
  'estado',
  'papel',
  'admin',
  'temporario',
  'password',
  '__proto__',
  'constructor',
  'prototype',
  '',
  ' ',
  'é',
  'x'.repeat(300),
]

/** A value of another JSON type than `v`'s (wrong types). */
export function otherType(dice: Dice, v: unknown): unknown {
  const kinds = ['string', 'number', 'boolean', 'null', 'array', 'object'].filter((k) => k !== typeOf(v))
  switch (pick(dice, kinds)) {
    case 'string':
      return typeof v === 'number' || typeof v === 'boolean' ? String(v) : pick(dice, HOSTILE_STRINGS).slice(0, 50)
    case 'number':
      return typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))
        ? Number(v)
        : pick(dice, BOUNDARY_NUMBERS)
    case 'boolean':
      return dice() < 0.5
    case 'null':
      return null
    case 'array':
      return dice() < 0.5 ? [] : [v]
    default:
      return dice() < 0.5 ? {} : { value: v }
  }
}

function typeOf(v: unknown): string {
  if (v === null) return 'null'
  if (Array.isArray(v)) return 'array'
  return typeof v
}

/** Nested arrays or objects this deep, around `inner`. */
export function nested(depth: number, inner: unknown, objects: boolean): unknown {
  let v = inner
  for (let i = 0; i < depth; i++) v = objects ? { a: v } : [v]
  return v
}

/** The paths (keys from the root) of every node of a JSON value, the root being []. */
function nodes(v: unknown, path: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(path)
  if (out.length > 400) return out
  if (Array.isArray(v)) {
    for (const [i, x] of v.entries()) nodes(x, [...path, i], out)
  } else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) nodes(x, [...path, k], out)
  return out
}

function getAt(v: unknown, path: (string | number)[]): unknown {
  let node = v
  for (const k of path) node = (node as Record<string | number, unknown>)?.[k]
  return node
}

/** `v` with the node at `path` replaced (or removed, with `remove`); the root replaced when `path` is empty. */
function setAt(v: unknown, path: (string | number)[], value: unknown, remove = false): unknown {
  if (path.length === 0) return value
  const copy = structuredClone(v) as Record<string | number, unknown>
  let node = copy
  for (const k of path.slice(0, -1)) node = node[k] as Record<string | number, unknown>
  const last = path[path.length - 1] as string | number
  if (remove) {
    if (Array.isArray(node)) node.splice(Number(last), 1)
    else delete node[last]
  } else {
    node[last] = value
  }
  return copy
}

/** A hostile value of the kind that spoils a leaf of this type. */
function hostileLeaf(dice: Dice, v: unknown): unknown {
  const r = dice()
  if (typeof v === 'number' || r < 0.3) {
    const n = pick(dice, BOUNDARY_NUMBERS)
    return typeof v === 'number' && dice() < 0.4 ? v + pick(dice, [-1, 1, 0.5, -1e-9]) : dice() < 0.5 ? -n : n
  }
  return pick(dice, HOSTILE_STRINGS)
}

/** JSON text that is not a JSON body the routes accept. */
const BROKEN_JSON: readonly ((body: string) => string)[] = [
  () => '',
  () => ' ',
  () => '{"a":',
  () => '{',
  () => '}',
  () => 'null',
  () => 'nul',
  () => '[]',
  () => '"text"',
  () => '0',
  () => 'true',
  () => "{'a': 1}",
  () => '{"a":1,}',
  () => '{"a":1}{"b":2}',
  () => `{"a":${'1'.repeat(400)}}`,
  () => '{"a":NaN}',
  () => '{"a":Infinity}',
  () => '{"a":"\\ud800"}',
  () => '{"a":"\\u0000"}',
  () => '{"__proto__":{"admin":true}}',
  () => '{"constructor":{"prototype":{"admin":true}}}',
  () => `${'['.repeat(5000)}${']'.repeat(5000)}`,
  () => `${'{"a":'.repeat(40)}1${'}'.repeat(40)}`,
  (b) => `\ufeff${b}`,
  (b) => `${b}garbage`,
  (b) => b.slice(0, Math.max(0, b.length - 1)),
  (b) => b.replace(/"/, "'"),
  (b) => `${b.slice(0, -1)}${b.length > 2 ? ',' : ''}"dup":1,"dup":2}`,
]

const BAD_CONTENT_TYPES: readonly (string | undefined)[] = [
  undefined,
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'application/jsonx',
  'APPLICATION/JSON',
  'application/json, text/plain',
  'json',
  '',
  ';;;',
]

export const MUTATION_KINDS = [
  'missing-field',
  'extra-field',
  'wrong-type',
  'hostile-value',
  'deep-nesting',
  'whole-body',
  'broken-json',
  'no-body',
  'content-type',
  'header',
  'path-param',
  'query',
] as const
export type MutationKind = (typeof MUTATION_KINDS)[number]

/**
 * Spoils one thing of a draft. `headers` names the headers the door reads (identity, version, idempotency): removing
 * or spoiling one of them tests the door. Answers which kind it applied (a draft with no body gets none of the body's).
 */
export function mutate(dice: Dice, draft: Draft, headerNames: readonly string[]): MutationKind {
  const hasBody = draft.body !== undefined
  const kinds = MUTATION_KINDS.filter((k) => {
    if (k === 'path-param') return Object.keys(draft.params).length > 0
    if (['missing-field', 'extra-field', 'wrong-type', 'hostile-value', 'deep-nesting', 'whole-body'].includes(k))
      return hasBody
    if (k === 'broken-json' || k === 'no-body' || k === 'content-type') return draft.method !== 'GET'
    return true
  })
  const kind = pick(dice, kinds)
  const body = draft.body
  switch (kind) {
    case 'missing-field': {
      const fields = nodes(body).filter((p) => p.length > 0)
      if (fields.length === 0) draft.body = {}
      else draft.body = setAt(body, pick(dice, fields), undefined, true)
      break
    }
    case 'extra-field': {
      const objects = nodes(body).filter((p) => {
        const n = getAt(body, p)
        return n !== null && typeof n === 'object' && !Array.isArray(n)
      })
      const at = objects.length > 0 ? pick(dice, objects) : []
      const target = getAt(body, at)
      const extra = { ...(target && typeof target === 'object' ? target : {}) } as Record<string, unknown>
      extra[pick(dice, FIELD_NAMES)] = hostileLeaf(dice, pick(dice, ['', 0]))
      draft.body = setAt(body, at, extra)
      break
    }
    case 'wrong-type': {
      const at = pick(dice, nodes(body))
      draft.body = setAt(body, at, otherType(dice, getAt(body, at)))
      break
    }
    case 'hostile-value': {
      const at = pick(dice, nodes(body))
      draft.body = setAt(body, at, hostileLeaf(dice, getAt(body, at)))
      break
    }
    case 'deep-nesting': {
      const at = pick(dice, nodes(body))
      const depth = pick(dice, [20, 31, 33, 64, 1000])
      draft.body = setAt(body, at, nested(depth, getAt(body, at) ?? 1, dice() < 0.5))
      break
    }
    case 'whole-body':
      draft.body = pick(dice, [[], [body], 'text', 0, -1, true, null, {}])
      break
    case 'broken-json':
      draft.raw = pick(dice, BROKEN_JSON)(JSON.stringify(body ?? {}))
      break
    case 'no-body':
      draft.body = undefined
      draft.raw = undefined
      if (dice() < 0.5) delete draft.headers['content-type']
      break
    case 'content-type': {
      const type = pick(dice, BAD_CONTENT_TYPES)
      if (type === undefined) delete draft.headers['content-type']
      else draft.headers['content-type'] = type
      if (type?.startsWith('application/x-www-form-urlencoded')) draft.raw = 'a=1&b=2'
      break
    }
    case 'header':
      spoilHeader(dice, draft, headerNames)
      break
    case 'path-param': {
      const name = pick(dice, Object.keys(draft.params))
      draft.params[name] = pick(dice, HOSTILE_IDS)
      break
    }
    case 'query': {
      const names = Object.keys(draft.query)
      const r = dice()
      if (names.length > 0 && r < 0.3) delete draft.query[pick(dice, names)]
      else if (names.length > 0 && r < 0.6) {
        const name = pick(dice, names)
        draft.query[name] = dice() < 0.5 ? pick(dice, HOSTILE_STRINGS).slice(0, 3000) : ['1', '2']
      } else draft.query[pick(dice, FIELD_NAMES) || 'x'] = pick(dice, HOSTILE_STRINGS).slice(0, 3000)
      break
    }
  }
  return kind
}

function spoilHeader(dice: Dice, draft: Draft, headerNames: readonly string[]) {
  const names = [...new Set([...headerNames, 'accept', 'content-type'])]
  const name = pick(dice, names)
  const r = dice()
  if (r < 0.35) {
    delete draft.headers[name]
    return
  }
  const current = draft.headers[name] ?? ''
  const spoiled: readonly string[] = [
    '',
    ' ',
    'x'.repeat(300),
    'é',
    '\u00ff\u00fe',
    current.slice(0, -1),
    `${current}x`,
    current.toUpperCase(),
    `${current}, ${current}`,
    name === 'authorization' ? 'Bearer' : '9.9',
    name === 'authorization' ? 'Basic YTpi' : 'text/html',
    name === 'authorization' ? `Bearer ${current.slice(7)} extra` : '1.0.0',
    name === 'cookie' ? `${current}; ${current}` : '0',
    name === 'cookie' ? 'balcao_sessao=%zz%' : '*/*',
  ]
  draft.headers[name] = pick(dice, spoiled)
}
