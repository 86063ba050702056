import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile'
import { z } from 'zod'
import { PASSWORD_LENGTH } from './constants.ts'

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

/** Required text: empty or missing fails with the required message; surrounding spaces are dropped. */
export const obrigatorio = (max = TEXT_MAX) =>
  z.string({ error: requiredError }).trim().min(1, mensagens.obrigatorio).max(max, mensagens.tamanhoMaximo(max))

/** Optional text: an empty string means "not given" and is stored as null. */
export const opcional = (max = TEXT_MAX) =>
  z
    .string()
    .trim()
    .max(max, mensagens.tamanhoMaximo(max))
    .nullish()
    .transform((v) => (v ? v : null))

/** A dial code without "+", e.g. 351. */
export const PaisSchema = z
  .union([z.string(), z.number()], { error: requiredError })
  .transform((v) => String(v).replace(/^\+/, '').trim())
  .pipe(z.string().regex(/^\d{1,4}$/, mensagens.valorInvalido))

/** The number as typed: digits, spaces and dashes allowed; kept as digits. */
export const TelemovelSchema = obrigatorio(30)
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d+$/, mensagens.numerico))

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
  password: obrigatorio(PASSWORD_LENGTH * 4)
    .pipe(z.string().min(PASSWORD_LENGTH, mensagens.tamanhoMinimo(PASSWORD_LENGTH)))
    .pipe(z.string().regex(/^\d+$/, mensagens.numerico))
    .pipe(z.string().max(PASSWORD_LENGTH, mensagens.tamanhoMaximo(PASSWORD_LENGTH))),
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

/** `YYYY-MM-DD` that is a real calendar date. */
export function isValidIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/** Whole years between a birth date and a day, both `YYYY-MM-DD`. */
export function ageOn(birth: string, today: string): number {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number]
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number]
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0)
}
