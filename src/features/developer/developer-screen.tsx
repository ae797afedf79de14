import { ApiKeysPanel } from '@/features/developer/api-keys-panel'
import { EndpointsPanel } from '@/features/developer/endpoints-panel'
import type { RenderSalePicker } from '@/features/developer/endpoint-test-dialog'
import { useOnline } from '@/offline/use-online'
import { Alert } from '@/ui/alert'
import { PageHeader } from '@/ui/page-layout'
import './developer.css'

interface DeveloperScreenProps {
  submerchantId: string
  renderSalePicker: RenderSalePicker
}

// Developer page (docs/screens.md#developer-tools): API keys and webhook endpoints (owner and manager, docs/roles.md#developer-tools).
export function DeveloperScreen({ submerchantId, renderSalePicker }: DeveloperScreenProps) {
  const online = useOnline()
  return (
    <div className="developer">
      <PageHeader
        title="Developer Tools"
        description="Connect your dispatch or accounting systems to this account."
      />
      {!online && (
        <Alert tone="info" title="You are offline">
          Keys and endpoints can be changed once the connection is back.
        </Alert>
      )}
      <ApiKeysPanel submerchantId={submerchantId} online={online} />
      <EndpointsPanel
        submerchantId={submerchantId}
        online={online}
        renderSalePicker={renderSalePicker}
      />
    </div>
  )
}
