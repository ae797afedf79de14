import { type } from 'arktype'

// The body parsed by a wire schema that refuses undeclared keys: exactly the shape (docs/entities.md), nothing more.
export function exactly<T>(
  schema: { onUndeclaredKey(k: 'reject'): (v: unknown) => unknown },
  body: unknown,
): T {
  const parsed = schema.onUndeclaredKey('reject')(body)
  if (parsed instanceof type.errors) throw new Error(parsed.summary)
  return parsed as T
}
