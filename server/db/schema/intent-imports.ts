import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { submerchants } from './core'

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

// A bulk create of payment links (docs/entities.md#payment-link-imports): the portal sends the
// rows and reports the start and the end; the id is the portal's own, unique within the account.
export const intentImports = pgTable(
  'intent_imports',
  {
    submerchantId: text('submerchant_id')
      .notNull()
      .references(() => submerchants.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    fileName: text('file_name').notNull(),
    rowCount: integer('row_count').notNull(),
    // The user or API key that started it.
    startedBy: text('started_by').notNull(),
    startedAt: timestamptz('started_at').notNull(),
    finishedAt: timestamptz('finished_at'),
    createdCount: integer('created_count'),
    failedCount: integer('failed_count'),
    cancelledCount: integer('cancelled_count'),
  },
  (t) => [primaryKey({ columns: [t.submerchantId, t.id] })],
)
