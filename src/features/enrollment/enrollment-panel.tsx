import { useEffect } from 'react'
import { useQuery } from '@tanstack/react-query'
import { SUPPORT_LINKS } from '@/config/links'
import {
  enrollmentQueries,
  requestFailed,
  useRequestEnrollmentMutation,
} from '@/features/enrollment/api'
import { formatDateTime } from '@/lib/dates'
import { Alert } from '@/ui/alert'
import { Button } from '@/ui/button'
import { PageHeader } from '@/ui/page-layout'
import { QueryView } from '@/ui/query-view'
import './enrollment.css'

export const ENROLLMENT_TEXTS = {
  title: 'Set up payment links',
  intro:
    'Payment links let your customers pay by card from their phone. This account is not set up for them yet.',
  request: 'Request setup',
  queued: 'Your setup request is in the queue.',
  sunday: 'Requests made on a Sunday are completed on Monday morning.',
  error: 'We could not set up payment links automatically.',
  manual: 'Request manual set-up',
} as const

// docs/states.md#enrolment: Sundays wait until Monday morning.
export function isSunday(at: Date): boolean {
  return at.getDay() === 0
}

interface EnrollmentPanelProps {
  submerchantId: string
  // Enrolled: the account is reloaded and the links screen shown.
  onEnrolled: () => void
}

// Self-enrolment (docs/states.md#enrolment, docs/roles.md#payment-links): request setup → queued (re-checked after 60 s) → enrolled, or error.
export function EnrollmentPanel({ submerchantId, onEnrolled }: EnrollmentPanelProps) {
  const query = useQuery(enrollmentQueries.state(submerchantId))
  const status = query.data?.status
  useEffect(() => {
    if (status === 'enrolled') onEnrolled()
  }, [status, onEnrolled])
  const request = useRequestEnrollmentMutation(submerchantId)
  const failed = request.isError && requestFailed(request.error)
  return (
    <>
      <PageHeader title="Payment Links" />
      <section className="card enrollment" aria-labelledby="enrollment-title">
        <h2 id="enrollment-title">{ENROLLMENT_TEXTS.title}</h2>
        <QueryView
          query={query}
          errorTitle="Failed to load the setup state"
          what="the setup state"
          pendingLabel="Loading the setup state"
        >
          {(enrollment) =>
            enrollment?.status === 'queued' ? (
              <Alert tone="info" title={ENROLLMENT_TEXTS.queued}>
                {enrollment.processingExpectedBy && (
                  <p>Expected by {formatDateTime(enrollment.processingExpectedBy)}.</p>
                )}
                {isSunday(new Date()) && <p>{ENROLLMENT_TEXTS.sunday}</p>}
                <p className="muted">This page checks again every minute.</p>
              </Alert>
            ) : enrollment?.status === 'error' || failed ? (
              <Alert title={ENROLLMENT_TEXTS.error}>
                <p>
                  <a href={SUPPORT_LINKS.contact} target="_blank" rel="noopener noreferrer">
                    {ENROLLMENT_TEXTS.manual}
                  </a>
                </p>
              </Alert>
            ) : enrollment?.status === 'enrolled' ? (
              <p role="status">Payment links are ready.</p>
            ) : (
              <>
                <p>{ENROLLMENT_TEXTS.intro}</p>
                <Button loading={request.isPending} onClick={() => request.mutate()}>
                  {ENROLLMENT_TEXTS.request}
                </Button>
              </>
            )
          }
        </QueryView>
      </section>
    </>
  )
}
