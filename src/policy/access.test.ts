import { describe, expect, it } from 'vitest'
import type { Role } from '@/api/schema/common'
import { ACCESS_LISTS, type AccessLists } from '@/config/access-lists'
import {
  acceptsScanToPay,
  ACCESS_DENIED_MESSAGES,
  ACCESS_RULES,
  accessFor,
  checkAccess,
  sidebarEntries,
  type AccessAccount,
  type AccessRule,
  type SidebarEntryId,
} from './access'

const METRO = 'op_demo_metropay'
const CAB = 'op_demo_cabcard'
const enrolled = 'fin_1'

// One account per case of docs/roles.md#the-id-lists and docs/screens.md; ids are taken from the configured lists, not restated.
const ACCOUNTS = {
  ordinary: { id: 'sub_demo_city_cabs', operatorId: METRO, finaroId: enrolled },
  restrictedRefund: {
    id: ACCESS_LISTS.restrictedRefundSubmerchants[0] ?? '',
    operatorId: METRO,
    finaroId: enrolled,
  },
  terminalRestricted: {
    id: ACCESS_LISTS.terminalRestrictedSubmerchants[0] ?? '',
    operatorId: CAB,
    finaroId: enrolled,
  },
  payoutRestricted: {
    id: ACCESS_LISTS.payoutRestrictedSubmerchants[0] ?? '',
    operatorId: CAB,
    finaroId: enrolled,
  },
  jobNumber: {
    id: ACCESS_LISTS.jobNumberSubmerchants[0] ?? '',
    operatorId: METRO,
    finaroId: enrolled,
  },
  notEnrolled: { id: 'sub_demo_new_start', operatorId: METRO, finaroId: null },
  // A CabCard account outside every list: not whitelisted for Scan to Pay.
  notWhitelisted: { id: 'sub_demo_green_line', operatorId: CAB, finaroId: enrolled },
  // A CabCard account whitelisted for Scan to Pay by its own id.
  whitelistedSubmerchant: { id: 'sub_demo_riverside_cars', operatorId: CAB, finaroId: enrolled },
} satisfies Record<string, AccessAccount>

type AccountCase = keyof typeof ACCOUNTS
type RoleCase = Role | 'none'

const ALL: AccessRule[] = [
  'canRequestRefund',
  'canCreatePaymentLinks',
  'canEditPaymentLinks',
  'canViewTerminals',
  'canViewPayouts',
  'canUseDeveloperTools',
  'canAddUser',
  'canViewTeam',
  'canManageMembers',
  'canViewActivity',
  'canViewAllActivity',
  'canUpdateBankAccount',
  'canManageOwnMfa',
]
// docs/roles.md#team: managers see the team and their own activity, owners manage members and see everyone's.
const OWNER_ONLY: AccessRule[] = ['canUpdateBankAccount', 'canManageMembers', 'canViewAllActivity']
const MANAGER: AccessRule[] = ALL.filter((rule) => !OWNER_ONLY.includes(rule))
const VIEWER: AccessRule[] = [
  'canRequestRefund',
  'canViewTerminals',
  'canViewPayouts',
  'canManageOwnMfa',
]
const NONE: AccessRule[] = ['canManageOwnMfa']
const without = (rules: AccessRule[], removed: AccessRule) => rules.filter((r) => r !== removed)

type RoleRules = Record<RoleCase, AccessRule[]>
// A whitelisted account (docs/screens.md#scan-to-pay): its members also get the Scan to Pay page; a non-member never does.
const scanToPay = ({ owner, manager, viewer, none }: RoleRules): RoleRules => ({
  owner: [...owner, 'canUseScanToPay'],
  manager: [...manager, 'canUseScanToPay'],
  viewer: [...viewer, 'canUseScanToPay'],
  none,
})
const STANDARD: RoleRules = { owner: ALL, manager: MANAGER, viewer: VIEWER, none: NONE }

// The permission rules each role holds in each account case (docs/roles.md, the Scan to Pay whitelist included).
const ALLOWED: Record<AccountCase, RoleRules> = {
  ordinary: scanToPay(STANDARD),
  restrictedRefund: scanToPay({
    owner: ALL,
    manager: without(MANAGER, 'canRequestRefund'),
    viewer: without(VIEWER, 'canRequestRefund'),
    none: NONE,
  }),
  terminalRestricted: {
    owner: ALL,
    manager: without(MANAGER, 'canViewTerminals'),
    viewer: without(VIEWER, 'canViewTerminals'),
    none: NONE,
  },
  payoutRestricted: {
    owner: ALL,
    manager: without(MANAGER, 'canViewPayouts'),
    viewer: without(VIEWER, 'canViewPayouts'),
    none: NONE,
  },
  jobNumber: scanToPay(STANDARD),
  notEnrolled: scanToPay(STANDARD),
  notWhitelisted: STANDARD,
  whitelistedSubmerchant: scanToPay(STANDARD),
}

const BASE: SidebarEntryId[] = [
  'dashboard',
  'transactions',
  'paymentLinks',
  'scanToPay',
  'checkPayment',
]
const TAIL: SidebarEntryId[] = ['support', 'status']
const OWNER_SIDEBAR: SidebarEntryId[] = [
  ...BASE,
  'payouts',
  'terminals',
  'tax',
  ...TAIL,
  'developer',
  'team',
]
const VIEWER_SIDEBAR: SidebarEntryId[] = [...BASE, 'payouts', 'terminals', ...TAIL]
const NONE_SIDEBAR: SidebarEntryId[] = [...BASE, ...TAIL]
const noScan = (ids: SidebarEntryId[]) => ids.filter((id) => id !== 'scanToPay')

// Sidebar per role (docs/roles.md#sidebar): the page restrictions (docs/roles.md#terminals) do not remove the links (the pages say why).
const STANDARD_SIDEBAR: Record<RoleCase, SidebarEntryId[]> = {
  owner: OWNER_SIDEBAR,
  manager: OWNER_SIDEBAR,
  viewer: VIEWER_SIDEBAR,
  none: NONE_SIDEBAR,
}
const SIDEBAR: Record<AccountCase, Record<RoleCase, SidebarEntryId[]>> = {
  ordinary: STANDARD_SIDEBAR,
  restrictedRefund: STANDARD_SIDEBAR,
  // CabCard accounts outside the Scan to Pay whitelist.
  terminalRestricted: {
    owner: noScan(OWNER_SIDEBAR),
    manager: noScan(OWNER_SIDEBAR),
    viewer: noScan(VIEWER_SIDEBAR),
    none: noScan(NONE_SIDEBAR),
  },
  // docs/roles.md#payouts (issue 14): managers and viewers do not get the payouts list, so the link is hidden too.
  payoutRestricted: {
    owner: noScan(OWNER_SIDEBAR),
    manager: noScan(OWNER_SIDEBAR).filter((id) => id !== 'payouts'),
    viewer: noScan(VIEWER_SIDEBAR).filter((id) => id !== 'payouts'),
    none: noScan(NONE_SIDEBAR),
  },
  jobNumber: STANDARD_SIDEBAR,
  notEnrolled: STANDARD_SIDEBAR,
  notWhitelisted: {
    owner: noScan(OWNER_SIDEBAR),
    manager: noScan(OWNER_SIDEBAR),
    viewer: noScan(VIEWER_SIDEBAR),
    none: noScan(NONE_SIDEBAR),
  },
  whitelistedSubmerchant: STANDARD_SIDEBAR,
}

const ROLE_CASES: RoleCase[] = ['owner', 'manager', 'viewer', 'none']
const CASES = (Object.keys(ACCOUNTS) as AccountCase[]).flatMap((account) =>
  ROLE_CASES.map((role) => ({ account, role })),
)

describe('accessFor: every role × account case', () => {
  it('covers 8 account cases × 4 roles', () => {
    expect(CASES).toHaveLength(32)
  })

  it.each(CASES)('$role in $account', ({ account, role }) => {
    const access = accessFor({
      role: role === 'none' ? null : role,
      account: ACCOUNTS[account],
    })
    const allowed = (Object.keys(ACCESS_RULES) as AccessRule[]).filter((rule) => access[rule])
    expect(allowed.sort()).toEqual([...ALLOWED[account][role]].sort())
    expect(access.requiresJobNumber).toBe(account === 'jobNumber')
    expect(access.needsEnrollment).toBe(account === 'notEnrolled')
    expect(access.sidebar.map((entry) => entry.id)).toEqual(SIDEBAR[account][role])
    const linked = Object.entries(access.links).filter(([, shown]) => shown)
    expect(linked.map(([id]) => id).sort()).toEqual([...SIDEBAR[account][role]].sort())
  })
})

describe('the configured lists', () => {
  it('have the sizes documented', () => {
    expect(ACCESS_LISTS.restrictedRefundSubmerchants).toHaveLength(4)
    expect(ACCESS_LISTS.terminalRestrictedSubmerchants).toHaveLength(4)
    expect(ACCESS_LISTS.payoutRestrictedSubmerchants).toHaveLength(12)
    expect(ACCESS_LISTS.jobNumberSubmerchants).toHaveLength(2)
  })

  it('apply to every listed account, not only the first', () => {
    const manager = (id: string) =>
      accessFor({ role: 'manager', account: { id, operatorId: CAB, finaroId: enrolled } })
    for (const id of ACCESS_LISTS.restrictedRefundSubmerchants) {
      expect(manager(id).canRequestRefund).toBe(false)
    }
    for (const id of ACCESS_LISTS.terminalRestrictedSubmerchants) {
      expect(manager(id).canViewTerminals).toBe(false)
    }
    for (const id of ACCESS_LISTS.payoutRestrictedSubmerchants) {
      expect(manager(id).canViewPayouts).toBe(false)
    }
    for (const id of ACCESS_LISTS.jobNumberSubmerchants) {
      expect(manager(id).requiresJobNumber).toBe(true)
    }
  })

  it('are replaceable, so another deployment can pass its own', () => {
    const lists: AccessLists = {
      restrictedRefundSubmerchants: ['sub_other'],
      terminalRestrictedSubmerchants: [],
      payoutRestrictedSubmerchants: [],
      jobNumberSubmerchants: [],
      linkWhitelists: { developer: { operators: ['op_x'] } },
    }
    const account = { id: 'sub_other', operatorId: 'op_y', finaroId: enrolled }
    const access = accessFor({ role: 'manager', account }, lists)
    expect(access.canRequestRefund).toBe(false)
    // The whitelist narrows the role rule; it never widens it.
    expect(access.sidebar.map((e) => e.id)).not.toContain('developer')
    const viewerOnX = sidebarEntries(
      { role: 'viewer', account: { ...account, operatorId: 'op_x' } },
      lists,
    )
    expect(viewerOnX.map((e) => e.id)).not.toContain('developer')
    const managerOnX = sidebarEntries(
      { role: 'manager', account: { ...account, operatorId: 'op_x' } },
      lists,
    )
    expect(managerOnX.map((e) => e.id)).toContain('developer')
  })
})

describe('sidebarEntries', () => {
  it('gives the labels and the routes they lead to, in order', () => {
    const entries = sidebarEntries({ role: 'owner', account: ACCOUNTS.ordinary })
    expect(entries).toEqual([
      { id: 'dashboard', label: 'Dashboard', path: '/dashboard' },
      { id: 'transactions', label: 'Transactions', path: '/transactions/sales' },
      { id: 'paymentLinks', label: 'Payment Links', path: '/payment-links' },
      { id: 'scanToPay', label: 'Scan to Pay', path: '/scan-to-pay' },
      { id: 'checkPayment', label: 'Check a payment', path: '/check-payment' },
      { id: 'payouts', label: 'Payouts', path: '/payouts' },
      { id: 'terminals', label: 'Terminals', path: '/terminals' },
      { id: 'tax', label: 'Tax year', path: '/tax' },
      { id: 'support', label: 'Support', path: '/support' },
      { id: 'status', label: 'System Status', path: '/status' },
      { id: 'developer', label: 'Developer Tools', path: '/developer' },
      { id: 'team', label: 'Team', path: '/team' },
    ])
  })

  it('hides whitelisted links when no account is chosen', () => {
    const ids = sidebarEntries({ role: null, account: null }).map((e) => e.id)
    expect(ids).toEqual([
      'dashboard',
      'transactions',
      'paymentLinks',
      'checkPayment',
      'support',
      'status',
    ])
  })
})

describe('checkAccess', () => {
  it('returns the message of the refused rule', () => {
    const viewer = { role: 'viewer' as const, account: ACCOUNTS.ordinary }
    expect(checkAccess('canCreatePaymentLinks', viewer)).toEqual({
      allowed: false,
      message:
        'Sorry, you do not have sufficient permissions to create payment links for this account',
    })
    expect(checkAccess('canEditPaymentLinks', viewer)).toEqual({
      allowed: false,
      message:
        'Sorry, you do not have sufficient permissions to modify payment links for this account',
    })
    expect(checkAccess('canViewPayouts', viewer)).toEqual({ allowed: true })
    const manager = { role: 'manager' as const, account: ACCOUNTS.terminalRestricted }
    expect(checkAccess('canViewTerminals', manager)).toEqual({
      allowed: false,
      message: 'Not permitted to view this data.',
    })
    expect(ACCESS_DENIED_MESSAGES.canRequestRefund).toBe('Insufficient privileges')
    const owner = { role: 'owner' as const, account: ACCOUNTS.notWhitelisted }
    expect(checkAccess('canUseScanToPay', owner)).toEqual({
      allowed: false,
      message: 'Not permitted to view this data.',
    })
  })
})

describe('acceptsScanToPay (the public pay page, no person behind it)', () => {
  it('takes accounts whitelisted by operator or by id, and no other', () => {
    expect(acceptsScanToPay(ACCOUNTS.ordinary)).toBe(true)
    expect(acceptsScanToPay(ACCOUNTS.whitelistedSubmerchant)).toBe(true)
    expect(acceptsScanToPay(ACCOUNTS.notWhitelisted)).toBe(false)
    expect(acceptsScanToPay(null)).toBe(false)
  })

  it('agrees with the sidebar link for every account case', () => {
    for (const account of Object.values(ACCOUNTS)) {
      const linked = accessFor({ role: 'viewer', account }).links.scanToPay
      expect(acceptsScanToPay(account), account.id).toBe(linked)
    }
  })
})
