import { useState, type FormEvent } from 'react'
import type {
  FailureOptions,
  FieldErrors,
  FormRules,
  FormSchema,
  FormSummary,
} from '@/lib/form-check'
import { onDemand, type OnDemand } from '@/lib/on-demand'

/**
 * The form hook's state and events. What it does with values and failures (lib/form-check.ts) is
 * handed in: useForm (lib/use-form.ts) has it at once; useLazyForm fetches it with a lazy schema,
 * so a form that paints before its first submit (login) paints without either. Schemas are typed
 * by their Standard Schema face, so this module never imports arktype at run time.
 */

export type FormChecks = typeof import('@/lib/form-check')

// A schema fetched on first use, for a screen whose first paint must not load arktype (login).
export type LazySchema<Out> = OnDemand<FormSchema<Out>>

export function lazySchema<Out>(load: () => Promise<FormSchema<Out>>): LazySchema<Out> {
  return onDemand(load)
}

export type SchemaSource<Out> = FormSchema<Out> | LazySchema<Out>

export function isLazySchema<Out>(source: SchemaSource<Out>): source is LazySchema<Out> {
  return !('~standard' in source)
}

export interface FormOptions<V extends object, Out> extends FormRules<V>, FailureOptions<V> {
  initial: V | (() => V)
  schema: SchemaSource<Out>
  // Sends the checked data; a throw is shown (field messages and the summary).
  onSubmit: (data: Out, values: V) => unknown
}

export interface Form<V extends object> {
  values: V
  // Field messages: the server's until that field changes, and after a submit the live checks.
  errors: FieldErrors<V>
  summary: FormSummary | null
  pending: boolean
  submitted: boolean
  set: <K extends keyof V>(field: K, value: V[K]) => void
  // Value, change handler and message of a text field, to spread on TextField.
  field: (name: keyof V & string) => {
    name: string
    value: string
    error: string | undefined
    onChange: (event: { target: { value: string } }) => void
  }
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  // Shows a failure that happened outside onSubmit (a confirmation step's request).
  fail: (cause: unknown) => void
  dismissSummary: () => void
}

// The schema, the checks and (for a lazy form) its rules, once all are in memory.
interface Kit<V extends object, Out> {
  schema: FormSchema<Out>
  checks: FormChecks
  rules?: FormRules<V>
}

export type KitSource<V extends object, Out> = OnDemand<Kit<V, Out>>

// What the hook takes besides its kit: the rules only where they are not part of the kit.
export type FormBase<V extends object, Out> = Omit<FormOptions<V, Out>, 'schema'>

export function useFormWith<V extends object, Out>(
  options: FormBase<V, Out>,
  kitSource: KitSource<V, Out>,
): Form<V> {
  const [values, setValues] = useState<V>(options.initial)
  const [kit, setKit] = useState<Kit<V, Out> | null>(kitSource.loaded)
  const [submitted, setSubmitted] = useState(false)
  const [pending, setPending] = useState(false)
  const [serverErrors, setServerErrors] = useState<FieldErrors<V>>({})
  const [summary, setSummary] = useState<FormSummary | null>(null)

  async function ensureKit(): Promise<Kit<V, Out>> {
    if (kit) return kit
    const loaded = await kitSource.load()
    setKit(loaded)
    return loaded
  }

  // The screen's own rules (read at each render: `check` may use what the screen derives), or
  // those a lazy form loaded with its schema.
  const rulesOf = (loaded: Kit<V, Out>): FormBase<V, Out> =>
    loaded.rules ? { ...options, ...loaded.rules } : options

  // Read when the screen reads it, so `check` may use what the screen derives after this call
  // (a password's strength score comes from a hook that needs the typed value).
  function currentErrors(): FieldErrors<V> {
    const live = submitted && kit ? kit.checks.checkForm(kit.schema, values, rulesOf(kit)) : null
    return { ...serverErrors, ...(live && !live.ok ? live.errors : {}) }
  }

  function show(loaded: Kit<V, Out>, cause: unknown, failedValues: V) {
    const failure = loaded.checks.formFailure(cause, failedValues, rulesOf(loaded))
    setServerErrors(failure.fieldErrors)
    setSummary(failure.summary)
  }

  function fail(cause: unknown) {
    if (kit) return show(kit, cause, values)
    // Before the first keystroke of a lazy form: shown once its kit has loaded.
    void ensureKit().then(
      (loaded) => show(loaded, cause, values),
      () => undefined,
    )
  }

  function submit(form: HTMLFormElement) {
    setSubmitted(true)
    // Synchronous once the schema is there: the request starts within the submit event.
    if (kit) return send(form, kit)
    return ensureKit().then((loaded) => send(form, loaded))
  }

  async function send(form: HTMLFormElement, loaded: Kit<V, Out>) {
    const checked = loaded.checks.checkForm(loaded.schema, values, rulesOf(loaded))
    if (!checked.ok) {
      const first = Object.keys(values).find((field) => checked.errors[field as keyof V & string])
      form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
      return
    }
    setPending(true)
    setServerErrors({})
    setSummary(null)
    try {
      await options.onSubmit(checked.data, values)
    } catch (cause) {
      show(loaded, cause, values)
    } finally {
      setPending(false)
    }
  }

  function set<K extends keyof V>(field: K, value: V[K]) {
    // The first keystroke fetches a lazy schema, so it is there by the time of the submit.
    if (!kit) void ensureKit().catch(() => undefined)
    setValues((current) => ({ ...current, [field]: value }))
    setServerErrors((current) => {
      if (!(field in current)) return current
      const next = { ...current }
      delete next[field as keyof V & string]
      return next
    })
  }

  return {
    values,
    get errors() {
      return currentErrors()
    },
    summary,
    pending,
    submitted,
    set,
    field: (name) => ({
      name,
      value: String(values[name] ?? ''),
      error: currentErrors()[name],
      onChange: (event) => set(name, event.target.value as V[typeof name]),
    }),
    onSubmit: (event) => {
      event.preventDefault()
      if (!pending) void submit(event.currentTarget)
    },
    fail,
    dismissSummary: () => setSummary(null),
  }
}

// The checks of the forms that load them with their schema (useLazyForm).
const lazyChecks = onDemand<FormChecks>(() => import('@/lib/form-check'))

// What a lazy form fetches at its first keystroke or submit: its schema and, as their messages
// show only after a submit, its rules.
export interface FormSpec<V extends object, Out> {
  schema: FormSchema<Out>
  rules: FormRules<V>
}

export function lazyForm<V extends object, Out>(
  load: () => Promise<FormSpec<V, Out>>,
): OnDemand<FormSpec<V, Out>> {
  return onDemand(load)
}

/**
 * The form hook for a page that paints before anyone types (login): the form's schema, rules and
 * checks (lib/form-check.ts) load at the first keystroke or the submit, and a submit before they
 * have arrived waits for them.
 */
export function useLazyForm<V extends object, Out>(
  options: Omit<FormBase<V, Out>, keyof FormRules<V>> & { spec: OnDemand<FormSpec<V, Out>> },
): Form<V> {
  const { spec } = options
  return useFormWith(options, {
    loaded: () => {
      const loaded = spec.loaded()
      const checks = lazyChecks.loaded()
      return loaded && checks ? { ...loaded, checks } : null
    },
    load: () =>
      Promise.all([spec.load(), lazyChecks.load()]).then(([loaded, checks]) => ({
        ...loaded,
        checks,
      })),
  })
}
