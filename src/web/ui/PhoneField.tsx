import type { ReactNode } from 'react'
import type { FieldValues, Path, RegisterOptions, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form'
import { type CountryCode, DIAL_CODES } from '../../shared/dial-codes.ts'
import { useHydrated } from '../lib/use-hydrated.ts'
import { FieldError, useFieldIds } from './Field.tsx'

/** Spec §9: quick picks first, then every country of the numbering plans. */
const QUICK_PICKS: CountryCode[] = ['PT', 'ES', 'FR', 'GB', 'BR']

interface Country {
  code: CountryCode
  name: string
  dial: string
}

let countries: { quick: Country[]; all: Country[] } | null = null

function countryList() {
  if (countries) return countries
  const names = new Intl.DisplayNames(['pt-PT'], { type: 'region' })
  const toCountry = (code: CountryCode): Country => ({
    code,
    name: names.of(code) ?? code,
    dial: DIAL_CODES[code],
  })
  const all = (Object.keys(DIAL_CODES) as CountryCode[])
    .map(toCountry)
    .sort((a, b) => a.name.localeCompare(b.name, 'pt-PT'))
  countries = { quick: QUICK_PICKS.map(toCountry), all }
  return countries
}

/**
 * The same options named by their codes: what the server renders and the browser hydrates, whose locale data name
 * countries otherwise (Node.js's and each browser's differ). The names come in the browser's next render.
 */
function countryCodes() {
  const toCountry = (code: CountryCode): Country => ({ code, name: code, dial: DIAL_CODES[code] })
  return { quick: QUICK_PICKS.map(toCountry), all: (Object.keys(DIAL_CODES) as CountryCode[]).map(toCountry) }
}

interface PhoneFieldProps {
  label: string
  /** `register('telemovel')` */
  telemovel: UseFormRegisterReturn
  /** `register('pais')` */
  pais: UseFormRegisterReturn
  /** The dial code chosen now (shown on the compact picker). */
  dial: string
  error?: string | undefined
  paisError?: string | undefined
  autoComplete?: string
  hint?: ReactNode
}

/** Wires a PhoneField to a form's number and dial-code fields: `<PhoneField label="…" {...phoneFieldProps(…)} />`. */
export function phoneFieldProps<T extends FieldValues>(
  form: UseFormReturn<T>,
  errorOf: (name: Path<T>) => string | undefined,
  telemovel: Path<T>,
  pais: Path<T>,
  options?: RegisterOptions<T>,
) {
  return {
    telemovel: form.register(telemovel, options),
    pais: form.register(pais, options),
    dial: String(form.watch(pais)),
    error: errorOf(telemovel),
    paisError: errorOf(pais),
  }
}

/**
 * A mobile number with its country dial code. The picker is the native select (the phone's own list UI), drawn as
 * just "+351" so that the number keeps the room; its options read "Portugal (+351)".
 */
export function PhoneField({
  label,
  telemovel,
  pais,
  dial,
  error,
  paisError,
  autoComplete = 'tel-national',
  hint,
}: PhoneFieldProps) {
  const { controlId, hintId, errorId, aria } = useFieldIds(undefined, error, hint)
  const paisIds = useFieldIds(undefined, paisError, null)
  const { quick, all } = useHydrated() ? countryList() : countryCodes()
  const option = (c: Country) => (
    <option key={c.code} value={c.dial}>
      {`${c.name} (+${c.dial})`}
    </option>
  )
  return (
    <div className={error || paisError ? 'field field-invalid' : 'field'}>
      <label htmlFor={controlId}>{label}</label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      <div className="phone-row">
        <div className="phone-dial">
          <span aria-hidden="true">+{dial}</span>
          <select id={paisIds.controlId} aria-label={`Indicativo do país (${label})`} {...paisIds.aria} {...pais}>
            <optgroup label="Mais usados">{quick.map(option)}</optgroup>
            <optgroup label="Todos os países">{all.map(option)}</optgroup>
          </select>
        </div>
        <input
          id={controlId}
          type="tel"
          inputMode="tel"
          autoComplete={autoComplete}
          // The number, not the dial code (already right for most), is what a person types first.
          data-autofocus
          {...aria}
          {...telemovel}
        />
      </div>
      <FieldError id={paisIds.errorId} error={paisError} />
      <FieldError id={errorId} error={error} />
    </div>
  )
}
