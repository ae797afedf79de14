import { useState, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { Role } from '@/api/schema/common'
import type { Submerchant } from '@/api/schema/submerchants'
import type { MfaEnrollment, User } from '@/api/schema/users'
import { ACCOUNT_SUPPORT_LINKS } from '@/config/links'
import {
  profileQueries,
  useRequestMfaEnrollmentMutation,
  type ReloadUser,
} from '@/features/profile/api'
import { PROFILE_MESSAGES } from '@/features/profile/messages'
import {
  MfaDisableDialog,
  MfaEnrolDialog,
  RecoveryCodeDialog,
} from '@/features/profile/mfa-dialogs'
import { PasswordDialog } from '@/features/profile/password-dialog'
import { formatDateTime } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import { useOnline } from '@/offline/use-online'
import { accessFor, type Access } from '@/policy/access'
import { DataAge } from '@/offline/data-age'
import { ExternalLink } from '@/ui/external-link'
import { QueryView } from '@/ui/query-view'
import { Button } from '@/ui/button'
import { TextField } from '@/ui/field'
import { PageHeader } from '@/ui/page-layout'
import './profile.css'
import { WriteFailure } from '@/ui/write-failure'

interface ProfileScreenProps {
  user: User
  // The chosen account and the user's role there; null before an account is chosen.
  account: Submerchant | null
  role: Role | null
  // Reloads the signed-in user; the writes that change it call it.
  reloadUser: ReloadUser
  // The Notifications section (push on this device), composed by the route.
  notifications?: ReactNode
}

type Open =
  | { dialog: 'none' }
  | { dialog: 'password' }
  | { dialog: 'enrol'; enrollment: MfaEnrollment }
  | { dialog: 'recovery'; recoveryCode: string }
  | { dialog: 'disable' }

export function ProfileScreen({
  user,
  account,
  role,
  reloadUser,
  notifications,
}: ProfileScreenProps) {
  const online = useOnline()
  const access = accessFor({ role, account })
  const [open, setOpen] = useState<Open>({ dialog: 'none' })
  const enrol = useRequestMfaEnrollmentMutation(user.id)
  const close = () => setOpen({ dialog: 'none' })

  // Enable MFA: the enrolment dialog opens with the server's QR code and secret; a failure is
  // shown in this card, beside the button.
  function startEnrolment() {
    enrol.mutate(undefined, { onSuccess: (enrollment) => setOpen({ dialog: 'enrol', enrollment }) })
  }

  const offlineTitle = online ? undefined : 'Needs a connection'
  const mfa = (
    <div className="profile-row">
      <div>
        <p className="profile-row__label">Multi-factor authentication</p>
        <p className="muted">
          {user.mfaIsEnabled ? 'On: sign-in asks for a code from your app.' : 'Off'}
        </p>
      </div>
      {user.mfaIsEnabled ? (
        <Button
          variant="secondary"
          disabled={!online}
          title={offlineTitle}
          onClick={() => setOpen({ dialog: 'disable' })}
        >
          Disable MFA
        </Button>
      ) : (
        <Button
          variant="secondary"
          loading={enrol.isPending}
          disabled={!online}
          title={offlineTitle}
          onClick={startEnrolment}
        >
          Enable MFA
        </Button>
      )}
    </div>
  )

  return (
    <>
      <PageHeader title="Edit Profile" />
      <div className="profile-grid">
        <div className="profile-main">
          <section className="card profile-card" aria-labelledby="your-account-title">
            <h2 id="your-account-title">Your Account</h2>
            <WriteFailure
              error={enrol.error}
              text={(error) => PROFILE_MESSAGES.enrolFailed(error.message)}
            />
            {account ? (
              <AccountDetails account={account} access={access} />
            ) : (
              <p className="muted">
                <Link to="/select-account">Choose an account</Link> to see its plan and payouts.
              </p>
            )}
            {mfa}
          </section>
          <section className="card profile-card" aria-labelledby="user-details-title">
            <h2 id="user-details-title">User Details</h2>
            <p className="muted">Contact support to change these details.</p>
            <div className="profile-fields">
              <TextField label="Email" value={user.emailAddress} disabled readOnly />
              <TextField label="First name" value={user.firstName ?? ''} disabled readOnly />
              <TextField label="Last name" value={user.lastName ?? ''} disabled readOnly />
            </div>
            <div className="profile-row">
              <div>
                <p className="profile-row__label">Password</p>
                <p className="muted" aria-hidden="true">
                  ••••••••
                </p>
              </div>
              <Button
                variant="secondary"
                aria-label="Update password"
                disabled={!online}
                title={offlineTitle}
                onClick={() => setOpen({ dialog: 'password' })}
              >
                Update
              </Button>
            </div>
          </section>
          {notifications}
        </div>
        <aside className="card profile-card profile-side" aria-label="Your profile">
          <h2>{user.displayName}</h2>
          <dl className="profile-dates">
            <div>
              <dt>Joined</dt>
              <dd>{formatDateTime(user.createdAt)}</dd>
            </div>
            <div>
              <dt>Updated</dt>
              <dd>{formatDateTime(user.updatedAt)}</dd>
            </div>
            <div>
              <dt>Credentials updated</dt>
              <dd>
                {user.credentialsChangedAt ? formatDateTime(user.credentialsChangedAt) : 'Never'}
              </dd>
            </div>
          </dl>
        </aside>
      </div>
      {open.dialog === 'password' && (
        <PasswordDialog
          user={user}
          submerchantId={account?.id ?? null}
          online={online}
          onClose={close}
          reloadUser={reloadUser}
        />
      )}
      {open.dialog === 'enrol' && (
        <MfaEnrolDialog
          user={user}
          enrollment={open.enrollment}
          onClose={close}
          reloadUser={reloadUser}
          onConfirmed={() =>
            setOpen({ dialog: 'recovery', recoveryCode: open.enrollment.recoveryCode })
          }
        />
      )}
      {open.dialog === 'recovery' && (
        <RecoveryCodeDialog recoveryCode={open.recoveryCode} onClose={close} />
      )}
      {open.dialog === 'disable' && (
        <MfaDisableDialog user={user} onClose={close} onDisabled={close} reloadUser={reloadUser} />
      )}
    </>
  )
}

function payoutText(plan: NonNullable<Submerchant['planAttachment']>): string {
  const { scheduleNaturalLanguage, minBalance, currency } = plan.payoutAgreement
  return minBalance > 0
    ? `${scheduleNaturalLanguage}, minimum balance ${formatMoney(minBalance, currency)}`
    : `${scheduleNaturalLanguage}, no minimum balance`
}

function AccountDetails({ account, access }: { account: Submerchant; access: Access }) {
  const query = useQuery(profileQueries.account(account.id))
  const details = query.data ?? account
  return (
    <>
      <p className="profile-account-name">
        <strong>{details.name}</strong>
        {details.legalName !== details.name && (
          <span className="muted"> ({details.legalName})</span>
        )}
      </p>
      <DataAge updatedAt={query.dataUpdatedAt} />
      <QueryView
        query={query}
        errorTitle="Failed to load submerchant"
        what="your plan"
        pendingLabel="Loading plan"
      >
        {({ planAttachment: plan }) =>
          plan && (
            <dl className="profile-plan">
              <div>
                <dt>Plan</dt>
                <dd>{plan.plan.name}</dd>
              </div>
              <div>
                <dt>Payouts</dt>
                <dd>{payoutText(plan)}</dd>
              </div>
            </dl>
          )
        }
      </QueryView>
      {(access.canAddUser || access.canUpdateBankAccount) && (
        <ul className="profile-links">
          {access.canAddUser && (
            <li>
              <Link to="/team">Add a user to your account</Link>
            </li>
          )}
          {access.canUpdateBankAccount && (
            <li>
              <ExternalLink href={ACCOUNT_SUPPORT_LINKS.updateBankAccount}>
                Update bank account
              </ExternalLink>
            </li>
          )}
        </ul>
      )}
    </>
  )
}
