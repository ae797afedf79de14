import { Link } from '@tanstack/react-router'
import { FilePicker } from '@/features/payment-links/bulk-import/file-picker'
import { ImportPreview } from '@/features/payment-links/bulk-import/import-preview'
import { ImportProgress } from '@/features/payment-links/bulk-import/import-progress'
import { useBulkImport } from '@/features/payment-links/bulk-import/use-bulk-import'
import { useOnline } from '@/offline/use-online'
import { Alert } from '@/ui/alert'
import { buttonClassName } from '@/ui/button'
import { PageHeader } from '@/ui/page-layout'
import { Spinner } from '@/ui/spinner'
import './bulk-import.css'

interface BulkImportScreenProps {
  submerchantId: string
  userId: string
  requiresJobNumber: boolean
}

// Bulk create (docs/screens.md#payment-links): read a CSV, preview every row's problems, send the valid rows one at a time,
// resumable after a reload or a lost connection, and a results file at the end.
export function BulkImportScreen(props: BulkImportScreenProps) {
  const online = useOnline()
  const job = useBulkImport(props)
  const { stage } = job
  return (
    <div className="bulk-import">
      <PageHeader
        title="Bulk create payment links"
        description="Send many payment links at once from a CSV file."
        actions={
          <Link to="/payment-links" className={buttonClassName({ variant: 'secondary' })}>
            Back to payment links
          </Link>
        }
      />
      {stage.kind === 'loading' && <Spinner label="Loading" />}
      {stage.kind === 'pick' && (
        <>
          <FilePicker reading={stage.reading} onFile={job.read} />
          {stage.problems.length > 0 && (
            <Alert title="This file cannot be imported">
              <ul>
                {stage.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </Alert>
          )}
        </>
      )}
      {stage.kind === 'preview' && (
        <ImportPreview
          fileName={stage.fileName}
          file={stage.file}
          online={online}
          onSend={() => job.start(stage.fileName, stage.file)}
          onChooseAnother={job.chooseAnother}
        />
      )}
      {stage.kind === 'import' && (
        <ImportProgress meta={stage.meta} run={stage.run} online={online} job={job} />
      )}
    </div>
  )
}
