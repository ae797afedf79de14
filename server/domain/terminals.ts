import { and, eq, exists, or } from 'drizzle-orm'
import type { Terminal, TerminalModel } from '@/api/schema/terminals'
import type { Db } from '../db/client'
import { terminalAllocations, terminals } from '../db/schema/core'
import { notFound } from '../errors'

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

// A terminal the account holds now or held before (its old sales link to it), else 404.
export async function findAccountTerminal(
  db: Db,
  id: string,
  submerchantId: string,
): Promise<Terminal> {
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
  return terminal
}
