import { Alert } from '@/ui/alert'
import { PageHeader } from '@/ui/page-layout'

// §6: what a viewer sees instead of the create, bulk-create and edit pages.
export function NotPermitted({ title, message }: { title: string; message: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Alert tone="warning">
        <p>{message}</p>
      </Alert>
    </>
  )
}
