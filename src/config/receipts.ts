import { apiEnv, type ApiEnv } from '@/config/api'
import { PAYMENT_FACILITATOR_ID } from '@/config/app'

// docs/constants.md#timing: the receipt toast stays 200 s, long enough to hand the phone to the passenger.
export const RECEIPT_TOAST_MS = 200_000

// Brand identifiers sent with a receipt advice (docs/api.md#sales-refunds-and-receipts): a submerchant's own brand wins over its operator's.
export const SUBMERCHANT_RECEIPT_BRANDS: Record<string, string> = {}
export const OPERATOR_RECEIPT_BRANDS: Record<string, string> = {
  op_demo_metropay: 'metropay',
  op_demo_cabcard: 'cabcard',
}
export const DEFAULT_RECEIPT_BRAND = 'fleetpay'

interface ReceiptHosts {
  operators: Record<string, string>
  facilitators: Record<string, string>
}

// The receipt site per operator, else per payment facilitator, for each provider environment (docs/api.md#sales-refunds-and-receipts).
export const RECEIPT_HOSTS: Record<Exclude<ApiEnv, 'local'>, ReceiptHosts> = {
  production: {
    operators: {
      op_demo_metropay: 'https://receipts.metropay.example',
      op_demo_cabcard: 'https://receipts.cabcard.example',
    },
    facilitators: { [PAYMENT_FACILITATOR_ID]: 'https://receipts.sandboxpay.example' },
  },
  staging: {
    operators: {
      op_demo_metropay: 'https://receipts.staging.metropay.example',
      op_demo_cabcard: 'https://receipts.staging.cabcard.example',
    },
    facilitators: { [PAYMENT_FACILITATOR_ID]: 'https://receipts.staging.sandboxpay.example' },
  },
  sandbox: {
    operators: {},
    facilitators: { [PAYMENT_FACILITATOR_ID]: 'https://receipts.sandbox.sandboxpay.example' },
  },
  dev: {
    operators: {},
    facilitators: { [PAYMENT_FACILITATOR_ID]: 'https://receipts.dev.sandboxpay.example' },
  },
}
export const FALLBACK_RECEIPT_HOST = 'https://receipts.sandboxpay.example'

export interface ReceiptAccount {
  id: string
  operatorId: string
  paymentFacilitatorId: string
}

export function receiptBrandFor(account: ReceiptAccount): string {
  return (
    SUBMERCHANT_RECEIPT_BRANDS[account.id] ??
    OPERATOR_RECEIPT_BRANDS[account.operatorId] ??
    DEFAULT_RECEIPT_BRAND
  )
}

// 'local' is the sandbox on the same origin, which serves a real receipt page at /receipts/{id}.
export function receiptHostFor(account: ReceiptAccount, env: ApiEnv = apiEnv): string {
  if (env === 'local') return ''
  const hosts = RECEIPT_HOSTS[env]
  return (
    hosts.operators[account.operatorId] ??
    hosts.facilitators[account.paymentFacilitatorId] ??
    FALLBACK_RECEIPT_HOST
  )
}

export function receiptUrl(
  receiptId: string,
  account: ReceiptAccount,
  env: ApiEnv = apiEnv,
): string {
  return `${receiptHostFor(account, env)}/receipts/${encodeURIComponent(receiptId)}`
}
