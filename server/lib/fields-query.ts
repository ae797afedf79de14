// `fields` on a single resource: the list grammar's narrowing, and nothing else (docs/api.md#lists).
import type { FieldError } from '../errors'
import { invalidQuery } from './list-engine'

// The only accepted parameter is `fields` (a comma list of known keys, once); anything else is 400.
export function parseFieldsOnly(
  params: URLSearchParams,
  allowed: readonly string[],
): string[] | null {
  const errors: FieldError[] = []
  let fields: string[] | null = null
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key)
    if (key !== 'fields') errors.push({ field: key, messages: ['is not a known query parameter'] })
    else if (values.length > 1) errors.push({ field: key, messages: ['must not be repeated'] })
    else {
      const names = (values[0] ?? '').split(',').map((f) => f.trim())
      const unknown = names.filter((f) => !allowed.includes(f))
      if (unknown.length > 0) {
        const list = unknown.map((f) => f || '(empty)').join(', ')
        errors.push({ field: key, messages: [`has unknown field(s): ${list}`] })
      } else fields = [...new Set(names)]
    }
  }
  if (errors.length > 0) throw invalidQuery(errors)
  return fields
}

// The item with only the asked keys (all of them without `fields`).
export function narrowToFields<T extends object>(item: T, fields: string[] | null): Partial<T> {
  if (!fields) return item
  return Object.fromEntries(
    Object.entries(item).filter(([key]) => fields.includes(key)),
  ) as Partial<T>
}
