import { useState } from 'react'
import type { WebhookEndpoint } from '@/api/schema/developer'
import { useDeleteEndpointMutation, useRotateSigningSecretMutation } from '@/features/developer/api'
import { endpointName } from '@/features/developer/endpoint-create-dialog'
import { DEVELOPER_MESSAGES } from '@/features/developer/messages'
import { ConfirmDialog } from '@/ui/confirm-dialog'
import { SecretOnceDialog } from '@/ui/secret-once-dialog'

interface EndpointDialogProps {
  submerchantId: string
  endpoint: WebhookEndpoint
  onClose: () => void
}

// docs/states.md#api-keys-and-webhook-endpoints: endpoints are deleted after confirmation; docs/errors.md#developer-tools 'Deletion failed: …' shows in the dialog.
export function DeleteEndpointDialog({ submerchantId, endpoint, onClose }: EndpointDialogProps) {
  const mutation = useDeleteEndpointMutation(submerchantId)
  return (
    <ConfirmDialog
      title="Delete endpoint?"
      action="Delete"
      tone="danger"
      onConfirm={() => mutation.mutateAsync(endpoint.id).then(onClose)}
      failureText={(error) => DEVELOPER_MESSAGES.deletionFailed(error.message)}
      onClose={onClose}
    >
      <p>
        <strong>{endpointName(endpoint)}</strong> ({endpoint.url}) will stop receiving
        notifications, and deliveries waiting for it are dropped. This cannot be undone.
      </p>
    </ConfirmDialog>
  )
}

// A new signing secret, shown once; the old one keeps signing beside it for 24 hours.
export function RotateSecretDialog({ submerchantId, endpoint, onClose }: EndpointDialogProps) {
  const mutation = useRotateSigningSecretMutation(submerchantId)
  const [secret, setSecret] = useState<string | null>(null)

  if (secret) {
    return (
      <SecretOnceDialog
        title="Signing secret rotated"
        label="Signing secret"
        value={secret}
        warning="Copy the signing secret now"
        onClose={onClose}
      >
        For the next 24 hours deliveries carry a signature with the old secret too, so your receiver
        can switch over without missing any.
      </SecretOnceDialog>
    )
  }

  return (
    <ConfirmDialog
      title="Rotate signing secret?"
      action="Rotate secret"
      onConfirm={async () => {
        const rotated = await mutation.mutateAsync(endpoint.id)
        if (rotated.signingSecret) setSecret(rotated.signingSecret)
        else onClose()
      }}
      onClose={onClose}
    >
      <p>
        <strong>{endpointName(endpoint)}</strong> gets a new signing secret. The old one stays valid
        beside it for 24 hours: the Webhook-Signature header then carries a v1= for each.
      </p>
    </ConfirmDialog>
  )
}
