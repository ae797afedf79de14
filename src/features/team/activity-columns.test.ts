import { describe, expect, it } from 'vitest'
import type { ActivityEntry } from '@/api/schema/team'
import { changesText } from '@/features/team/activity-columns'

const entry = (changes: ActivityEntry['changes']): ActivityEntry => ({
  id: 'act_1',
  occurredAt: '2026-11-27T10:00:00.000Z',
  actorType: 'user',
  actorId: 'usr_1',
  actorName: 'Olivia Owen',
  action: 'refund.requested',
  outcome: 'done',
  objectType: 'sale',
  objectId: 'sale_1',
  objectLabel: 'ref_1',
  ipAddress: null,
  device: null,
  changes,
})

describe('changesText', () => {
  it('reads as the screens do: field names in words, amounts as money, codes humanised', () => {
    expect(
      changesText(
        entry([
          { field: 'amount', before: null, after: 100 },
          { field: 'refundReason', before: null, after: 'Journey cancelled' },
          { field: 'status', before: null, after: 'pending' },
        ]),
      ),
    ).toBe('Amount: — → £1.00; Reason: — → Journey cancelled; Status: — → Pending')
  })

  it('takes the currency a change names, and reads flags, roles and counts plainly', () => {
    expect(
      changesText(
        entry([
          { field: 'amount', before: null, after: 2500 },
          { field: 'currency', before: null, after: 'EUR' },
        ]),
      ),
    ).toBe('Amount: — → €25.00; Currency: — → EUR')
    expect(changesText(entry([{ field: 'isEnabled', before: true, after: false }]))).toBe(
      'Enabled: Yes → No',
    )
    expect(changesText(entry([{ field: 'role', before: 'viewer', after: 'manager' }]))).toBe(
      'Role: Viewer → Manager',
    )
    expect(changesText(entry([{ field: 'mfaEnabled', before: false, after: true }]))).toBe(
      'MFA: No → Yes',
    )
    expect(changesText(entry([{ field: 'rows', before: null, after: 12 }]))).toBe('Rows: — → 12')
    // A payment link's status in the links screens' words.
    const captured = {
      ...entry([{ field: 'status', before: 'authorized_pending_capture', after: 'succeeded' }]),
      objectType: 'payment_link' as const,
    }
    expect(changesText(captured)).toBe('Status: Authorised, awaiting capture → Succeeded')
  })
})
