import { type } from 'arktype'
import {
  BalanceTransactionId,
  Currency,
  IntentId,
  IsoDateTime,
  MinorUnits,
  ReceiptId,
  SaleId,
  SignedMinorUnits,
  TerminalId,
} from './common'
import { CARD_SCHEMES, CARD_TYPES, SALE_LIST_FIELDS, SALE_METHODS } from './sale-values'

export const SaleMethod = type.enumerated(...SALE_METHODS)
export type SaleMethod = typeof SaleMethod.infer
export const CardScheme = type.enumerated(...CARD_SCHEMES)
export type CardScheme = typeof CardScheme.infer
export const CardType = type.enumerated(...CARD_TYPES)
export type CardType = typeof CardType.infer

export const PanLastFour = type(/^\d{4}$/)

export const Sale = type({
  id: SaleId,
  // amount = saleAmount + gratuityAmount
  amount: MinorUnits,
  saleAmount: MinorUnits,
  gratuityAmount: MinorUnits,
  currency: Currency,
  method: SaleMethod,
  panLastFour: PanLastFour,
  authCode: 'string',
  cardScheme: CardScheme,
  cardIsCommercial: 'boolean',
  cardType: CardType,
  cardIsPrepaid: 'boolean',
  cardCountryCode: type(/^[A-Z]{2}$/),
  cardCountryIsInEEA: 'boolean',
  capturedAt: IsoDateTime,
  retrievalReferenceNumber: 'string',
  settlementTransactionId: 'string | null',
  balanceTransactionId: BalanceTransactionId.or('null'),
  disbursementWithheld: 'boolean',
  disbursementWithheldReason: 'string | null',
  disbursementWithheldMessage: 'string | null',
  disbursementWithheldUrl: 'string | null',
  terminalId: TerminalId.or('null'),
  terminalSerialNumber: 'string | null',
  receiptId: ReceiptId.or('null'),
  intentId: IntentId.or('null'),
  externalReference: 'string | null',
})
export type Sale = typeof Sale.infer

// A sales table's row: the list calls ask for SALE_LIST_FIELDS alone.
export const SaleListItem = Sale.pick(...SALE_LIST_FIELDS)
export type SaleListItem = typeof SaleListItem.infer

// A list item narrowed by `fields` carries only the requested keys.
export const PartialSale = Sale.partial()
export type PartialSale = typeof PartialSale.infer

export const BALANCE_TRANSACTION_TYPES = ['sale', 'refund', 'payout', 'adjustment'] as const
export const BalanceTransactionType = type.enumerated(...BALANCE_TRANSACTION_TYPES)
export type BalanceTransactionType = typeof BalanceTransactionType.infer

export const BalanceTransaction = type({
  id: BalanceTransactionId,
  sourceId: 'string',
  type: BalanceTransactionType,
  amount: SignedMinorUnits,
  feeAmount: SignedMinorUnits,
  netAmount: SignedMinorUnits,
  currency: Currency,
  createdAt: IsoDateTime,
})
export type BalanceTransaction = typeof BalanceTransaction.infer
