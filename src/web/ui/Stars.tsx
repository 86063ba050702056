import { type KeyboardEvent, type Ref, useId, useImperativeHandle, useRef } from 'react'
import { FieldError } from './Field.tsx'
import { nextRating, starLabel } from './stars.ts'
import './stars.css'

interface StarsProps {
  label: string
  /** 1…max, or null for no rating. */
  value: number | null
  onChange: (value: number | null) => void
  onBlur?: () => void
  max?: number
  error?: string | undefined
  /** For react-hook-form: focusing the field focuses its current star (or the first). */
  ref?: Ref<{ focus: () => void }>
}

const StarIcon = () => (
  <svg viewBox="0 0 24 24" width={32} height={32} aria-hidden="true" focusable="false">
    <path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z" />
  </svg>
)

/**
 * A star rating (spec §5 "Opinion"): a group of `max` radio buttons named '1 de 5 estrelas'… drawn as stars. A click on a
 * star sets the rating to it; a click on the current star lowers it by one, and on the first star when it is current
 * clears it (`nextRating`). Native radios: one tab stop (the current star, or the first), arrows choose the next or
 * previous star, Space acts as a click on the focused one (on the current one too), Delete clears.
 */
export function Stars({ label, value, onChange, onBlur, max = 5, error, ref }: StarsProps) {
  const name = useId()
  const errorId = useId()
  const inputs = useRef<(HTMLInputElement | null)[]>([])
  useImperativeHandle(ref, () => ({ focus: () => inputs.current[(value ?? 1) - 1]?.focus() }), [value])

  // Arrows move from the focused star and choose the next one. Handled here rather than by the browser, whose arrow
  // moves are clicks: arriving on the current star would lower it.
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>, n: number) {
    // Space on the current star: the browser does nothing on a checked radio; the rule lowers it, as a click does.
    if (event.key === ' ' && value === n) {
      event.preventDefault()
      const next = nextRating(value, n)
      onChange(next)
      // Focus follows the rating, so that it stays the group's tab stop.
      if (next !== null) inputs.current[next - 1]?.focus()
      return
    }
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault()
      onChange(null)
      return
    }
    const step = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 }[event.key]
    if (step === undefined) return
    event.preventDefault()
    const to = Math.min(max, Math.max(1, n + step))
    onChange(to)
    inputs.current[to - 1]?.focus()
  }

  const stars = Array.from({ length: max }, (_, i) => i + 1)
  return (
    <fieldset
      className={error ? 'stars-field field-invalid' : 'stars-field'}
      aria-describedby={error ? errorId : undefined}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onBlur?.()
      }}
    >
      <legend className="stars-label">{label}</legend>
      <div className="stars-row">
        <div className="stars">
          {stars.map((n) => (
            <label key={n} className={value !== null && n <= value ? 'star star-on' : 'star'}>
              <input
                ref={(el) => {
                  inputs.current[n - 1] = el
                }}
                className="star-input"
                type="radio"
                name={name}
                value={n}
                checked={value === n}
                // The rule acts on clicks (a click on the checked radio changes nothing natively).
                onChange={() => {}}
                onClick={() => onChange(nextRating(value, n))}
                onKeyDown={(event) => onKeyDown(event, n)}
              />
              <StarIcon />
              <span className="visually-hidden">{starLabel(n, max)}</span>
            </label>
          ))}
        </div>
        {value !== null && (
          <span className="stars-value" aria-hidden="true">
            {`${value}/${max}`}
          </span>
        )}
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  )
}
