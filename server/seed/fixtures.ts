import type { Role } from '../context'
import { SEED_OPERATORS, SEED_PAYMENT_FACILITATORS, SEED_SUBMERCHANTS, SEED_USERS } from './ids'

export const OPERATORS = [
  {
    id: SEED_OPERATORS.metroPay,
    name: 'MetroPay',
    brandName: 'MetroPay Business',
    brandIdentifier: 'metropay',
    logoPath: '/brands/metropay.svg',
    themeColour: '#0b5fff',
    receiptHost: 'receipts.metropay.example',
  },
  {
    id: SEED_OPERATORS.cabCard,
    name: 'CabCard',
    brandName: 'CabCard Payments',
    brandIdentifier: 'cabcard',
    logoPath: '/brands/cabcard.svg',
    themeColour: '#0f7b5f',
    receiptHost: 'receipts.cabcard.example',
  },
] as const

export const PAYMENT_FACILITATORS = [
  {
    id: SEED_PAYMENT_FACILITATORS.sandboxPay,
    name: 'Sandbox Pay',
    receiptHost: 'receipts.sandboxpay.example',
  },
] as const

export const PLANS = [
  {
    id: 'pln_demo_daily',
    name: 'Standard (daily payouts)',
    payoutScheduleNaturalLanguage: 'Every working day',
    payoutMinBalance: 0,
  },
  {
    id: 'pln_demo_weekly',
    name: 'Fleet (weekly payouts)',
    payoutScheduleNaturalLanguage: 'Every Monday',
    payoutMinBalance: 5000,
  },
  {
    id: 'pln_demo_instant',
    name: 'Driver Instant',
    payoutScheduleNaturalLanguage: 'Every day to your payout card',
    payoutMinBalance: 1000,
  },
] as const

export type PayoutMode = 'daily' | 'weekly' | 'card'

export interface SubmerchantFixture {
  id: string
  name: string
  legalName: string
  operatorId: string
  enrolled: boolean
  // Share of the seeded sales.
  weight: number
  terminals: number
  planId: (typeof PLANS)[number]['id']
  payoutMode: PayoutMode
  jobNumber: boolean
}

export const SUBMERCHANTS: SubmerchantFixture[] = [
  {
    id: SEED_SUBMERCHANTS.cityCabs,
    name: 'City Cabs',
    legalName: 'City Cabs Ltd',
    operatorId: SEED_OPERATORS.metroPay,
    enrolled: true,
    weight: 30,
    terminals: 8,
    planId: 'pln_demo_daily',
    payoutMode: 'daily',
    jobNumber: false,
  },
  {
    id: SEED_SUBMERCHANTS.airportExpress,
    name: 'Airport Express',
    legalName: 'Airport Express Transfers Ltd',
    operatorId: SEED_OPERATORS.metroPay,
    enrolled: true,
    weight: 15,
    terminals: 5,
    planId: 'pln_demo_daily',
    payoutMode: 'daily',
    jobNumber: false,
  },
  {
    id: SEED_SUBMERCHANTS.northFleet,
    name: 'North Cars',
    legalName: 'North Cars Group Ltd',
    operatorId: SEED_OPERATORS.cabCard,
    enrolled: true,
    weight: 12,
    terminals: 6,
    planId: 'pln_demo_weekly',
    payoutMode: 'weekly',
    jobNumber: false,
  },
  {
    id: SEED_SUBMERCHANTS.harbourCars,
    name: 'Harbour Cars',
    legalName: 'Harbour Private Hire Ltd',
    operatorId: SEED_OPERATORS.cabCard,
    enrolled: true,
    weight: 10,
    terminals: 4,
    planId: 'pln_demo_daily',
    payoutMode: 'daily',
    jobNumber: false,
  },
  {
    id: SEED_SUBMERCHANTS.nightOwl,
    name: 'Night Owl Cabs',
    legalName: 'Night Owl Cabs Ltd',
    operatorId: SEED_OPERATORS.metroPay,
    enrolled: true,
    weight: 10,
    terminals: 4,
    planId: 'pln_demo_weekly',
    payoutMode: 'weekly',
    jobNumber: true,
  },
  {
    id: SEED_SUBMERCHANTS.newStart,
    name: 'New Start Cars',
    legalName: 'Ahmed Khan',
    operatorId: SEED_OPERATORS.metroPay,
    enrolled: false,
    weight: 2,
    terminals: 1,
    planId: 'pln_demo_daily',
    payoutMode: 'daily',
    jobNumber: false,
  },
  {
    id: SEED_SUBMERCHANTS.riversideCars,
    name: 'Riverside Cars',
    legalName: 'Riverside Cars LLP',
    operatorId: SEED_OPERATORS.cabCard,
    enrolled: true,
    weight: 8,
    terminals: 3,
    planId: 'pln_demo_daily',
    payoutMode: 'daily',
    jobNumber: false,
  },
  {
    id: SEED_SUBMERCHANTS.greenLine,
    name: 'Green Line Cars',
    legalName: 'Green Line Cars',
    operatorId: SEED_OPERATORS.cabCard,
    enrolled: true,
    weight: 5,
    terminals: 2,
    planId: 'pln_demo_weekly',
    payoutMode: 'weekly',
    jobNumber: false,
  },
  {
    id: SEED_SUBMERCHANTS.patelCars,
    name: 'Patel Cars',
    legalName: 'Raj Patel',
    operatorId: SEED_OPERATORS.metroPay,
    enrolled: true,
    weight: 4,
    terminals: 1,
    planId: 'pln_demo_instant',
    payoutMode: 'card',
    jobNumber: false,
  },
  {
    id: SEED_SUBMERCHANTS.westEndChauffeurs,
    name: 'West End Chauffeurs',
    legalName: 'WEC Executive Travel Ltd',
    operatorId: SEED_OPERATORS.metroPay,
    enrolled: true,
    weight: 4,
    terminals: 2,
    planId: 'pln_demo_daily',
    payoutMode: 'daily',
    jobNumber: false,
  },
  {
    id: SEED_SUBMERCHANTS.lateShift,
    name: 'Late Shift Cars',
    legalName: 'Late Shift Cars Ltd',
    operatorId: SEED_OPERATORS.cabCard,
    enrolled: false,
    weight: 1,
    terminals: 1,
    planId: 'pln_demo_daily',
    payoutMode: 'daily',
    jobNumber: false,
  },
]

export interface UserFixture {
  id: string
  firstName: string
  lastName: string
  emailAddress: string
  password: string
  mfa: boolean
  demonstrates: string
  memberships: Array<[submerchantId: string, role: Role]>
}

// Shared by the demo users; not on the compromised list and free of prohibited words.
export const DEMO_PASSWORD = 'Sandbox-Demo-2025!'
// Listed in server/auth/compromised.ts, so login asks for a reset.
export const COMPROMISED_PASSWORD = 'Password123!'
// Base32 TOTP secret of the MFA demo user (printed by npm start, listed in the README).
export const DEMO_MFA_SECRET = 'KRUGKU3BNZSGE33YIRSW23ZRGIZTINJW'

const S = SEED_SUBMERCHANTS
export const USERS: UserFixture[] = [
  {
    id: SEED_USERS.owner,
    firstName: 'Olivia',
    lastName: 'Owen',
    emailAddress: 'owner@example.com',
    password: DEMO_PASSWORD,
    mfa: false,
    demonstrates: 'Owner of most accounts: refunds on restricted accounts, bank account, payouts',
    memberships: [
      [S.cityCabs, 'owner'],
      [S.airportExpress, 'owner'],
      [S.harbourCars, 'owner'],
      [S.nightOwl, 'owner'],
      [S.newStart, 'owner'],
      [S.riversideCars, 'owner'],
      [S.greenLine, 'owner'],
      [S.westEndChauffeurs, 'owner'],
      [S.lateShift, 'owner'],
    ],
  },
  {
    id: SEED_USERS.manager,
    firstName: 'Mohammed',
    lastName: 'Mansour',
    emailAddress: 'manager@example.com',
    password: DEMO_PASSWORD,
    mfa: false,
    demonstrates:
      'Manager: developer tools, add-user link; blocked from refunds, terminals and payouts on restricted accounts',
    memberships: [
      [S.cityCabs, 'manager'],
      [S.airportExpress, 'manager'],
      [S.northFleet, 'manager'],
      [S.harbourCars, 'manager'],
      [S.nightOwl, 'manager'],
    ],
  },
  {
    id: SEED_USERS.viewer,
    firstName: 'Vera',
    lastName: 'Vickers',
    emailAddress: 'viewer@example.com',
    password: DEMO_PASSWORD,
    mfa: false,
    demonstrates: 'Viewer: read-only, cannot create payment links or see developer tools',
    memberships: [
      [S.cityCabs, 'viewer'],
      [S.airportExpress, 'viewer'],
      [S.northFleet, 'viewer'],
      [S.harbourCars, 'viewer'],
      [S.riversideCars, 'viewer'],
    ],
  },
  {
    id: SEED_USERS.mfa,
    firstName: 'Max',
    lastName: 'Fisher',
    emailAddress: 'mfa@example.com',
    password: DEMO_PASSWORD,
    mfa: true,
    demonstrates: 'MFA enabled: login asks for an authenticator code (TOTP secret below)',
    memberships: [
      [S.northFleet, 'owner'],
      [S.patelCars, 'owner'],
      [S.greenLine, 'viewer'],
    ],
  },
  {
    id: SEED_USERS.compromised,
    firstName: 'Colin',
    lastName: 'Price',
    emailAddress: 'compromised@example.com',
    password: COMPROMISED_PASSWORD,
    mfa: false,
    demonstrates: 'Compromised password: login leads to the password reset dialog',
    memberships: [[S.riversideCars, 'manager']],
  },
  {
    id: SEED_USERS.noAccounts,
    firstName: 'Nina',
    lastName: 'Novak',
    emailAddress: 'nobody@example.com',
    password: DEMO_PASSWORD,
    mfa: false,
    demonstrates: 'No accounts: account selection shows the empty message',
    memberships: [],
  },
]

// The owner of each account (createdBy of its refunds, payment links and API keys).
export function ownerOf(submerchantId: string): string {
  const owner = USERS.find((u) =>
    u.memberships.some(([id, role]) => id === submerchantId && role === 'owner'),
  )
  if (!owner) throw new Error(`seed fixture ${submerchantId} has no owner`)
  return owner.id
}
