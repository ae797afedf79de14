import { useRegisterSW } from 'virtual:pwa-register/react'
import { reportError } from '@/lib/report-error'

// Registers the service worker (production builds only); the update prompt is a later issue.
export function ServiceWorker() {
  useRegisterSW({ immediate: true, onRegisterError: reportError })
  return null
}
