import { createFileRoute } from '@tanstack/react-router'
import { STATUS_SITE_URL } from '@/config/links'
import { ExternalRedirect } from '@/ui/external-redirect'

export const Route = createFileRoute('/status')({
  component: StatusRedirect,
})

function StatusRedirect() {
  return <ExternalRedirect href={STATUS_SITE_URL} name="the system status page" />
}
