import { useCallback, useEffect, useMemo } from 'react'
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form'
import type { z } from 'zod'
import { FORM_FAILURE_MESSAGE, GENERIC_ERROR_TITLE } from '../../shared/api.ts'
import { ApiError, OFFLINE_MESSAGE } from '../lib/api.ts'
import { whenIdle } from '../lib/idle.ts'
import { useSubmission } from './submission.tsx'

export interface ApiFormOptions<S extends z.ZodType<FieldValues, FieldValues>, R> {
  /**
   * The shared zod schema of the form (src/shared), whose pt-PT messages show under the fields, as a dynamic import:
   * zod and the numbering plans stay out of the screen's first load (the first-load budget, docs/decisions/0010) and arrive while the person
   * reads the form. `() => import('…/shared/conta.ts').then((m) => m.LoginSchema)`
   */
  schema: () => Promise<S>
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

/** The form error that says the validation code could not be fetched. */
const VALIDATION_UNAVAILABLE = 'validation-unavailable'

/**
 * The zod resolver, fetched with the schema once the screen has painted; a submit before then waits for it. A failed
 * fetch (no connection) is tried again on the next submit.
 */
function useLazyResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  loadSchema: () => Promise<S>,
): Resolver<z.input<S>, unknown, z.output<S>> {
  type FormResolver = Resolver<z.input<S>, unknown, z.output<S>>
  const load = useMemo(() => {
    let loading: Promise<FormResolver> | null = null
    return () => {
      loading ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
        ([{ zodResolver }, schema]) => zodResolver(schema as never) as unknown as FormResolver,
        (error: unknown) => {
          loading = null
          throw error
        },
      )
      return loading
    }
  }, [loadSchema])
  useEffect(() => {
    whenIdle(() => void load().catch(() => undefined))
  }, [load])
  return useCallback<FormResolver>(
    async (values, context, options) => {
      let resolve: FormResolver
      try {
        resolve = await load()
      } catch {
        // The validation code could not be fetched (no connection): said as such by the form, tried again next time.
        const unavailable = { type: VALIDATION_UNAVAILABLE, message: OFFLINE_MESSAGE }
        return { values: {}, errors: { root: unavailable } } as Awaited<ReturnType<FormResolver>>
      }
      return resolve(values, context, options)
    },
    [load],
  )
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
    resolver: useLazyResolver(schema),
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
    (errors, event) => {
      if (errors.root?.type === VALIDATION_UNAVAILABLE) {
        showDialog({ title: GENERIC_ERROR_TITLE, message: OFFLINE_MESSAGE })
        return
      }
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
