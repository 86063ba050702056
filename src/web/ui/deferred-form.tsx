import {
  type ComponentType,
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import type { FieldValues, UseFormReturn } from 'react-hook-form'
import type { z } from 'zod'
import { GENERIC_ERROR_TITLE } from '../../shared/api.ts'
import { OFFLINE_MESSAGE } from '../lib/api.ts'
// Types only: the form kit itself (react-hook-form) is fetched once the form has painted.
import type { ApiForm, ApiFormOptions } from './form.tsx'
import { useSubmission } from './submission.tsx'

/**
 * A form that paints before its code. react-hook-form (14 kB gzip) would put a form screen's first load over its
 * budget (docs/decisions/0010-first-load-budget.md), so a screen whose form shows as it opens (login, sign-up, the SMS
 * code…) first renders it as a draft: plain inputs with their default values, which a person can already type in.
 * Once the draft is in the page, the kit (ui/form.tsx; then zod, as in every form) is fetched, and the form is mounted
 * again on it with what was typed, the focus and caret where they were, and a submit made meanwhile sent then.
 *
 * `const LoginForm = deferredForm(function LoginForm() { … useDeferredApiForm({…}) … })`: the wrapped component is
 * the one that calls `useDeferredApiForm`, with the same options and answer as `useApiForm`; it renders the `<form>`
 * and `submission.feedback`, and keeps no state that must outlive the remount (what comes from outside arrives as
 * props). A screen whose form waits for the server's answer anyway loads its form part lazily instead (lib/lazy-part.ts).
 */

type Kit = typeof import('./form.tsx')

let kit: Kit | null = null
let loadingKit: Promise<Kit> | null = null

function loadKit(): Promise<Kit> {
  loadingKit ??= import('./form.tsx').then(
    (m) => {
      kit = m
      return m
    },
    (error: unknown) => {
      // No connection: asked again on the next submit.
      loadingKit = null
      throw error
    },
  )
  return loadingKit
}

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement

/** The draft's fields as they are in the page, and what happened in it before the kit came. */
interface Draft {
  fields: Map<string, FieldElement[]>
  submitAsked: boolean
}

interface Gate {
  kit: Kit | null
  draft: Draft
  /** Fetches the kit (if it is not there yet) and mounts the form on it. */
  load: () => Promise<void>
}

const GateContext = createContext<Gate | null>(null)

/** The component that calls `useDeferredApiForm`, drawn as a draft until the form kit has come. */
export function deferredForm<P extends object>(Form: ComponentType<P>): ComponentType<P> {
  function DeferredForm(props: P) {
    const [loaded, setLoaded] = useState(kit)
    const draft = useRef<Draft>({ fields: new Map(), submitAsked: false }).current
    const gate = useMemo<Gate>(() => ({ kit: loaded, draft, load: () => loadKit().then(setLoaded) }), [loaded, draft])
    // Once the draft is in the page: the kit's download must not delay it.
    useEffect(() => {
      if (!loaded) gate.load().catch(() => undefined)
    }, [loaded, gate])
    return (
      <GateContext.Provider value={gate}>
        {/* A new key when the kit comes: the live form is another component instance, with its own hooks. */}
        <Form key={loaded ? 'live' : 'draft'} {...props} />
      </GateContext.Provider>
    )
  }
  DeferredForm.displayName = `deferredForm(${Form.displayName ?? Form.name})`
  return DeferredForm
}

/** `useApiForm` for a component wrapped by `deferredForm`: a draft of the form until the kit has come. */
export function useDeferredApiForm<S extends z.ZodType<FieldValues, FieldValues>, R>(
  options: ApiFormOptions<S, R>,
): ApiForm<S> {
  const gate = useContext(GateContext)
  if (!gate) throw new Error('useDeferredApiForm: the component must be wrapped by deferredForm()')
  // One branch for the whole life of the component: deferredForm mounts a new one (another key) when the kit comes.
  const useBranch = gate.kit ? useLiveForm : useDraftForm
  return useBranch(options, gate)
}

const fieldValue = (field: FieldElement) =>
  field instanceof HTMLInputElement && field.type === 'checkbox' ? field.checked : field.value

/** The draft's values as the page has them now (a radio group: its checked value). */
function readDraft(draft: Draft): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const [name, fields] of draft.fields) {
    const connected = fields.filter((f) => f.isConnected)
    if (connected.length === 0) continue
    const radios = connected.filter((f): f is HTMLInputElement => f instanceof HTMLInputElement && f.type === 'radio')
    values[name] =
      radios.length > 0 ? (radios.find((r) => r.checked)?.value ?? null) : fieldValue(connected[0] as FieldElement)
  }
  return values
}

function writeField(field: FieldElement, value: unknown) {
  if (field instanceof HTMLInputElement && field.type === 'checkbox') field.checked = value === true
  else if (field instanceof HTMLInputElement && field.type === 'radio') field.checked = String(value) === field.value
  else field.value = value === null || value === undefined ? '' : String(value)
}

const NO_ERRORS = Object.freeze({})

/**
 * The form before the kit: each registered input keeps its own value (written from the defaults when it mounts),
 * validation and errors wait for the kit, and a submit is kept and sent once the kit has come.
 */
function useDraftForm<S extends z.ZodType<FieldValues, FieldValues>, R>(
  { defaultValues }: ApiFormOptions<S, R>,
  gate: Gate,
): ApiForm<S> {
  const submission = useSubmission()
  const { showDialog } = submission
  const [form] = useState(() => {
    const { fields } = gate.draft
    const defaults = (defaultValues ?? {}) as Record<string, unknown>
    const current = () => ({ ...defaults, ...readDraft(gate.draft) })
    const write = (values: Record<string, unknown>) => {
      for (const [name, value] of Object.entries(values)) {
        for (const field of fields.get(name) ?? []) writeField(field, value)
      }
    }
    const draft = {
      register: (name: string) => ({
        name,
        ref: (field: FieldElement | null) => {
          if (!field || fields.get(name)?.includes(field)) return
          fields.set(name, [...(fields.get(name) ?? []).filter((f) => f.isConnected), field])
          writeField(field, defaults[name])
        },
        onChange: async () => undefined,
        onBlur: async () => undefined,
      }),
      watch: (names?: string | string[]) =>
        names === undefined ? defaults : Array.isArray(names) ? names.map((n) => defaults[n]) : defaults[names],
      getValues: (names?: string | string[]) => {
        const values = current()
        return names === undefined ? values : Array.isArray(names) ? names.map((n) => values[n]) : values[names]
      },
      setValue: (name: string, value: unknown) => write({ [name]: value }),
      reset: (values?: Record<string, unknown>) => write({ ...defaults, ...values }),
      setFocus: (name: string) =>
        fields
          .get(name)
          ?.find((f) => f.isConnected)
          ?.focus(),
      setError: () => undefined,
      clearErrors: () => undefined,
      trigger: async () => false,
      formState: {
        errors: NO_ERRORS,
        isSubmitting: false,
        isSubmitted: false,
        isSubmitSuccessful: false,
        isDirty: false,
        isValid: false,
        isValidating: false,
        isLoading: false,
        isReady: false,
        disabled: false,
        submitCount: 0,
        defaultValues: defaults,
        dirtyFields: NO_ERRORS,
        touchedFields: NO_ERRORS,
        validatingFields: NO_ERRORS,
      },
    }
    return draft as unknown as UseFormReturn<z.input<S>, unknown, z.output<S>>
  })
  return {
    form,
    onSubmit: async (event) => {
      event?.preventDefault()
      gate.draft.submitAsked = true
      await gate.load().catch(() => {
        gate.draft.submitAsked = false
        showDialog({ title: GENERIC_ERROR_TITLE, message: OFFLINE_MESSAGE })
      })
    },
    errorOf: () => undefined,
    submission,
  }
}

/** Where the person was in the draft: the field, and the caret in it. */
interface DraftFocus {
  name: string
  /** Where to look for the live field: the open dialog the draft was in, or the document. */
  scope: ParentNode
  selection: [number, number] | null
}

function draftFocus(draft: Draft): DraftFocus | null {
  const active = document.activeElement
  for (const [name, fields] of draft.fields) {
    const field = fields.find((f) => f === active)
    if (!field) continue
    let selection: [number, number] | null = null
    try {
      if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
        selection =
          field.selectionStart === null || field.selectionEnd === null
            ? null
            : [field.selectionStart, field.selectionEnd]
      }
    } catch {
      // An input type without a caret (a date, a checkbox).
    }
    return { name, scope: field.closest('dialog[open]') ?? document, selection }
  }
  return null
}

/** The kit's form, started from what the draft holds now. */
function useLiveForm<S extends z.ZodType<FieldValues, FieldValues>, R>(
  options: ApiFormOptions<S, R>,
  gate: Gate,
): ApiForm<S> {
  // Read while the draft is still in the page (this is the live form's first render).
  const [from] = useState(() => ({ values: readDraft(gate.draft), focus: draftFocus(gate.draft) }))
  const api = (gate.kit as Kit).useApiForm({
    ...options,
    defaultValues: { ...options.defaultValues, ...from.values } as typeof options.defaultValues,
  })
  useLayoutEffect(() => {
    const { focus } = from
    if (!focus || document.activeElement !== document.body) return
    const field = focus.scope.querySelector<FieldElement>(`[name="${CSS.escape(focus.name)}"]`)
    field?.focus({ preventScroll: true })
    if (focus.selection && (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) {
      try {
        field.setSelectionRange(...focus.selection)
      } catch {
        // An input type without a caret.
      }
    }
  }, [from])
  const { onSubmit } = api
  useEffect(() => {
    if (!gate.draft.submitAsked) return
    gate.draft.submitAsked = false
    void onSubmit()
  }, [gate, onSubmit])
  return api
}
