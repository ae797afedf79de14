// Chromium's install event; not in the DOM typings.
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

// What the browser has said about installing, caught from start-up: the event may fire before
// the user menu (offline/install.ts, in the shell's code) exists. Kept this small for the boot bundle.
export const installState = {
  deferred: null as BeforeInstallPromptEvent | null,
  installed: false,
}
const listeners = new Set<() => void>()

export function notifyInstallChange(): void {
  listeners.forEach((listener) => listener())
}

export function subscribeToInstall(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

let listening = false

/** Starts catching the install event at start-up. */
export function listenForInstallPrompt(): void {
  if (listening || typeof window === 'undefined') return
  listening = true
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the mini-infobar away; the user menu offers installing instead.
    event.preventDefault()
    installState.deferred = event as BeforeInstallPromptEvent
    notifyInstallChange()
  })
  window.addEventListener('appinstalled', () => {
    installState.deferred = null
    installState.installed = true
    notifyInstallChange()
  })
}
