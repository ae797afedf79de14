/// <reference lib="webworker" />
// Web Push (docs/events.md#push): a push becomes a notification, and its click opens the object's
// page. The server's payload holds no card data; nothing here adds any.

declare let self: ServiceWorkerGlobalScope

const ICON = '/icons/icon-192.png'
const FALLBACK = { title: 'New activity', body: 'Open the portal to see what changed.' }

interface Shown {
  title: string
  body: string
  // Repeats about one object replace each other instead of piling up.
  tag: string | undefined
  url: string
}

const text = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null

// Only a path of this portal: a payload can never send the click to another site.
function portalPath(value: unknown): string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : '/'
}

// What to show for a push; anything unreadable still shows a plain notification, never fails.
export function notificationFor(data: PushMessageData | null): Shown {
  let payload: Record<string, unknown> = {}
  try {
    const parsed: unknown = data?.json()
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      payload = parsed as Record<string, unknown>
    }
  } catch {
    // Not JSON: the fallback below.
  }
  const title = text(payload.title, 100)
  return {
    title: title ?? FALLBACK.title,
    body: (title && text(payload.body, 200)) ?? FALLBACK.body,
    tag: text(payload.objectId, 100) ?? undefined,
    url: portalPath(payload.url),
  }
}

self.addEventListener('push', (event) => {
  const shown = notificationFor(event.data)
  event.waitUntil(
    self.registration.showNotification(shown.title, {
      body: shown.body,
      tag: shown.tag,
      icon: ICON,
      badge: ICON,
      data: { url: shown.url },
    }),
  )
})

// Focus may be refused (the browser grants it only to a click's handler); the page is shown anyway.
const focus = (client: WindowClient) => client.focus().catch(() => client)

// A window of the portal already on that page is focused; else an open one is sent there; else a
// new one opens.
async function openPage(path: string): Promise<void> {
  const target = new URL(path, self.location.origin).href
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const same = windows.find((client) => client.url === target)
  if (same) {
    await focus(same)
    return
  }
  for (const client of windows) {
    // A window this worker does not control (after a hard reload) cannot be navigated: try the next.
    const moved = await client.navigate(target).catch(() => null)
    if (moved) {
      await focus(moved)
      return
    }
  }
  await self.clients.openWindow(target)
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const data = event.notification.data as { url?: unknown } | null
  event.waitUntil(openPage(portalPath(data?.url)))
})
