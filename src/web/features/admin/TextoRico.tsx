import { useMutation } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { FieldError, RequiredMark, useFieldIds } from '../../ui/Field.tsx'
import { RichText } from '../../ui/RichText.tsx'
import { adminPost } from './api.ts'

const DICA = 'Pode usar parágrafos, títulos, negrito, itálico, listas e ligações. O resto é retirado ao guardar.'

/**
 * A content text (HTML of the subset the app allows) and its preview: the server answers the text as the app will show
 * it (its sanitiser, `/pre-visualizar`), and only that answer is rendered, never what was typed.
 */
export function TextoRico({
  id,
  label,
  error,
  registo,
  valor,
  linhas = 10,
}: {
  id: string
  label: string
  error: string | undefined
  registo: UseFormRegisterReturn
  /** The text as typed now (the form's `watch`). */
  valor: string
  linhas?: number
}) {
  const campo = useFieldIds(id, error, DICA)
  const pre = useMutation({ mutationFn: (text: string) => adminPost<{ html: string }>('/pre-visualizar', { text }) })
  const { reset } = pre
  const atual = valor
  const [mostrado, setMostrado] = useState<string | null>(null)
  // A preview is of the text it was asked for: once the text changes (typed, saved, another item edited), it goes.
  useEffect(() => {
    if (mostrado !== null && atual !== mostrado) {
      setMostrado(null)
      reset()
    }
  }, [atual, mostrado, reset])
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={campo.controlId}>
        {label}
        <RequiredMark />
      </label>
      <p id={campo.hintId} className="field-hint">
        {DICA}
      </p>
      <textarea id={campo.controlId} rows={linhas} required {...campo.aria} {...registo} />
      <FieldError id={campo.errorId} error={error} />
      <div className="admin-acoes">
        <button
          type="button"
          className="button button-secondary"
          disabled={pre.isPending}
          onClick={() => {
            setMostrado(valor)
            pre.mutate(valor)
          }}
        >
          Pré-visualizar
        </button>
      </div>
      {pre.isError && <p role="alert">{pre.error.message}</p>}
      {pre.data && (
        <section className="admin-previsao" aria-label="Pré-visualização">
          <p className="admin-previsao-titulo">Pré-visualização (como aparece na app)</p>
          <RichText html={pre.data.html} />
        </section>
      )}
    </div>
  )
}
