import { useSyncExternalStore } from 'react'

// Chromium's install event; not in the DOM typings.
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

export type InstallOption =
  // Chromium offered the install dialog (beforeinstallprompt fired).
  | 'prompt'
  // iOS/iPadOS browsers have no install event: Share → Add to Home Screen.
  | 'ios-instructions'
  | null

let deferred: BeforeInstallPromptEvent | null = null
let installed = false
const listeners = new Set<() => void>()
const notify = () => listeners.forEach((listener) => listener())

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

let listening = false

/** Starts catching the install event at start-up: it may fire before the user menu exists. */
export function listenForInstallPrompt(): void {
  if (listening || typeof window === 'undefined') return
  listening = true
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the mini-infobar away; the user menu offers installing instead.
    event.preventDefault()
    deferred = event as BeforeInstallPromptEvent
    notify()
  })
  window.addEventListener('appinstalled', () => {
    deferred = null
    installed = true
    notify()
  })
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useInstallOption(): InstallOption {
  return useSyncExternalStore(subscribe, () =>
    installOption(platformHints(), deferred !== null, installed),
  )
}

/** Opens the browser's install dialog; the event can be used once. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred
  if (!event) return false
  deferred = null
  notify()
  await event.prompt()
  const { outcome } = await event.userChoice
  return outcome === 'accepted'
}
