import { type } from 'arktype'
import { EmailAddress, IsoDateTime, Role, UserId } from './common'

// A member of an account as the team page lists it (docs/entities.md#team-and-activity).
export const TeamMember = type({
  userId: UserId,
  emailAddress: 'string',
  displayName: 'string',
  role: Role,
  joinedAt: IsoDateTime,
  lastActiveAt: type(IsoDateTime, '|', 'null'),
  mfaEnabled: 'boolean',
})
export type TeamMember = typeof TeamMember.infer

export const RoleChangePayload = type({ role: Role })
export type RoleChangePayload = typeof RoleChangePayload.infer

export const INVITATION_STATUSES = ['pending', 'accepted', 'expired', 'revoked'] as const
export const InvitationStatus = type.enumerated(...INVITATION_STATUSES)
export type InvitationStatus = typeof InvitationStatus.infer

// Invitations are pending for this long on the sandbox clock (docs/constants.md#team).
export const INVITATION_TTL_DAYS = 7

export const Invitation = type({
  id: /^inv_[A-Za-z0-9_]+$/,
  emailAddress: 'string',
  role: Role,
  status: InvitationStatus,
  expiresAt: IsoDateTime,
  createdAt: IsoDateTime,
})
export type Invitation = typeof Invitation.infer

export const InvitationCreatePayload = type({
  emailAddress: EmailAddress,
  role: Role,
})
export type InvitationCreatePayload = typeof InvitationCreatePayload.infer

// What the invitation link shows before anyone signs in (GET /v1/invitations/{token}).
export const InvitationPreview = type({
  submerchantName: 'string',
  emailAddress: 'string',
  role: Role,
  status: InvitationStatus,
  expiresAt: IsoDateTime,
})
export type InvitationPreview = typeof InvitationPreview.infer

export const InvitationAcceptance = type({
  submerchantId: 'string',
  submerchantName: 'string',
  role: Role,
})
export type InvitationAcceptance = typeof InvitationAcceptance.infer

export const ACTIVITY_ACTIONS = [
  'refund.requested',
  'refund.edited',
  'refund.deleted',
  'receipt.sent',
  'payment_link.created',
  'payment_link.edited',
  'payment_link.cancelled',
  'payment_link.reset',
  'payment_link.captured',
  'payment_link.deleted',
  'payment_link.resent',
  'payment_link.import_started',
  'payment_link.import_finished',
  'api_key.created',
  'api_key.enabled',
  'api_key.disabled',
  'webhook_endpoint.created',
  'webhook_endpoint.enabled',
  'webhook_endpoint.disabled',
  'webhook_endpoint.rotated',
  'webhook_endpoint.deleted',
  'webhook_endpoint.test_sent',
  'webhook_endpoint.resent',
  'member.invited',
  'member.invitation_resent',
  'member.invitation_revoked',
  'member.role_changed',
  'member.removed',
  'member.joined',
  'member.left',
  'user.mfa_enrolled',
  'user.mfa_disabled',
  'user.password_changed',
] as const
export const ActivityAction = type.enumerated(...ACTIVITY_ACTIONS)
export type ActivityAction = typeof ActivityAction.infer

export const ACTIVITY_OUTCOMES = ['done', 'refused'] as const
export const ACTIVITY_OBJECT_TYPES = [
  'sale',
  'receipt',
  'payment_link',
  'payment_link_import',
  'api_key',
  'webhook_endpoint',
  'member',
  'invitation',
  'user',
] as const
export type ActivityObjectType = (typeof ACTIVITY_OBJECT_TYPES)[number]

export const ActivityChange = type({
  field: 'string',
  before: 'string | number | boolean | null',
  after: 'string | number | boolean | null',
})
export type ActivityChange = typeof ActivityChange.infer

// One row of the activity log: who, what, on which object, from where, and what changed.
export const ActivityEntry = type({
  id: /^act_[A-Za-z0-9_]+$/,
  occurredAt: IsoDateTime,
  actorType: "'user' | 'api_key'",
  actorId: 'string',
  actorName: 'string',
  action: ActivityAction,
  outcome: type.enumerated(...ACTIVITY_OUTCOMES),
  objectType: type.enumerated(...ACTIVITY_OBJECT_TYPES).or('null'),
  objectId: 'string | null',
  objectLabel: 'string | null',
  ipAddress: 'string | null',
  device: 'string | null',
  changes: ActivityChange.array(),
})
export type ActivityEntry = typeof ActivityEntry.infer
