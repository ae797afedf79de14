import { and, eq, exists, or } from 'drizzle-orm'
import { Hono } from 'hono'
import type { PartialTerminal, Terminal, TerminalModel } from '@/api/schema/terminals'
import { requireAccess } from '../auth/access'
import type { AppEnv } from '../context'
import { terminalAllocations, terminals } from '../db/schema/core'
import { notFound } from '../errors'
import { invalidQuery } from '../lib/list-engine'
import { requirePerspective } from '../middleware/perspective'

type TerminalRow = typeof terminals.$inferSelect

// The §3 Terminal exactly as the arktype schema describes it.
export function serializeTerminal(row: TerminalRow): Terminal {
  return {
    id: row.id,
    name: row.name,
    serialNumber: row.serialNumber,
    customReference: row.customReference,
    reference: row.reference,
    model: row.model as TerminalModel,
    currentAllocation:
      row.currentSubmerchantId && row.currentAllocationCreatedAt
        ? {
            createdAt: row.currentAllocationCreatedAt.toISOString(),
            submerchantId: row.currentSubmerchantId,
          }
        : null,
    reportedConfiguration: { isUpToDate: row.isUpToDate },
  }
}

export const TERMINAL_FIELDS = [
  'id',
  'name',
  'serialNumber',
  'customReference',
  'reference',
  'model',
  'currentAllocation',
  'reportedConfiguration',
] as const satisfies ReadonlyArray<keyof Terminal>

// A single resource takes `fields` only (the list grammar's narrowing); anything else is 400.
export function parseFieldsOnly(
  params: URLSearchParams,
  allowed: readonly string[],
): string[] | null {
  const errors: { field: string; messages: string[] }[] = []
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

function narrowTerminal(terminal: Terminal, fields: string[] | null): PartialTerminal {
  if (!fields) return terminal
  return Object.fromEntries(
    Object.entries(terminal).filter(([key]) => fields.includes(key)),
  ) as PartialTerminal
}

export function terminalRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  // §7 GET /v1/terminals/{id}[?fields=…]: a terminal the account holds or once held (its old sales link it).
  app.get('/:id', async (c) => {
    const submerchantId = requirePerspective(c)
    const fields = parseFieldsOnly(new URL(c.req.url).searchParams, TERMINAL_FIELDS)
    await requireAccess(c, 'canViewTerminals')
    const db = c.get('deps').db.db
    const id = c.req.param('id')
    const [row] = await db
      .select()
      .from(terminals)
      .where(
        and(
          eq(terminals.id, id),
          or(
            eq(terminals.currentSubmerchantId, submerchantId),
            exists(
              db
                .select({ one: terminalAllocations.id })
                .from(terminalAllocations)
                .where(
                  and(
                    eq(terminalAllocations.terminalId, id),
                    eq(terminalAllocations.submerchantId, submerchantId),
                  ),
                ),
            ),
          ),
        ),
      )
    if (!row) throw notFound('Terminal not found')
    const terminal = serializeTerminal(row)
    // A terminal since moved on must not reveal which account holds it now.
    if (row.currentSubmerchantId !== submerchantId) terminal.currentAllocation = null
    return c.json(narrowTerminal(terminal, fields))
  })

  return app
}
