import type { Role } from '@/api/schema/common'
import type { InvitationStatus } from '@/api/schema/team'
import type { BadgeTone } from '@/ui/badge'

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  manager: 'Manager',
  viewer: 'Viewer',
}

export const INVITATION_LABELS: Record<InvitationStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'info' },
  accepted: { label: 'Accepted', tone: 'success' },
  expired: { label: 'Expired', tone: 'warning' },
  revoked: { label: 'Revoked', tone: 'neutral' },
}
