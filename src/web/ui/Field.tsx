import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes } from 'react'
import { useId } from 'react'

/** The ids and ARIA wiring of a control with a hint and an error message under it. */
export function useFieldIds(id: string | undefined, error: string | undefined, hint: ReactNode) {
  const autoId = useId()
  const controlId = id ?? autoId
  const hintId = `${controlId}-ajuda`
  const errorId = `${controlId}-erro`
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
  return {
    controlId,
    hintId,
    errorId,
    aria: { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy },
  }
}

/** The visual '*' of a required field (the input itself says `required` to assistive technology). */
export const RequiredMark = () => (
  <span className="field-required" aria-hidden="true">
    {' *'}
  </span>
)

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="field-error">
      {error}
    </p>
  ) : null
}

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  name: string
  label: string
  error?: string | undefined
  hint?: ReactNode
  ref?: Ref<HTMLInputElement>
}

/** A labelled input; its error (client or server) sits under it and describes it. */
export function Field({ label, error, hint, id, ...input }: FieldProps) {
  const { controlId, hintId, errorId, aria } = useFieldIds(id, error, hint)
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={controlId}>
        {label}
        {input.required && <RequiredMark />}
      </label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      <input id={controlId} {...aria} {...input} />
      <FieldError id={errorId} error={error} />
    </div>
  )
}

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  name: string
  label: string
  error?: string | undefined
  hint?: ReactNode
  ref?: Ref<HTMLSelectElement>
}

export function SelectField({ label, error, hint, id, children, ...select }: SelectFieldProps) {
  const { controlId, hintId, errorId, aria } = useFieldIds(id, error, hint)
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={controlId}>{label}</label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      <select id={controlId} {...aria} {...select}>
        {children}
      </select>
      <FieldError id={errorId} error={error} />
    </div>
  )
}

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> {
  name: string
  /** The label may hold a link (e.g. to the terms). */
  children: ReactNode
  error?: string | undefined
  ref?: Ref<HTMLInputElement>
}

export function CheckboxField({ children, error, id, ...input }: CheckboxFieldProps) {
  const { controlId, errorId, aria } = useFieldIds(id, error, null)
  return (
    <div className={error ? 'field field-check field-invalid' : 'field field-check'}>
      <input id={controlId} type="checkbox" {...aria} {...input} />
      <label htmlFor={controlId}>{children}</label>
      <FieldError id={errorId} error={error} />
    </div>
  )
}
