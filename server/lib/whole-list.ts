// Short lists answered whole (the team, a person's push subscriptions): no paging, so any query
// parameter is refused, and the Total-Count headers of docs/api.md#lists are exact.
import type { Context } from 'hono'
import type { AppEnv } from '../context'
import { invalidQuery } from './list-engine'

export function refuseQuery(c: Context<AppEnv>): void {
  const keys = [...new Set(new URL(c.req.url).searchParams.keys())]
  if (keys.length > 0) {
    throw invalidQuery(keys.map((field) => ({ field, messages: ['is not supported here'] })))
  }
}

export function sendAll<T>(c: Context<AppEnv>, items: T[]) {
  c.header('Total-Count', String(items.length))
  c.header('Total-Count-Is-Approximate', 'false')
  return c.json(items)
}
