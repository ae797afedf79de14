import { useSyncExternalStore } from 'react'

import { installState, notifyInstallChange, subscribeToInstall } from '@/offline/install-events'

export type InstallOption =
  // Chromium offered the install dialog (beforeinstallprompt fired).
  | 'prompt'
  // iOS/iPadOS browsers have no install event: Share → Add to Home Screen.
  | 'ios-instructions'
  | null

interface PlatformHints {
  userAgent: string
  maxTouchPoints: number
  // Already running as the installed app (display-mode standalone, or iOS's navigator.standalone).
  standalone: boolean
}

export function isIosDevice({ userAgent, maxTouchPoints }: PlatformHints): boolean {
  // iPadOS reports itself as a Mac; the touch screen gives it away.
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)
}

/** What the user menu can offer: the browser's own dialog, the iOS steps, or nothing. */
export function installOption(
  hints: PlatformHints,
  promptAvailable: boolean,
  alreadyInstalled: boolean,
): InstallOption {
  if (hints.standalone || alreadyInstalled) return null
  if (promptAvailable) return 'prompt'
  return isIosDevice(hints) ? 'ios-instructions' : null
}

function platformHints(): PlatformHints {
  return {
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints,
    standalone:
      window.matchMedia('(display-mode: standalone)').matches ||
      (navigator as Navigator & { standalone?: boolean }).standalone === true,
  }
}

export function useInstallOption(): InstallOption {
  return useSyncExternalStore(subscribeToInstall, () =>
    installOption(platformHints(), installState.deferred !== null, installState.installed),
  )
}

/** Opens the browser's install dialog; the event can be used once. */
export async function promptInstall(): Promise<boolean> {
  const event = installState.deferred
  if (!event) return false
  installState.deferred = null
  notifyInstallChange()
  await event.prompt()
  const { outcome } = await event.userChoice
  return outcome === 'accepted'
}
