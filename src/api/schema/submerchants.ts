import { type } from 'arktype'
import {
  Currency,
  MinorUnits,
  OperatorId,
  PaymentFacilitatorId,
  Role,
  SubmerchantId,
  SubmerchantUserId,
  UserId,
} from './common'

export const PayoutAgreement = type({
  scheduleNaturalLanguage: 'string',
  minBalance: MinorUnits,
  currency: Currency,
})
export type PayoutAgreement = typeof PayoutAgreement.infer

export const PlanAttachment = type({
  plan: { id: 'string', name: 'string' },
  payoutAgreement: PayoutAgreement,
})
export type PlanAttachment = typeof PlanAttachment.infer

export const Submerchant = type({
  id: SubmerchantId,
  name: 'string',
  legalName: 'string',
  operatorId: OperatorId,
  paymentFacilitatorId: PaymentFacilitatorId,
  finaroId: 'string | null',
  // Present only with expand=planAttachment.
  'planAttachment?': PlanAttachment.or('null'),
})
export type Submerchant = typeof Submerchant.infer

export const SubmerchantUser = type({
  id: SubmerchantUserId,
  userId: UserId,
  submerchantId: SubmerchantId,
  submerchantRole: Role,
})
export type SubmerchantUser = typeof SubmerchantUser.infer
