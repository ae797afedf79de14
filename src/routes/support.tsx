import { createFileRoute } from '@tanstack/react-router'
import { SUPPORT_SITE_URL } from '@/config/links'
import { ExternalRedirect } from '@/ui/external-redirect'

export const Route = createFileRoute('/support')({
  component: SupportRedirect,
})

function SupportRedirect() {
  return <ExternalRedirect href={SUPPORT_SITE_URL} name="the support site" />
}
