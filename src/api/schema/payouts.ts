import { type } from 'arktype'
import { BankAccountId, Currency, IsoDateTime, MinorUnits, PayoutCardId, PayoutId } from './common'
import { CardScheme, PanLastFour } from './sales'
import { PAYOUT_STATUSES } from './payout-values'

export { PAYOUT_STATUSES }
export const PayoutStatus = type.enumerated(...PAYOUT_STATUSES)
export type PayoutStatus = typeof PayoutStatus.infer

export const PAYOUT_DESTINATION_TYPES = ['bank_account', 'payout_card'] as const
export const PayoutDestinationType = type.enumerated(...PAYOUT_DESTINATION_TYPES)
export type PayoutDestinationType = typeof PayoutDestinationType.infer

export const Payout = type({
  id: PayoutId,
  paymentReference: 'string',
  amount: MinorUnits,
  currency: Currency,
  createdAt: IsoDateTime,
  scheduled: 'boolean',
  destinationType: PayoutDestinationType,
  destinationId: BankAccountId.or(PayoutCardId),
  // Unknown statuses are displayed as given.
  status: 'string',
})
export type Payout = typeof Payout.infer

export const BankAccount = type({
  id: BankAccountId,
  nickname: 'string | null',
  accountName: 'string',
  sortCode: type(/^\d{2}-\d{2}-\d{2}$/),
  accountNumber: type(/^\d{8}$/),
})
export type BankAccount = typeof BankAccount.infer

export const PayoutCard = type({
  id: PayoutCardId,
  nickname: 'string | null',
  cardScheme: CardScheme,
  panLastFour: PanLastFour,
})
export type PayoutCard = typeof PayoutCard.infer
