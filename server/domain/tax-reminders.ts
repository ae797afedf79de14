// Quarterly deadline reminders (docs/events.md#tax-reminders): 14 and 3 days before each Making Tax
// Digital deadline, one `tax_year.deadline_reminder` event per account, deadline and lead. The
// world's round (server/sandbox/world.ts) writes them on the sandbox clock; every member sees
// them on the bell and the stream, and a push goes to the devices that chose the type.
import { sql } from 'drizzle-orm'
import { dueTaxReminders, londonDate, type TaxReminder } from '@/lib/tax-year'
import type { Db } from '../db/client'
import { recordEvent } from './events'

// Accounts reminded per deadline in one round; the rest follow in the next rounds.
const ACCOUNTS_PER_ROUND = 200
// The key of one reminder sent: a primary key, so two servers cannot both send it.
const KEY_PREFIX = 'tax-reminder:'

const reminderKey = (submerchantId: string, reminder: TaxReminder) =>
  `${KEY_PREFIX}${submerchantId}:${reminder.deadline}:${reminder.leadDays}`

// The event's object: the quarter's update. Both leads share it, so the 3-day push replaces the
// 14-day one on the device.
const reminderObjectId = (reminder: TaxReminder) => `taxq_${reminder.taxYear}_${reminder.quarter}`

/** Writes the reminders due at `now` (London) that an account has not had yet; returns how many. */
export async function remindTaxDeadlines(tx: Db, now: Date): Promise<number> {
  let written = 0
  for (const reminder of dueTaxReminders(londonDate(now))) {
    const suffix = `:${reminder.deadline}:${reminder.leadDays}`
    const due = await tx.execute<{ id: string }>(sql`
      select s.id from submerchants s
      where not exists (
        select 1 from sandbox_settings k where k.key = ${KEY_PREFIX} || s.id || ${suffix})
      order by s.id
      limit ${ACCOUNTS_PER_ROUND}`)
    for (const { id: submerchantId } of due.rows) {
      // The key first: only the transaction that inserts it writes the event.
      const claimed = await tx.execute<{ key: string }>(sql`
        insert into sandbox_settings (key, value, updated_at)
        values (${reminderKey(submerchantId, reminder)}, ${JSON.stringify(reminder)}::jsonb,
          ${now.toISOString()}::timestamptz)
        on conflict (key) do nothing
        returning key`)
      if (claimed.rows.length === 0) continue
      await recordEvent(tx, {
        submerchantId,
        type: 'tax_year.deadline_reminder',
        data: { id: reminderObjectId(reminder), ...reminder },
        now,
      })
      written++
    }
  }
  return written
}
