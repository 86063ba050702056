import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile'
import { z } from 'zod'
import { PASSWORD_LENGTH } from './constants.ts'
import { PROIBIDOS_LINHA, semProibidosLinha } from './texto-linha.ts'

/**
 * The validation rules of spec §5 with their exact pt-PT messages. Forms (react-hook-form) and routes use the same
 * schemas, so a message is written once, here.
 */
export const mensagens = {
  obrigatorio: 'Campo de preenchimento obrigatório',
  numerico: 'Campo de preenchimento numérico',
  igualA: (campo: string) => `O valor deve ser igual ao do campo ${campo}`,
  tamanhoMinimo: (n: number) => `Tamanho mínimo: ${n} caracteres`,
  tamanhoMaximo: (n: number) => `Tamanho máximo: ${n} caracteres`,
  email: 'Email inválido',
  data: 'Data inválida',
  idadeMinima: (idade: number) => `É necessário ser maior de ${idade} anos para participar do programa`,
  valorInvalido: 'Valor inválido',
  telemovelInvalido: 'Telemóvel inválido',
  codigoSmsInvalido: 'Código SMS inválido',
  telemovelExistente: 'Já existe um utilizador com este telemovel',
  nifInvalido: 'NIF inválido',
  codigoPostalInvalido: 'Código postal inválido',
  maiorQueZero: 'Deve ser maior que 0',
  naoNegativo: 'Não pode ser negativo',
  campoNaoPermitido: (campos: string[]) => `Campo não permitido: ${campos.join(', ')}`,
  caracteresProibidos: 'Contém caracteres não permitidos',
} as const

/** Missing → the required message; present but of another type (a number, a list) → 'Valor inválido'. */
export const requiredError = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? mensagens.obrigatorio : mensagens.valorInvalido

/**
 * Every message a schema does not name itself is still pt-PT: zod's English defaults ("Invalid input…") never reach a
 * person or an integrator, whatever schema a route forgot to word.
 */
z.config({
  customError(issue) {
    switch (issue.code) {
      case 'invalid_type':
        return requiredError(issue)
      case 'too_small':
        return issue.origin === 'string' ? mensagens.tamanhoMinimo(Number(issue.minimum)) : mensagens.valorInvalido
      case 'too_big':
        return issue.origin === 'string' ? mensagens.tamanhoMaximo(Number(issue.maximum)) : mensagens.valorInvalido
      case 'unrecognized_keys':
        return mensagens.campoNaoPermitido(issue.keys)
      default:
        return mensagens.valorInvalido
    }
  },
})

// In the browser, zod must not try to compile validators with `new Function`: the CSP (script-src 'self') forbids it,
// and the attempt alone files a CSP violation on every page that validates a form.
if (typeof document !== 'undefined') z.config({ jitless: true })

export const LOGIN_PASSWORD_MIN = 4
export const SMS_CODE_LENGTH = 6
export const TEXT_MAX = 200

/**
 * Text from a request never carries control characters: a NUL or a lone surrogate breaks PostgreSQL, logs and other
 * readers, and invisible controls make a text say what it does not show (a note for the kitchen whose words a bidi
 * override reverses on the board, a name with a zero-width space that looks like another's). Refused everywhere: every
 * C0 (U+0000–U+001F) and C1 (U+0080–U+009F, NEL among them) control and DEL, the line and paragraph separators
 * U+2028/U+2029 (a line is ended by LF only), the bidi embeddings, overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069) and marks (U+200E, U+200F, U+061C), the zero-width space U+200B and U+FEFF (a BOM, or a zero-width
 * no-break space), and unpaired surrogates. The zero-width joiners U+200C/U+200D stay: emoji sequences and some
 * scripts need them. One rule, here, used twice:
 * - by every text schema (`texto`, `obrigatorio`, `opcional` and what is built on them), so forms and routes name the
 *   field: single-line text refuses all of the above, tab and newlines too; multi-line text (`MULTILINHA`: comments,
 *   reasons, descriptions) allows tab and newline (LF, or CRLF);
 * - by the server's guard (src/server/platform/http.ts), which walks every parsed body, path and query with the
 *   multi-line rule before any schema runs: a string no schema words (a `z.unknown()` body, an unknown field, a key)
 *   is refused too, with its path, on every route at once. A NUL would otherwise be a 500 on PostgreSQL and stored
 *   as is on SQLite.
 */
// The single-line class lives in texto-linha.ts (no zod there: the cart cleans its notes with it in the first load).
const PROIBIDOS_MULTILINHA =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this rule finds
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200B\u200E\u200F\u2028-\u202E\u2066-\u2069\uFEFF]|\r(?!\n)|\p{Cs}/u

/** A single-line text with what the rule above refuses taken out (see texto-linha.ts). */
export { semProibidosLinha }

/** Whether a text holds only what it may: see above. */
export const textoPermitido = (valor: string, multilinha = false) =>
  !(multilinha ? PROIBIDOS_MULTILINHA : PROIBIDOS_LINHA).test(valor)

export interface TextoOptions {
  /** Tab and newlines allowed (a comment, a reason); single-line otherwise. */
  multilinha?: boolean
}
/** Text that may span lines: `obrigatorio(300, MULTILINHA)`. */
export const MULTILINHA: TextoOptions = { multilinha: true }

/** The control-character check of a text schema, as `.refine` arguments. */
export const semCaracteresProibidos = ({ multilinha = false }: TextoOptions = {}): [(v: string) => boolean, string] => [
  (v) => textoPermitido(v, multilinha),
  mensagens.caracteresProibidos,
]

/**
 * The first string in a parsed JSON value (or a path's or query's parameters) that breaks the multi-line rule, as the
 * dotted path the error envelope names (`cart.0.id`; a bad key is named by its own path), or null. Iterative: no
 * recursion however deep the value.
 */
export function primeiroTextoProibido(valor: unknown): string | null {
  const pilha: [unknown, string][] = [[valor, '']]
  const sob = (base: string, chave: string) => (base ? `${base}.${chave}` : chave)
  for (let item = pilha.pop(); item; item = pilha.pop()) {
    const [atual, caminho] = item
    if (typeof atual === 'string') {
      if (!textoPermitido(atual, true)) return caminho
    } else if (ArrayBuffer.isView(atual)) {
      // Bytes (a raw body: the back-office's image upload) hold no text to check.
    } else if (Array.isArray(atual)) {
      for (let i = atual.length - 1; i >= 0; i--) pilha.push([atual[i], sob(caminho, String(i))])
    } else if (typeof atual === 'object' && atual !== null) {
      const chaves = Object.keys(atual)
      // A bad key is named with its bad characters shown as U+FFFD.
      const chaveMa = chaves.find((chave) => !textoPermitido(chave, true))
      if (chaveMa !== undefined) return sob(caminho, chaveMa.replace(new RegExp(PROIBIDOS_MULTILINHA, 'gu'), '\uFFFD'))
      for (let i = chaves.length - 1; i >= 0; i--) {
        const chave = chaves[i] as string
        pilha.push([(atual as Record<string, unknown>)[chave], sob(caminho, chave)])
      }
    }
  }
  return null
}

/** Text of at most `max` characters, surrounding spaces dropped; single-line unless `MULTILINHA`. */
export const texto = (max = TEXT_MAX, options: TextoOptions = {}) =>
  z
    .string()
    .trim()
    .max(max, mensagens.tamanhoMaximo(max))
    .refine(...semCaracteresProibidos(options))

/**
 * For a check added to a text helper (a pattern, a length): it runs only once the text's own checks passed, as it did
 * in a pipe after them, so a value gets the same messages; but it is a plain part of the schema, which the OpenAPI
 * document states (a pipe's second half never reaches it).
 */
export const depoisDoTexto = { when: (payload: z.core.ParsePayload) => payload.issues.length === 0 }

/**
 * Required text: empty or missing fails with the required message; surrounding spaces are dropped. Spaces alone are
 * empty: the pattern `\S` says so to the OpenAPI document (the trimmed text's minimum length cannot).
 */
export const obrigatorio = (max = TEXT_MAX, options: TextoOptions = {}) =>
  z
    .string({ error: requiredError })
    .trim()
    .min(1, mensagens.obrigatorio)
    .regex(/\S/, { error: mensagens.obrigatorio, ...depoisDoTexto })
    .max(max, mensagens.tamanhoMaximo(max))
    .refine(...semCaracteresProibidos(options))

/** Optional text: an empty string means "not given" and is stored as null. */
export const opcional = (max = TEXT_MAX, options: TextoOptions = {}) =>
  texto(max, options)
    .nullish()
    .transform((v) => (v ? v : null))

/** The largest id (or count) the database's 32-bit integer columns hold: anything above is refused, never a 500. */
export const INT_MAX = 2_147_483_647

/**
 * The decimal numbers from 1 to `max`, as a regular expression of plain digits (no sign, no leading zero): the rule a
 * JSON Schema can state, so the OpenAPI document says the same ceiling the server keeps. For 2147483647 it is
 * `[1-9][0-9]{0,8}` (up to nine digits), then each ten-digit number below it, digit by digit.
 */
export function decimalUpTo(max: number): RegExp {
  const digits = String(max)
  const n = digits.length
  const shorter = n > 1 ? [`[1-9][0-9]{0,${n - 2}}`] : []
  const sameLength: string[] = []
  for (let i = 0; i < n; i++) {
    const d = Number(digits[i])
    const low = i === 0 ? 1 : 0
    if (d - 1 >= low) {
      const digit = d - 1 === low ? String(low) : `[${low}-${d - 1}]`
      const rest = n - i - 1
      sameLength.push(`${digits.slice(0, i)}${digit}${rest > 0 ? `[0-9]{${rest}}` : ''}`)
    }
  }
  sameLength.push(digits)
  return new RegExp(`^(?:${[...shorter, ...sameLength].join('|')})$`)
}

/**
 * An id as text (a path's `:id`): plain digits, no sign, no leading zero, no spaces, no `0x`, `.0` or
 * exponent: `0x10`, `+16`, `16.0`, `016`, `1.6e1` and ` 16` are not 16; and no more than INT_MAX, said by the pattern
 * itself (a check after the transform would never reach the OpenAPI document). Refused as any bad value (400, the
 * field named).
 */
export const ID_PATTERN = decimalUpTo(INT_MAX)
export const IdTextoSchema = z.string().regex(ID_PATTERN, mensagens.valorInvalido).transform(Number)

/** An id in a body: a JSON integer, or its text by the same rule as a path's. */
export const IdSchema = z.union([z.number().int().positive().max(INT_MAX), IdTextoSchema], {
  error: mensagens.valorInvalido,
})

/** The params schema of a route whose path holds numeric ids: `idParams('id')` for `/encomendas/:id`. */
export const idParams = <K extends string>(...keys: K[]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, IdTextoSchema])) as Record<K, typeof IdTextoSchema>)

/**
 * The spaces a single-line text may hold inside it, as a regular-expression class body: what `\\s` matches but the
 * control characters the text rule refuses (tab, line breaks, U+2028/9, U+FEFF). A pattern written with it says to the
 * OpenAPI document what the server takes.
 */
export const ESPACOS = ' \\u00a0\\u1680\\u2000-\\u200a\\u202f\\u205f\\u3000'

/** Around a dial code: what `trim` drops and the server's text guard lets through (tab, LF, CRLF, the spaces above). */
const ESPACO_LIVRE = `(?:[\\t\\n${ESPACOS}]|\\r\\n)`

/**
 * A dial code, e.g. 351: as text, one optional "+" then 1–4 digits, spaces around them (`+351`, ` 351 `, `+ 351`); or a
 * whole number 0–9999. Each form's rule is a plain part of the schema, ahead of the transform to the digits, so the
 * OpenAPI document states it.
 */
export const PaisSchema = z
  .union(
    [
      z.string().regex(new RegExp(`^\\+?${ESPACO_LIVRE}*\\d{1,4}${ESPACO_LIVRE}*$`), mensagens.valorInvalido),
      z
        .number()
        .int({ error: mensagens.valorInvalido, abort: true })
        .min(0, mensagens.valorInvalido)
        .max(9999, mensagens.valorInvalido),
    ],
    { error: requiredError },
  )
  .transform((v) => String(v).replace(/^\+/, '').trim())

/**
 * The number as typed: digits, spaces and dashes allowed, at least one digit; kept as digits. The rule is a check of
 * the text (before the transform), so the OpenAPI document states it.
 */
export const TelemovelSchema = obrigatorio(30)
  .regex(new RegExp(`^[\\d${ESPACOS}-]*\\d[\\d${ESPACOS}-]*$`), { error: mensagens.numerico, ...depoisDoTexto })
  .transform((v) => v.replace(/[\s-]/g, ''))

/** A mobile number of the country with that dial code (real numbering plans, libphonenumber-js). */
export function toE164Mobile(pais: string, telemovel: string): string | null {
  const parsed = parsePhoneNumberFromString(`+${pais}${telemovel}`)
  return parsed?.isValid() && parsed.countryCallingCode === pais ? parsed.number : null
}

/**
 * The mobile-number check of an object with `telemovel` and `pais`, as `.refine` arguments. It runs as soon as those two
 * fields parsed, even while other fields (the terms box) are still wrong, so the person sees it at once.
 */
export function mobileCheck<T extends { telemovel: string; pais: string }>(): [
  (v: T) => boolean,
  { message: string; path: string[]; when: (payload: z.core.ParsePayload) => boolean },
] {
  return [
    (v) => toE164Mobile(v.pais, v.telemovel) !== null,
    { message: mensagens.telemovelInvalido, path: ['telemovel'], when: noIssuesOn('telemovel', 'pais') },
  ]
}

/**
 * A `when` for cross-field checks: run once the fields it reads parsed, whatever the other fields say. Never on a
 * value that is not an object at all (`null`, a list, a string): there are no fields to read, and the object's own
 * type issue already says what is wrong.
 */
export const noIssuesOn =
  (...fields: string[]) =>
  (payload: z.core.ParsePayload) =>
    isPlainObject(payload.value) && !payload.issues.some((i) => fields.includes(String(i.path?.[0])))

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export const CodigoSmsSchema = z.object({ codigo: obrigatorio(20) })

export const NovaPasswordFields = {
  // Checks of one string, each once the ones before it passed (the document states them all: no pipe hides one).
  password: obrigatorio(PASSWORD_LENGTH * 4)
    .min(PASSWORD_LENGTH, { error: mensagens.tamanhoMinimo(PASSWORD_LENGTH), ...depoisDoTexto })
    .regex(/^\d+$/, { error: mensagens.numerico, ...depoisDoTexto })
    .max(PASSWORD_LENGTH, { error: mensagens.tamanhoMaximo(PASSWORD_LENGTH), ...depoisDoTexto }),
  confirmacaoPassword: obrigatorio(PASSWORD_LENGTH * 4),
}

/**
 * The repeat-password check, as `.refine` arguments. It runs once the repeat parsed, whatever the other fields say
 * (a wrong type elsewhere, an unticked box), so the person sees every message at once.
 */
export function passwordsMatch<T extends { password?: string; confirmacaoPassword?: string }>(): [
  (v: T) => boolean,
  { message: string; path: string[]; when: (payload: z.core.ParsePayload) => boolean },
] {
  return [
    (v) => v.password === v.confirmacaoPassword,
    { message: mensagens.igualA('Password'), path: ['confirmacaoPassword'], when: noIssuesOn('confirmacaoPassword') },
  ]
}

/** Portuguese NIF: 9 digits with a mod-11 check digit. */
export function isValidNif(nif: string): boolean {
  if (!/^\d{9}$/.test(nif)) return false
  const digits = [...nif].map(Number)
  const sum = digits.slice(0, 8).reduce((acc, d, i) => acc + d * (9 - i), 0)
  const check = 11 - (sum % 11)
  return (check >= 10 ? 0 : check) === digits[8]
}

/**
 * The first digits of a seller's tax number (decision 0036): 5 a company, 6 a public body, 8 a sole trader's old number,
 * 9 a provisional or irregular one; and 1, 2 or 3, a person's NIF, which a sole trader (empresário em nome individual,
 * a franchisee among them) trades under. 4 and 7 (non-residents, estates, funds) are refused: no store's seller.
 */
export const NIPC_INICIOS = ['1', '2', '3', '5', '6', '8', '9'] as const

/** A seller's NIPC (or a sole trader's NIF): nine digits, its mod-11 check digit, beginning as NIPC_INICIOS says. */
export const isValidNipc = (nipc: string): boolean =>
  (NIPC_INICIOS as readonly string[]).includes(nipc.charAt(0)) && isValidNif(nipc)

/**
 * An optional Portuguese NIF (empty or missing: null): nine digits, a rule the OpenAPI document states as a pattern;
 * the check digit is a refinement it names in words.
 */
export const NifOpcionalSchema = texto(9)
  .regex(/^(\d{9})?$/, { error: mensagens.nifInvalido, ...depoisDoTexto })
  .refine((v) => v === '' || isValidNif(v), { error: mensagens.nifInvalido, ...depoisDoTexto })
  .nullish()
  .transform((v) => (v ? v : null))

/** The form of a date, `YYYY-MM-DD` (what the OpenAPI document states of a date field, beside `format: date`). */
export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/

/** `YYYY-MM-DD` that is a real calendar date. */
export function isValidIsoDate(value: string): boolean {
  if (!ISO_DATE_PATTERN.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/** Whole years between a birth date and a day, both `YYYY-MM-DD`. */
export function ageOn(birth: string, today: string): number {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number]
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number]
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0)
}

/** A random token or challenge hash as a link or a path carries it (base64url): the one shape every such route reads. */
export const TOKEN_URL = /^[A-Za-z0-9_-]{20,100}$/

/** The path of an SMS challenge's step (`/registo/{hash}`, `/api/convidado/{hash}`…). */
export const HashParamsSchema = z.object({ hash: z.string().regex(TOKEN_URL, 'Pedido inválido') })
