import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { toApiError } from '@/api/errors'
import type { InvitationPreview } from '@/api/schema/team'
import { formatDateTime } from '@/lib/dates'
import { Alert } from '@/ui/alert'
import { Button, buttonClassName } from '@/ui/button'
import { teamQueries, useAcceptInvitationMutation } from './api'
import { ROLE_LABELS } from './roles'
import './team.css'
import { WriteFailure } from '@/ui/write-failure'

// What a link that cannot be accepted any more says (docs/states.md#invitations).
const CLOSED: Partial<Record<InvitationPreview['status'], string>> = {
  accepted: 'This invitation has already been used.',
  expired: 'This invitation has expired. Ask the person who invited you to send a new one.',
  revoked:
    'This invitation was withdrawn. Ask the person who invited you if you still need access.',
}

interface InvitationScreenProps {
  token: string
  loggedIn: boolean
  onAccepted: () => void
}

// /invitations/{token} (docs/screens.md#invitation): the account and the role, and how to accept.
export function InvitationScreen({ token, loggedIn, onAccepted }: InvitationScreenProps) {
  const query = useQuery(teamQueries.invitation(token))
  const accept = useAcceptInvitationMutation(token)
  const here = `/invitations/${token}`

  if (query.isPending) return <p role="status">Loading the invitation…</p>
  if (query.isError) {
    return <Alert title={toApiError(query.error).message} />
  }
  const invitation = query.data
  const closed = CLOSED[invitation.status]
  return (
    <div className="invitation-page">
      <p>
        You are invited to join <strong>{invitation.submerchantName}</strong> as{' '}
        <strong>{ROLE_LABELS[invitation.role]}</strong>.
      </p>
      <p className="muted">
        For {invitation.emailAddress}
        {invitation.status === 'pending' && ` · until ${formatDateTime(invitation.expiresAt)}`}
      </p>
      {closed ? (
        <Alert title={closed} />
      ) : loggedIn ? (
        <>
          <WriteFailure error={accept.error} />
          <Button
            loading={accept.isPending}
            onClick={() => accept.mutate(undefined, { onSuccess: onAccepted })}
          >
            Accept
          </Button>
        </>
      ) : (
        <div className="invitation-page__actions">
          <Link to="/login" search={{ redirect: here }} className={buttonClassName()}>
            Log in to accept
          </Link>
          <Link
            to="/register"
            search={{ redirect: here }}
            className={buttonClassName({ variant: 'secondary' })}
          >
            Create an account
          </Link>
        </div>
      )}
    </div>
  )
}
