import { Link } from '@tanstack/react-router'
import { useId, useMemo, useState } from 'react'
import { kitFileName } from '@/features/scan-to-pay/pay-link'
import { QrCode, qrMatrixFor } from '@/features/scan-to-pay/qr-code'
import { MAX_VEHICLE_CARDS, parseVehicleLabels } from '@/features/scan-to-pay/vehicle-labels'
import { isModuleLoadError, loadModule } from '@/lib/lazy-load'
import { downloadFile } from '@/lib/save-file'
import { Alert } from '@/ui/alert'
import { Button } from '@/ui/button'
import { CopyButton } from '@/ui/copy-button'
import { Field } from '@/ui/field'
import { ModuleUnavailable } from '@/ui/module-unavailable'
import { PageHeader } from '@/ui/page-layout'
import { ShareButton } from '@/ui/share-button'
import { useToast } from '@/ui/toast'
import './scan-to-pay.css'

// docs/screens.md#scan-to-pay asks for a 300 px code on the page.
const QR_SIZE = 300

interface ScanToPayScreenProps {
  accountName: string
  // The pay host's page for this account (pay-link.ts).
  payUrl: string
  // docs/roles.md#payment-links: a code of an account not yet enrolled leads to a page that cannot take cards.
  needsEnrollment: boolean
}

// Scan to Pay ('Anytime Payments', docs/screens.md#scan-to-pay): the account's code, its link, and the printable kit.
export function ScanToPayScreen({ accountName, payUrl, needsEnrollment }: ScanToPayScreenProps) {
  const codeHeading = useId()
  return (
    <div className="scan-to-pay">
      <PageHeader
        title="Anytime Payments"
        description="Customers scan this code with their phone camera and pay by card: any amount, at any time, with no terminal."
      />
      {needsEnrollment && (
        <Alert tone="warning" title="Customers cannot pay yet">
          This account is not enrolled for card payments. Enrol on the{' '}
          <Link to="/payment-links">Payment Links</Link> page; the code works once enrolment
          completes.
        </Alert>
      )}
      <div className="scan-to-pay__grid">
        <section className="card scan-code" aria-labelledby={codeHeading}>
          <h2 id={codeHeading}>Scan to Pay code</h2>
          <QrCode text={payUrl} size={QR_SIZE} label="QR code of the Scan to Pay link" />
          <p className="scan-code__link">
            <a href={payUrl} target="_blank" rel="noopener noreferrer">
              {payUrl}
            </a>
          </p>
          <div className="scan-code__actions">
            <CopyButton value={payUrl} aria-label="Copy the Scan to Pay link">
              Copy link
            </CopyButton>
            <ShareButton
              url={payUrl}
              title={`Pay ${accountName}`}
              text={`Pay ${accountName} by card`}
              aria-label="Share the Scan to Pay link"
            />
          </div>
        </section>
        <KitSection accountName={accountName} payUrl={payUrl} />
      </div>
    </div>
  )
}

type KitState =
  | { kind: 'idle' }
  | { kind: 'making' }
  | { kind: 'unavailable' }
  | { kind: 'failed'; message: string }

function KitSection({ accountName, payUrl }: { accountName: string; payUrl: string }) {
  const heading = useId()
  const toast = useToast()
  const [vehicles, setVehicles] = useState('')
  const [state, setState] = useState<KitState>({ kind: 'idle' })
  const { labels, dropped } = useMemo(() => parseVehicleLabels(vehicles), [vehicles])
  const fileName = kitFileName(accountName)

  async function makeKit() {
    setState({ kind: 'making' })
    try {
      // Both come from the install's precache, so the kit is made offline too.
      const [{ makeScanKit }, qr] = await Promise.all([
        loadModule(() => import('@/features/scan-to-pay/kit-pdf')),
        qrMatrixFor(payUrl),
      ])
      const pdf = makeScanKit({ accountName, link: payUrl, qr, labels })
      downloadFile(pdf, fileName)
      toast.notice(`Saved ${fileName}`, 'success')
      setState({ kind: 'idle' })
    } catch (error) {
      if (isModuleLoadError(error)) setState({ kind: 'unavailable' })
      else
        setState({
          kind: 'failed',
          message: error instanceof Error ? error.message : String(error),
        })
    }
  }

  const cards = labels.length === 0 ? 'one sheet of 8 cards without names' : cardCount(labels)
  return (
    <section className="card scan-kit" aria-labelledby={heading}>
      <h2 id={heading}>Printable kit</h2>
      <p className="muted">
        A PDF to print: an A4 poster with the code, the link and how to pay, and a sheet of cut-out
        cards for the back of each cab.
      </p>
      <Field
        label="Vehicle registrations or driver names"
        optional
        hint={`One per line, up to ${MAX_VEHICLE_CARDS}. Each gets its own labelled card.`}
      >
        {(control) => (
          <textarea
            {...control}
            className="input scan-kit__vehicles"
            rows={5}
            value={vehicles}
            placeholder={'AB12 CDE\nSam Jones'}
            spellCheck={false}
            autoCapitalize="characters"
            onChange={(event) => setVehicles(event.target.value)}
          />
        )}
      </Field>
      <p className="scan-kit__count" aria-live="polite">
        The kit will have {cards}.
        {dropped > 0 &&
          ` ${dropped} more ${dropped === 1 ? 'line is' : 'lines are'} left out: the kit holds up to ${MAX_VEHICLE_CARDS} cards.`}
      </p>
      {state.kind === 'unavailable' && <ModuleUnavailable />}
      {state.kind === 'failed' && (
        <Alert
          tone="error"
          title="The kit could not be made"
          onDismiss={() => setState({ kind: 'idle' })}
        >
          {state.message}
        </Alert>
      )}
      <div>
        <Button loading={state.kind === 'making'} onClick={() => void makeKit()}>
          Download PDF kit
        </Button>
      </div>
      <p className="muted scan-kit__file">
        Saved as <strong>{fileName}</strong>
      </p>
    </section>
  )
}

function cardCount(labels: readonly string[]): string {
  return labels.length === 1 ? '1 vehicle card' : `${labels.length} vehicle cards`
}
