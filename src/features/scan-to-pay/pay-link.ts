import { payHostUrl } from '@/config/api'
import { fileNamePart } from '@/lib/save-file'

// docs/screens.md#scan-to-pay: the pay host's page with the submerchant parameter. With no pay host configured (the
// sandbox), it is the portal's own origin, where the sandbox serves /pay.
export function scanToPayUrl(
  submerchantId: string,
  host: string = payHostUrl(),
  origin: string = window.location.origin,
): string {
  const url = new URL('/pay', host || origin)
  url.searchParams.set('submerchant', submerchantId)
  return url.toString()
}

// 'City Cabs Scan to Pay kit.pdf': named after the account, without what file systems refuse.
export function kitFileName(accountName: string): string {
  return `${fileNamePart(accountName) || 'Account'} Scan to Pay kit.pdf`
}
