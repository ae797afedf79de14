import type { Intent } from '@/api/schema/intents'
import { formatMoney } from '@/lib/money'

// A link in one line for a checkbox's name and a run's row: amount · reference · customer.
export const describeLink = (intent: Intent) =>
  [
    formatMoney(intent.amount, intent.currency),
    intent.reference ?? intent.id,
    intent.customerName ?? intent.customerPhoneNumber ?? intent.customerEmailAddress,
  ]
    .filter(Boolean)
    .join(' · ')
