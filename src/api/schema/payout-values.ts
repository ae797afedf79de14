// The payout statuses (docs/states.md#settlement-and-payout-of-a-sale) as plain values, for the payouts route's validateSearch (see intent-values.ts).
export const PAYOUT_STATUSES = ['pending', 'in_transit', 'paid', 'failed'] as const
