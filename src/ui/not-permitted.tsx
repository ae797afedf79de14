import { Alert } from '@/ui/alert'
import { PageHeader } from '@/ui/page-layout'

// A page the policy (docs/roles.md) refuses this person in this account: its title and the policy's message.
export function NotPermitted({ title, message }: { title: string; message: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Alert tone="warning" title={message} />
    </>
  )
}
