import { useState, type FormEvent } from 'react'
import { toApiError, type ApiError } from '@/api/errors'

/**
 * One form hook for every form: the arktype schema shared with the server checks the values on
 * submit, its issues become the field messages (docs/validation.md), a failed request's ApiError becomes field
 * messages plus the summary (docs/errors.md). Schemas are typed by their Standard Schema face, so this module
 * never imports arktype at run time (the /login bundle stays free of it; see lazySchema).
 */

interface SchemaIssue {
  readonly message: string
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }>
}

type SchemaResult<Out> =
  | { readonly value: Out; readonly issues?: undefined }
  | { readonly issues: ReadonlyArray<SchemaIssue> }

// What the hook needs of an arktype Type.
export interface FormSchema<Out> {
  readonly '~standard': {
    readonly validate: (value: unknown) => SchemaResult<Out> | Promise<SchemaResult<Out>>
  }
}

// A schema fetched on first use, for a screen whose first paint must not load arktype (login).
export interface LazySchema<Out> {
  readonly loaded: () => FormSchema<Out> | null
  readonly load: () => Promise<FormSchema<Out>>
}

export function lazySchema<Out>(load: () => Promise<FormSchema<Out>>): LazySchema<Out> {
  let schema: FormSchema<Out> | null = null
  let pending: Promise<FormSchema<Out>> | null = null
  return {
    loaded: () => schema,
    load: () =>
      (pending ??= load().then(
        (loadedSchema) => (schema = loadedSchema),
        (error: unknown) => {
          // A failed chunk download may succeed on the next try.
          pending = null
          throw error
        },
      )),
  }
}

export type SchemaSource<Out> = FormSchema<Out> | LazySchema<Out>

function isLazy<Out>(source: SchemaSource<Out>): source is LazySchema<Out> {
  return !('~standard' in source)
}

/**
 * The text (docs/validation.md) for a field's schema issue: `required` when the field is left blank, else the text for
 * arktype's issue code (`minLength`, `maxLength`, `pattern` …), else `invalid`; without any of them
 * the schema's own message (schemas that carry their texts themselves, like the MFA codes: docs/validation.md#mfa-codes).
 */
export type FieldMessages = { required?: string; invalid?: string } & Record<string, string>

export type FieldErrors<V> = Partial<Record<keyof V & string, string>>

export interface FormRules<V extends object> {
  // The schema's input made from what was typed (trimmed, empty optional fields left out, parsed).
  toInput?: (values: V) => unknown
  messages?: Partial<Record<keyof V & string, FieldMessages>>
  // Rules the schema cannot hold (confirmation, strength, a ceiling): their messages win.
  check?: (values: V) => FieldErrors<V>
  // The form field a schema or server path belongs to; default: the field of the same name.
  // Undefined drops it (a field not on screen); the server's message then goes to the summary.
  fieldOf?: (name: string, values: V) => (keyof V & string) | undefined
}

export type FormCheck<Out, V> = { ok: true; data: Out } | { ok: false; errors: FieldErrors<V> }

function pathName(issue: SchemaIssue): string {
  const first = issue.path?.[0]
  const key = typeof first === 'object' && first !== null ? first.key : first
  return key === undefined ? '' : String(key)
}

function isBlank(value: unknown): boolean {
  return typeof value === 'string' ? value.trim() === '' : value === null || value === undefined
}

function defaultFieldOf<V extends object>(name: string, values: V): (keyof V & string) | undefined {
  return name in values ? (name as keyof V & string) : undefined
}

// Runs the schema and the form's own rules over the values (no React: the screens' tests call it).
export function checkForm<V extends object, Out>(
  schema: FormSchema<Out>,
  values: V,
  rules: FormRules<V> = {},
): FormCheck<Out, V> {
  const fieldOf = rules.fieldOf ?? defaultFieldOf
  const result = schema['~standard'].validate(rules.toInput ? rules.toInput(values) : values)
  if (result instanceof Promise) throw new Error('Form schemas must validate synchronously')
  const errors: FieldErrors<V> = {}
  for (const issue of result.issues ?? []) {
    const field = fieldOf(pathName(issue), values)
    if (!field || errors[field]) continue
    const texts = rules.messages?.[field]
    const code = (issue as { code?: unknown }).code
    errors[field] =
      (isBlank(values[field]) ? texts?.required : undefined) ??
      (typeof code === 'string' ? texts?.[code] : undefined) ??
      texts?.invalid ??
      issue.message
  }
  for (const [field, message] of Object.entries(rules.check?.(values) ?? {})) {
    if (message) errors[field as keyof V & string] = message as string
  }
  if (result.issues || Object.keys(errors).length > 0) return { ok: false, errors }
  return { ok: true, data: result.value }
}

// docs/errors.md#sign-in-and-session, "a 400 with errors": the first message of each, on its field.
export function serverFieldErrors<V extends object>(
  error: ApiError,
  values: V,
  fieldOf: (name: string, values: V) => (keyof V & string) | undefined = defaultFieldOf,
): FieldErrors<V> {
  const errors: FieldErrors<V> = {}
  for (const [name, messages] of Object.entries(error.fieldErrors)) {
    const field = fieldOf(name, values)
    if (field && messages[0] && !errors[field]) errors[field] = messages[0]
  }
  return errors
}

// The first message of each item in errors (password texts, "Create forms": the field messages, docs/errors.md#developer-tools).
export function firstFieldMessages(error: ApiError): string[] {
  return Object.values(error.fieldErrors)
    .map((messages) => messages[0])
    .filter((message): message is string => Boolean(message) && message !== error.message)
}

export interface FormSummary {
  title?: string
  message: string
  details: string[]
}

// By default (docs/errors.md): the server message as given, then the field messages no field on screen shows.
export function defaultSummary<V extends object>(
  error: ApiError,
  values: V,
  fieldOf: (name: string, values: V) => (keyof V & string) | undefined = defaultFieldOf,
): FormSummary {
  const unshown = Object.entries(error.fieldErrors)
    .filter(([name]) => !fieldOf(name, values))
    .map(([, messages]) => messages[0])
    .filter((message): message is string => Boolean(message) && message !== error.message)
  return { message: error.message, details: unshown }
}

export interface FormOptions<V extends object, Out> extends FormRules<V> {
  initial: V | (() => V)
  schema: SchemaSource<Out>
  // Sends the checked data; a throw is shown (field messages and the summary).
  onSubmit: (data: Out, values: V) => unknown
  // The summary (docs/errors.md) of a failure; default: defaultSummary.
  summarize?: (error: ApiError, values: V) => FormSummary
  // False where docs/errors.md#password lists the field messages in the summary instead (password screens).
  serverErrorsOnFields?: boolean
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

export function useForm<V extends object, Out>(options: FormOptions<V, Out>): Form<V> {
  const { schema: source } = options
  const [values, setValues] = useState<V>(options.initial)
  const [schema, setSchema] = useState<FormSchema<Out> | null>(() =>
    isLazy(source) ? source.loaded() : source,
  )
  const [submitted, setSubmitted] = useState(false)
  const [pending, setPending] = useState(false)
  const [serverErrors, setServerErrors] = useState<FieldErrors<V>>({})
  const [summary, setSummary] = useState<FormSummary | null>(null)

  async function ensureSchema(): Promise<FormSchema<Out>> {
    if (schema) return schema
    const loaded = isLazy(source) ? await source.load() : source
    setSchema(() => loaded)
    return loaded
  }

  // Read when the screen reads it, so `check` may use what the screen derives after this call
  // (a password's strength score comes from a hook that needs the typed value).
  function currentErrors(): FieldErrors<V> {
    const live = submitted && schema ? checkForm(schema, values, options) : null
    return { ...serverErrors, ...(live && !live.ok ? live.errors : {}) }
  }

  function fail(cause: unknown, failedValues: V = values) {
    const error = toApiError(cause)
    setServerErrors(
      options.serverErrorsOnFields === false
        ? {}
        : serverFieldErrors(error, failedValues, options.fieldOf),
    )
    setSummary(
      options.summarize
        ? options.summarize(error, failedValues)
        : defaultSummary(error, failedValues, options.fieldOf),
    )
  }

  function submit(form: HTMLFormElement) {
    setSubmitted(true)
    // Synchronous once the schema is there: the request starts within the submit event.
    if (schema) return send(form, schema)
    return ensureSchema().then((loaded) => send(form, loaded))
  }

  async function send(form: HTMLFormElement, loaded: FormSchema<Out>) {
    const checked = checkForm(loaded, values, options)
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
      fail(cause, values)
    } finally {
      setPending(false)
    }
  }

  function set<K extends keyof V>(field: K, value: V[K]) {
    // The first keystroke fetches a lazy schema, so it is there by the time of the submit.
    if (!schema) void ensureSchema().catch(() => undefined)
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
    fail: (cause) => fail(cause),
    dismissSummary: () => setSummary(null),
  }
}
