import type { UseMutationResult } from '@tanstack/react-query'
import { useState } from 'react'
import { toApiError } from '@/api/errors'
import type { Toggle } from '@/features/developer/api'
import { WriteFailure } from '@/ui/write-failure'

interface ToggleFailure {
  toggle: Toggle
  message: string
}

/**
 * Enable/disable of an API key or endpoint (docs/states.md#api-keys-and-webhook-endpoints): a spinner on the item's button while it runs (the
 * mutation hook replaces the item with the server's answer), and on failure docs/errors.md#developer-tools's dialog
 * ('Error disabling API key' …), which can try again.
 */
export function useEnabledToggle<T extends Toggle>({
  noun,
  mutation,
}: {
  // 'API key' or 'endpoint', as the titles (docs/errors.md#developer-tools) say.
  noun: string
  mutation: UseMutationResult<T, Error, Toggle>
}) {
  const [failure, setFailure] = useState<ToggleFailure | null>(null)
  const pendingId = mutation.isPending ? (mutation.variables?.id ?? null) : null

  function toggle(item: T) {
    const next = { id: item.id, isEnabled: !item.isEnabled }
    mutation.mutate(next, {
      onError: (error) => setFailure({ toggle: next, message: toApiError(error).message }),
    })
  }

  const failureDialog = failure && (
    <WriteFailure
      failure={failure.message}
      retry={{
        title: `Error ${failure.toggle.isEnabled ? 'enabling' : 'disabling'} ${noun}`,
        run: () => mutation.mutateAsync(failure.toggle),
      }}
      onDismiss={() => setFailure(null)}
    />
  )

  return { pendingId, toggle, failureDialog }
}
