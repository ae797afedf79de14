import { and, eq, exists, getTableColumns, or } from 'drizzle-orm'
import { TERMINAL_MODELS, type Terminal, type TerminalModel } from '@/api/schema/terminals'
import type { Db } from '../db/client'
import { terminalAllocations, terminals } from '../db/schema/core'
import { notFound } from '../errors'
import type { AccountListResource } from '../lib/account-scope'
import { boolFilter, enumFilter, stringFilter } from '../lib/list-engine'

type TerminalRow = typeof terminals.$inferSelect

// The Terminal (docs/entities.md#terminals) exactly as the arktype schema describes it.
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

// GET /v1/terminals?currentAllocation[submerchantId]={id} (table, export lookup) and ?q=…&limit=10
// (search): the terminals the perspective account holds now.
export const terminalsList: AccountListResource<TerminalRow> = {
  table: terminals,
  account: terminals.currentSubmerchantId,
  accountFilter: 'currentAllocation[submerchantId]',
  noun: 'terminals',
  columns: getTableColumns(terminals),
  serialize: serializeTerminal,
  fields: TERMINAL_FIELDS,
  filters: {
    'currentAllocation[submerchantId]': stringFilter(terminals.currentSubmerchantId),
    id: stringFilter(terminals.id),
    serialNumber: stringFilter(terminals.serialNumber),
    customReference: stringFilter(terminals.customReference),
    model: enumFilter(terminals.model, TERMINAL_MODELS),
    'reportedConfiguration[isUpToDate]': boolFilter(terminals.isUpToDate),
  },
  sortable: {
    serialNumber: terminals.serialNumber,
    name: terminals.name,
    customReference: terminals.customReference,
    model: terminals.model,
    'currentAllocation.createdAt': terminals.currentAllocationCreatedAt,
    id: terminals.id,
  },
  defaultSort: 'serialNumber',
  tieBreaker: terminals.id,
  q: [terminals.serialNumber, terminals.name, terminals.customReference],
}

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
