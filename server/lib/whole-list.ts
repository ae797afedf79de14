// Short lists answered whole (the team, a person's push subscriptions): no paging, so any query
// parameter is refused, and the Total-Count headers of docs/api.md#lists are exact.
import type { Context } from 'hono'
import type { AppEnv } from '../context'
import { invalidQuery } from './list-engine'

// Refuses (400) every query parameter but the `allowed` ones; calls that take none pass nothing.
export function refuseQuery(c: Context<AppEnv>, allowed: readonly string[] = []): void {
  const keys = [...new Set(new URL(c.req.url).searchParams.keys())].filter(
    (key) => !allowed.includes(key),
  )
  if (keys.length > 0) {
    throw invalidQuery(keys.map((field) => ({ field, messages: ['is not supported here'] })))
  }
}

export function sendAll<T>(c: Context<AppEnv>, items: T[]) {
  c.header('Total-Count', String(items.length))
  c.header('Total-Count-Is-Approximate', 'false')
  return c.json(items)
}
