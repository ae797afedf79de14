import type { Role } from '@/api/schema/common'
import { EVENT_TYPES, type EventType } from '@/api/schema/event-values'
import {
  ACCESS_LISTS,
  type AccessLists,
  type LinkWhitelist,
  type SidebarEntryId,
} from '@/config/access-lists'

/**
 * The one access policy (docs/roles.md, the sidebar rules included). Screens, the sidebar and the
 * sandbox server ask it; nobody else compares roles or reads the id lists.
 */

// The chosen account as the policy needs it; a loaded Submerchant fits as is.
export interface AccessAccount {
  id: string
  operatorId: string | null
  // Set once enrolled with the acquirer; null means payment links show self-enrolment.
  finaroId: string | null
}

export interface AccessSubject {
  // The user's submerchantRole in the account; null while unknown or not a member.
  role: Role | null
  account: AccessAccount | null
}

type Rule = (subject: AccessSubject, lists?: AccessLists) => boolean

const ALL_ROLES: readonly Role[] = ['owner', 'manager', 'viewer']
const OWNER_AND_MANAGER: readonly Role[] = ['owner', 'manager']

function hasRole(subject: AccessSubject, roles: readonly Role[]): boolean {
  return subject.account !== null && subject.role !== null && roles.includes(subject.role)
}

function isListed(subject: AccessSubject, list: readonly string[]): boolean {
  return subject.account !== null && list.includes(subject.account.id)
}

// On a listed account only the owner passes; elsewhere every member does.
function ownerOnlyWhenListed(subject: AccessSubject, list: readonly string[]): boolean {
  return hasRole(subject, isListed(subject, list) ? ['owner'] : ALL_ROLES)
}

// Refunds (docs/roles.md#refunds): owner-only on the restricted-refund accounts. Covers request, edit and delete.
export const canRequestRefund: Rule = (subject, lists = ACCESS_LISTS) =>
  ownerOnlyWhenListed(subject, lists.restrictedRefundSubmerchants)

// docs/roles.md#payment-links: viewers cannot create or bulk-create payment links.
export const canCreatePaymentLinks: Rule = (subject) => hasRole(subject, OWNER_AND_MANAGER)

// docs/roles.md#payment-links: viewers cannot edit payment links.
export const canEditPaymentLinks: Rule = (subject) => hasRole(subject, OWNER_AND_MANAGER)

// docs/roles.md#terminals: terminal list and detail hidden from managers and viewers of the listed accounts.
export const canViewTerminals: Rule = (subject, lists = ACCESS_LISTS) =>
  ownerOnlyWhenListed(subject, lists.terminalRestrictedSubmerchants)

// docs/roles.md#payouts: payouts hidden from managers and viewers of the listed accounts.
export const canViewPayouts: Rule = (subject, lists = ACCESS_LISTS) =>
  ownerOnlyWhenListed(subject, lists.payoutRestrictedSubmerchants)

// docs/roles.md#developer-tools: Developer Tools (API keys, webhook endpoints) are for owner and manager.
export const canUseDeveloperTools: Rule = (subject) => hasRole(subject, OWNER_AND_MANAGER)

// docs/roles.md#profile: the 'Add a user to your account' link, which leads to the team page.
export const canAddUser: Rule = (subject) => hasRole(subject, OWNER_AND_MANAGER)

// docs/roles.md#team: the team page (members and invitations) is for owners and managers.
export const canViewTeam: Rule = (subject) => hasRole(subject, OWNER_AND_MANAGER)

// docs/roles.md#team: only owners change roles and remove other members.
export const canManageMembers: Rule = (subject) => hasRole(subject, ['owner'])

// docs/roles.md#activity: owners see the whole activity log, managers only their own rows.
export const canViewActivity: Rule = (subject) => hasRole(subject, OWNER_AND_MANAGER)
export const canViewAllActivity: Rule = (subject) => hasRole(subject, ['owner'])

// docs/roles.md#team: owners invite any role, managers invite managers and viewers, viewers nobody.
export function canInviteAs(subject: AccessSubject, role: Role): boolean {
  if (hasRole(subject, ['owner'])) return true
  return hasRole(subject, ['manager']) && role !== 'owner'
}

// docs/roles.md#profile: the 'Update bank account' link.
export const canUpdateBankAccount: Rule = (subject) => hasRole(subject, ['owner'])

// docs/roles.md#profile: any signed-in user manages their own MFA, whatever their role or account.
export const canManageOwnMfa: Rule = () => true

// docs/screens.md#scan-to-pay Scan to Pay (Anytime Payments) runs on whitelisted accounts or operators only. The sandbox's
// public pay page asks this too, with no person behind it, so it reads the account alone.
export function acceptsScanToPay(
  account: AccessAccount | null,
  lists: AccessLists = ACCESS_LISTS,
): boolean {
  return isWhitelisted({ role: null, account }, lists.linkWhitelists.scanToPay)
}

// docs/screens.md#scan-to-pay and docs/roles.md#scan-to-pay: the Scan to Pay page, for members of a whitelisted account.
export const canUseScanToPay: Rule = (subject, lists = ACCESS_LISTS) =>
  hasRole(subject, ALL_ROLES) && acceptsScanToPay(subject.account, lists)

// docs/validation.md#payment-link-create: payment links of these accounts need a job number (8+ characters) and a customer name.
export const requiresJobNumber: Rule = (subject, lists = ACCESS_LISTS) =>
  isListed(subject, lists.jobNumberSubmerchants)

// docs/roles.md#payment-links: payment links need an enrolled account (finaroId), else self-enrolment is shown.
export const needsEnrollment: Rule = (subject) =>
  subject.account !== null && subject.account.finaroId === null

// The permission rules a route or a screen can demand by name.
export const ACCESS_RULES = {
  canRequestRefund,
  canCreatePaymentLinks,
  canEditPaymentLinks,
  canViewTerminals,
  canViewPayouts,
  canUseDeveloperTools,
  canAddUser,
  canViewTeam,
  canManageMembers,
  canViewActivity,
  canViewAllActivity,
  canUpdateBankAccount,
  canManageOwnMfa,
  canUseScanToPay,
} as const satisfies Record<string, Rule>

export type AccessRule = keyof typeof ACCESS_RULES

// docs/events.md#who-sees-what: the rule a person must pass to see an event of this type, if any
// (every member sees the rest).
export function eventRule(type: EventType): AccessRule | null {
  if (type.startsWith('payout.')) return 'canViewPayouts'
  if (type === 'webhook_endpoint.failing') return 'canUseDeveloperTools'
  return null
}

// The event types this person may see in this account (every member sees the rest).
export function visibleEventTypes(
  subject: AccessSubject,
  lists: AccessLists = ACCESS_LISTS,
): EventType[] {
  if (subject.account === null || subject.role === null) return []
  return EVENT_TYPES.filter((type) => {
    const rule = eventRule(type)
    return rule === null || ACCESS_RULES[rule](subject, lists)
  })
}

// What a refused person is told (the texts of docs/roles.md where it gives one); the sandbox's 403 uses the same.
export const ACCESS_DENIED_MESSAGES: Record<AccessRule, string> = {
  canRequestRefund: 'Insufficient privileges',
  canCreatePaymentLinks:
    'Sorry, you do not have sufficient permissions to create payment links for this account',
  canEditPaymentLinks:
    'Sorry, you do not have sufficient permissions to modify payment links for this account',
  canViewTerminals: 'Not permitted to view this data.',
  canViewPayouts: 'Not permitted to view this data.',
  canUseDeveloperTools: 'Not permitted to view this data.',
  canAddUser: 'Insufficient privileges',
  canViewTeam: 'Not permitted to view this data.',
  canManageMembers: 'Insufficient privileges',
  canViewActivity: 'Not permitted to view this data.',
  canViewAllActivity: 'Not permitted to view this data.',
  canUpdateBankAccount: 'Insufficient privileges',
  canManageOwnMfa: 'Insufficient privileges',
  canUseScanToPay: 'Not permitted to view this data.',
}

// Refunds (docs/roles.md#refunds): the label of the disabled button shown instead (its title is the denied message).
export const REFUND_NOT_PERMITTED_LABEL = 'Not permitted'

// Declared with the id lists it keys; screens keep asking this module for it.
export type { SidebarEntryId }

export interface SidebarEntry {
  id: SidebarEntryId
  label: string
  path: string
}

interface SidebarEntryDefinition extends SidebarEntry {
  // docs/roles.md#sidebar: the account-user roles that see the link; absent means every signed-in person.
  requiredRoles?: readonly Role[]
  // docs/roles.md#payouts: a page the person may not open at all is not offered (the payouts list).
  rule?: AccessRule
}

// In the order of docs/screens.md#the-shell. Whitelists come from src/config/access-lists.ts.
export const SIDEBAR_ENTRIES: readonly SidebarEntryDefinition[] = [
  { id: 'dashboard', label: 'Dashboard', path: '/dashboard' },
  { id: 'transactions', label: 'Transactions', path: '/transactions/sales' },
  { id: 'paymentLinks', label: 'Payment Links', path: '/payment-links' },
  { id: 'scanToPay', label: 'Scan to Pay', path: '/scan-to-pay' },
  // docs/screens.md#check-a-payment: every member checks a customer's proof of payment.
  { id: 'checkPayment', label: 'Check a payment', path: '/check-payment' },
  {
    id: 'payouts',
    label: 'Payouts',
    path: '/payouts',
    requiredRoles: ALL_ROLES,
    rule: 'canViewPayouts',
  },
  { id: 'terminals', label: 'Terminals', path: '/terminals', requiredRoles: ALL_ROLES },
  // docs/screens.md#tax-year: viewers may read the tax year too, from the dashboard's link.
  { id: 'tax', label: 'Tax year', path: '/tax', requiredRoles: OWNER_AND_MANAGER },
  { id: 'support', label: 'Support', path: '/support' },
  { id: 'status', label: 'System Status', path: '/status' },
  {
    id: 'developer',
    label: 'Developer Tools',
    path: '/developer',
    requiredRoles: OWNER_AND_MANAGER,
  },
  { id: 'team', label: 'Team', path: '/team', requiredRoles: OWNER_AND_MANAGER },
]

function isWhitelisted(subject: AccessSubject, whitelist: LinkWhitelist | undefined): boolean {
  if (!whitelist) return true
  const { account } = subject
  if (!account) return false
  return (
    (whitelist.submerchants ?? []).includes(account.id) ||
    (account.operatorId !== null && (whitelist.operators ?? []).includes(account.operatorId))
  )
}

// The sidebar (docs/screens.md#the-shell) entries this person sees in this account, in order.
export function sidebarEntries(
  subject: AccessSubject,
  lists: AccessLists = ACCESS_LISTS,
): SidebarEntry[] {
  return SIDEBAR_ENTRIES.filter(
    (entry) =>
      (!entry.requiredRoles || hasRole(subject, entry.requiredRoles)) &&
      (!entry.rule || ACCESS_RULES[entry.rule](subject, lists)) &&
      isWhitelisted(subject, lists.linkWhitelists[entry.id]),
  ).map(({ id, label, path }) => ({ id, label, path }))
}

export type Access = Readonly<
  Record<AccessRule, boolean> & {
    requiresJobNumber: boolean
    needsEnrollment: boolean
    sidebar: readonly SidebarEntry[]
    // The same answer by id, for quick actions that lead to a sidebar page (`links.scanToPay`).
    links: Readonly<Record<SidebarEntryId, boolean>>
  }
>

// Every answer for one person in one account, for screens to read (`access.canViewPayouts`).
export function accessFor(subject: AccessSubject, lists: AccessLists = ACCESS_LISTS): Access {
  const rules = Object.fromEntries(
    Object.entries(ACCESS_RULES).map(([name, rule]) => [name, rule(subject, lists)]),
  ) as Record<AccessRule, boolean>
  const sidebar = sidebarEntries(subject, lists)
  const links = Object.fromEntries(
    SIDEBAR_ENTRIES.map((entry) => [entry.id, sidebar.some((shown) => shown.id === entry.id)]),
  ) as Record<SidebarEntryId, boolean>
  return Object.freeze({
    ...rules,
    requiresJobNumber: requiresJobNumber(subject, lists),
    needsEnrollment: needsEnrollment(subject, lists),
    sidebar,
    links: Object.freeze(links),
  })
}

// One rule by name, with the message to show or send when it refuses.
export function checkAccess(
  rule: AccessRule,
  subject: AccessSubject,
  lists: AccessLists = ACCESS_LISTS,
): { allowed: true } | { allowed: false; message: string } {
  return ACCESS_RULES[rule](subject, lists)
    ? { allowed: true }
    : { allowed: false, message: ACCESS_DENIED_MESSAGES[rule] }
}
