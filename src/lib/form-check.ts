import { toApiError, type ApiError } from '@/api/errors'

/**
 * What a form does with its values and failures, apart from the hook's state (lib/use-form.ts):
 * the schema's issues become the field messages (docs/validation.md), a failed request's ApiError
 * becomes field messages plus the summary (docs/errors.md). A form that paints before any of it is
 * needed (login) loads this module at its first keystroke or submit, with its schema.
 */

interface SchemaIssue {
  readonly message: string
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }>
}

type SchemaResult<Out> =
  | { readonly value: Out; readonly issues?: undefined }
  | { readonly issues: ReadonlyArray<SchemaIssue> }

// What the checks need of an arktype Type (its Standard Schema face: no arktype at run time).
export interface FormSchema<Out> {
  readonly '~standard': {
    readonly validate: (value: unknown) => SchemaResult<Out> | Promise<SchemaResult<Out>>
  }
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

export interface FailureOptions<V extends object> extends Pick<FormRules<V>, 'fieldOf'> {
  // The summary (docs/errors.md) of a failure; default: defaultSummary.
  summarize?: (error: ApiError, values: V) => FormSummary
  // False where docs/errors.md#password lists the field messages in the summary instead (password screens).
  serverErrorsOnFields?: boolean
}

// What a failed request shows: its field messages (on their fields) and the summary.
export function formFailure<V extends object>(
  cause: unknown,
  values: V,
  options: FailureOptions<V>,
): { fieldErrors: FieldErrors<V>; summary: FormSummary } {
  const error = toApiError(cause)
  return {
    fieldErrors:
      options.serverErrorsOnFields === false
        ? {}
        : serverFieldErrors(error, values, options.fieldOf),
    summary: options.summarize
      ? options.summarize(error, values)
      : defaultSummary(error, values, options.fieldOf),
  }
}
