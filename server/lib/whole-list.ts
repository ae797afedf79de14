// Short lists answered whole (the team, a person's push subscriptions): no paging, so any query
// parameter is refused, and the Total-Count headers of docs/api.md#lists are exact.
import type { Context } from 'hono'
import type { AppEnv } from '../context'
import { invalidQuery } from './list-engine'

// Refuses (400) every query parameter but the `allowed` ones, and an allowed one given twice;
// calls that take none pass nothing.
export function refuseQuery(c: Context<AppEnv>, allowed: readonly string[] = []): void {
  const params = new URL(c.req.url).searchParams
  const keys = [...new Set(params.keys())]
  const errors = [
    ...keys
      .filter((key) => !allowed.includes(key))
      .map((field) => ({ field, messages: ['is not supported here'] })),
    // An allowed key names one value: given twice, which would count is not for the server to guess.
    ...keys
      .filter((key) => allowed.includes(key) && params.getAll(key).length > 1)
      .map((field) => ({ field, messages: ['must not be repeated'] })),
  ]
  if (errors.length > 0) throw invalidQuery(errors)
}

export function sendAll<T>(c: Context<AppEnv>, items: T[]) {
  c.header('Total-Count', String(items.length))
  c.header('Total-Count-Is-Approximate', 'false')
  return c.json(items)
}
