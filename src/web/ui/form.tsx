import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useCallback, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { type DefaultValues, type FieldValues, type Path, type UseFormReturn, useForm } from 'react-hook-form'
import type { z } from 'zod'
import { FORM_FAILURE_MESSAGE, GENERIC_ERROR_TITLE } from '../../shared/api.ts'
import { PRIVATE_DATA_KEY } from '../app/private-data.ts'
import { ApiError } from '../lib/api.ts'
import { Dialog, type DialogContent } from './Dialog.tsx'
import { FORM_OVERLAY_MIN_MS, LoadingOverlay } from './LoadingOverlay.tsx'

const UNEXPECTED = 'Ocorreu um erro inesperado. Tente mais tarde.'

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export interface OpenDialog extends DialogContent {
  /** After the dialog went away, whatever button closed it. */
  afterClose?: () => void
}

export type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown }

/**
 * Runs calls the way forms do (spec §8, §9): the full-screen overlay for at least 1.5 s, a failure without field
 * messages shown in the error dialog with the server's title and message. Render `feedback` once in the screen.
 */
export function useSubmission() {
  const [busy, setBusy] = useState(false)
  const [dialog, setDialog] = useState<OpenDialog | null>(null)
  const running = useRef(false)
  const queryClient = useQueryClient()

  const showError = useCallback(
    (error: unknown, afterClose?: () => void) => {
      if (error instanceof ApiError && error.status === 401) {
        // The session ended elsewhere: once the message is read, the guards send the person to login.
        const next = afterClose
        afterClose = () => {
          next?.()
          void queryClient.invalidateQueries({ queryKey: PRIVATE_DATA_KEY })
        }
      }
      setDialog({
        title: error instanceof ApiError ? error.title : GENERIC_ERROR_TITLE,
        message: error instanceof ApiError ? error.message : UNEXPECTED,
        ...(afterClose ? { afterClose } : {}),
      })
    },
    [queryClient],
  )

  /** The call with the overlay; the outcome comes back once the overlay is gone. */
  const run = useCallback(async <R,>(call: () => Promise<R>): Promise<Outcome<R>> => {
    if (running.current) return { ok: false, error: new Error('busy') }
    running.current = true
    setBusy(true)
    const started = Date.now()
    let outcome: Outcome<R>
    try {
      outcome = { ok: true, value: await call() }
    } catch (error) {
      outcome = { ok: false, error }
    }
    await wait(FORM_OVERLAY_MIN_MS - (Date.now() - started))
    running.current = false
    // The overlay must be gone (and focus back in the form) before the caller focuses a field or opens a dialog.
    flushSync(() => setBusy(false))
    return outcome
  }, [])

  const feedback: ReactNode = (
    <>
      {busy && <LoadingOverlay />}
      {dialog && (
        <Dialog
          title={dialog.title}
          message={dialog.message}
          {...(dialog.buttons ? { buttons: dialog.buttons } : {})}
          onClose={() => {
            // Gone first (its focus handed back), so that afterClose can move focus (e.g. to a field).
            flushSync(() => setDialog(null))
            dialog.afterClose?.()
          }}
        />
      )}
    </>
  )

  return { run, busy, showError, showDialog: setDialog, feedback }
}

interface ApiFormOptions<S extends z.ZodType<FieldValues, FieldValues>, R> {
  /** The shared zod schema of the form (src/shared): its pt-PT messages show under the fields. */
  schema: S
  defaultValues: DefaultValues<z.input<S>>
  /** The call, with the parsed values. */
  submit: (values: z.output<S>) => Promise<R>
  onSuccess: (result: R, values: z.output<S>) => void
  /** After the error dialog of a failed call closes (e.g. an expired SMS code goes back to the start). */
  onErrorClosed?: (error: unknown) => void
}

export interface ApiForm<S extends z.ZodType<FieldValues, FieldValues>> {
  form: UseFormReturn<z.input<S>, unknown, z.output<S>>
  /** For `<form onSubmit>`. */
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>
  /** The form's error message, if any, for a field. */
  errorOf: (name: Path<z.input<S>>) => string | undefined
  submission: ReturnType<typeof useSubmission>
}

/**
 * react-hook-form with the zod resolver, wired to the API: client failures show their messages under the fields and
 * the dialog 'Erro' / 'Falha ao submeter o formulário'; server `error.fields` go under the matching fields and the
 * first is focused; any other failure opens the error dialog with the server's title and message.
 */
export function useApiForm<S extends z.ZodType<FieldValues, FieldValues>, R>({
  schema,
  defaultValues,
  submit,
  onSuccess,
  onErrorClosed,
}: ApiFormOptions<S, R>): ApiForm<S> {
  type In = z.input<S>
  const form = useForm<In, unknown, z.output<S>>({
    resolver: zodResolver(schema as never) as never,
    defaultValues,
    // The first invalid field is focused once the error dialog is closed (below), not under it.
    shouldFocusError: false,
  })
  const submission = useSubmission()
  const { run, showError, showDialog } = submission

  const onSubmit = form.handleSubmit(
    async (values) => {
      const outcome = await run(() => submit(values))
      if (outcome.ok) {
        onSuccess(outcome.value, values)
        return
      }
      const { error } = outcome
      const fields = error instanceof ApiError ? Object.entries(error.fields ?? {}) : []
      const known = fields.filter(([name]) => name in form.getValues())
      if (known.length > 0) {
        known.forEach(([name, message], i) => {
          form.setError(name as Path<In>, { type: 'server', message }, { shouldFocus: i === 0 })
        })
        return
      }
      showError(error, onErrorClosed ? () => onErrorClosed(error) : undefined)
    },
    (_errors, event) => {
      const formElement = event?.target instanceof HTMLFormElement ? event.target : null
      showDialog({
        title: GENERIC_ERROR_TITLE,
        message: FORM_FAILURE_MESSAGE,
        afterClose: () => formElement?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      })
    },
  )

  const errorOf = (name: Path<In>): string | undefined => {
    const error = form.formState.errors[name as keyof typeof form.formState.errors] as { message?: unknown } | undefined
    return typeof error?.message === 'string' ? error.message : undefined
  }

  return { form, onSubmit, errorOf, submission }
}
