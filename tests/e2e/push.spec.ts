// Web Push in the browser (docs/events.md#push): the service worker shows a push and opens its page,
// the permission is asked only when the person asks, and the profile's Notifications section.
//
// The headless shell the other specs use denies notifications outright, so the tests that need
// them run in the full Chromium (as the PWA's install proof does). Neither browser can subscribe
// here (no push service on this machine): where a test needs a subscription, the page's
// PushManager hands out one made by the test, whose keys are real, so the sandbox accepts it.
import { createECDH, randomBytes } from 'node:crypto'
import {
  chromium,
  expect,
  test,
  type Browser,
  type BrowserContext,
  type Page,
  type TestInfo,
} from '@playwright/test'
import { chromiumLaunchOptions } from '../support/chromium'
import { DEMO_ACCOUNT_NAMES, DEMO_EMAILS, SEED_SUBMERCHANTS } from './support/demo'
import { PHONE_ONLY } from './support/projects'
import { waitForServiceWorker } from './support/pwa'
import { portalHeaders } from './support/sale-api'
import { checkScreen, saveScreenshot, useScreenshotWidth } from './support/shell'
import { signIn } from './support/sign-in'

const CITY = SEED_SUBMERCHANTS.cityCabs
const NOTIFY = 'Notify me when it’s paid'

// The push handler lives in the service worker, which the other specs block.
test.use({ serviceWorkers: 'allow' })

let browser: Browser | null = null
test.afterAll(async () => {
  await browser?.close()
})

// A context of the full Chromium with this project's screen, notifications allowed.
async function fullBrowserContext(baseURL: string, testInfo: TestInfo): Promise<BrowserContext> {
  browser ??= await chromium.launch(chromiumLaunchOptions)
  const { viewport, isMobile, hasTouch, userAgent } = testInfo.project.use
  const context = await browser.newContext({
    baseURL,
    viewport,
    isMobile,
    hasTouch,
    userAgent,
    deviceScaleFactor: 1,
    serviceWorkers: 'allow',
  })
  await context.grantPermissions(['notifications'])
  return context
}

// Counts the calls of Notification.requestPermission from before any script of a page, across
// the tab's page loads (sessionStorage).
async function spyOnPermissionRequests(context: BrowserContext) {
  await context.addInitScript(() => {
    const ask = Notification.requestPermission.bind(Notification)
    Notification.requestPermission = (...args: Parameters<typeof ask>) => {
      const asked = Number(sessionStorage.getItem('e2e-permission-asks') ?? 0)
      sessionStorage.setItem('e2e-permission-asks', String(asked + 1))
      return ask(...args)
    }
  })
}

const permissionAsks = (page: Page) =>
  page.evaluate(() => Number(sessionStorage.getItem('e2e-permission-asks') ?? 0))

/**
 * The browser's push service, played by the test: subscribe() and getSubscription() answer with
 * one subscription (kept in localStorage, so it outlives a reload) for a loopback endpoint the
 * sandbox in test mode accepts, with a real P-256 key.
 */
async function standInPushManager(context: BrowserContext) {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const made = {
    endpoint: `http://127.0.0.1:9/push/${randomBytes(8).toString('hex')}`,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  }
  await context.addInitScript((made) => {
    const KEY = 'e2e-push-subscription'
    const stored = () => {
      const json = localStorage.getItem(KEY)
      if (!json) return null
      const { key } = JSON.parse(json) as { key: number[] }
      return {
        endpoint: made.endpoint,
        options: { applicationServerKey: new Uint8Array(key).buffer, userVisibleOnly: true },
        toJSON: () => made,
        unsubscribe: async () => {
          localStorage.removeItem(KEY)
          return true
        },
      }
    }
    PushManager.prototype.getSubscription = async function () {
      return stored() as unknown as PushSubscription | null
    }
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = new Uint8Array(options?.applicationServerKey as Uint8Array)
      localStorage.setItem(KEY, JSON.stringify({ key: [...key] }))
      return stored() as unknown as PushSubscription
    }
  }, made)
  return made
}

// A payment link waiting to be paid, made as the signed-in person.
async function waitingLink(page: Page): Promise<string> {
  const res = await page.request.post('/v1/intents', {
    headers: portalHeaders(CITY),
    data: {
      saleAmount: 1250,
      currency: 'GBP',
      submerchantId: CITY,
      reference: `PUSH-${Date.now().toString(36)}`,
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  return ((await res.json()) as { id: string }).id
}

// DevTools' own push: the service worker's registration id, then deliverPushMessage through it.
async function pushTo(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  const origin = new URL(page.url()).origin
  const registrations = new Map<string, string>()
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const r of updated) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId)
  })
  await cdp.send('ServiceWorker.enable')
  await expect.poll(() => registrations.get(`${origin}/`)).toBeTruthy()
  const registrationId = registrations.get(`${origin}/`)!
  return (data: string) =>
    cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data })
}

const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      url: (n.data as { url?: unknown } | null)?.url,
    }))
  })

test(
  'the service worker shows a push, collapses repeats, and its click opens the page',
  PHONE_ONLY,
  async ({ baseURL }, testInfo) => {
    const context = await fullBrowserContext(baseURL!, testInfo)
    const page = await context.newPage()
    await signIn(page, DEMO_EMAILS.owner, { account: DEMO_ACCOUNT_NAMES.cityCabs })
    await waitForServiceWorker(page)
    const linkId = await waitingLink(page)
    const push = await pushTo(page)
    const payload = {
      id: 'evt_0123456789abcdef0123',
      type: 'intent.succeeded',
      submerchantId: CITY,
      objectId: linkId,
      title: 'Payment link paid',
      body: '£12.50 · Ref PUSH',
      url: `/payment-links/${linkId}`,
    }
    await push(JSON.stringify(payload))
    await expect
      .poll(() => shownNotifications(page))
      .toEqual([{ title: payload.title, body: payload.body, tag: linkId, url: payload.url }])

    // A second push about the same object replaces the first (one tag per object).
    await push(JSON.stringify({ ...payload, id: 'evt_0123456789abcdef0124', body: '£12.50 again' }))
    await expect
      .poll(async () => (await shownNotifications(page)).map((n) => n.body))
      .toEqual(['£12.50 again'])

    // An unreadable payload still shows something plain; a link off the portal is never followed.
    await push('not json')
    await expect
      .poll(async () => (await shownNotifications(page)).map((n) => [n.title, n.url]))
      .toContainEqual(['New activity', '/'])
    await push(JSON.stringify({ ...payload, objectId: 'other', url: 'https://evil.example/x' }))
    await expect
      .poll(async () => (await shownNotifications(page)).find((n) => n.tag === 'other')?.url)
      .toBe('/')

    // The click. DevTools cannot press a system notification, so the test hands the notification
    // the worker showed to the worker's own notificationclick listener.
    await expect(page).toHaveURL(/\/dashboard/)
    const worker = context.serviceWorkers()[0]
    expect(worker).toBeDefined()
    await worker!.evaluate(async (tag) => {
      // The worker's globals (the test is typed with the page's).
      const scope = self as unknown as {
        registration: { getNotifications(filter: { tag: string }): Promise<Notification[]> }
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event
      }
      const [notification] = await scope.registration.getNotifications({ tag })
      if (!notification) throw new Error(`no notification tagged ${tag}`)
      self.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }))
    }, linkId)
    await expect(page).toHaveURL(new RegExp(`/payment-links/${linkId}$`))
    await expect(page.getByRole('heading', { name: 'Payment link', level: 1 })).toBeVisible()
    await expect
      .poll(async () => (await shownNotifications(page)).map((n) => n.tag))
      .not.toContain(linkId)
    await context.close()
  },
)

test(
  'permission is asked only on the person’s click, and the link’s button subscribes',
  PHONE_ONLY,
  async ({ baseURL }, testInfo) => {
    const context = await fullBrowserContext(baseURL!, testInfo)
    await spyOnPermissionRequests(context)
    const page = await context.newPage()
    await signIn(page, DEMO_EMAILS.owner, { account: DEMO_ACCOUNT_NAMES.cityCabs })
    await waitForServiceWorker(page)
    const linkId = await waitingLink(page)

    // Without a push service, the click ends in a plain-English failure, never a crash.
    await page.goto(`/payment-links/${linkId}`)
    await page.getByRole('button', { name: NOTIFY }).click()
    await expect(page.getByRole('alert')).toHaveText(
      'This browser could not set up notifications. Try again later.',
    )
    expect(await permissionAsks(page)).toBe(1)
    await context.close()

    // With a push service standing in: loading pages asks nothing; the click asks once, saves this
    // device for the account and paid links, says so, and the button is gone on the next visit.
    const second = await fullBrowserContext(baseURL!, testInfo)
    await spyOnPermissionRequests(second)
    const device = await standInPushManager(second)
    const next = await second.newPage()
    await signIn(next, DEMO_EMAILS.owner, {
      account: DEMO_ACCOUNT_NAMES.cityCabs,
      to: '/user/edit',
    })
    const section = next.getByRole('region', { name: 'Notifications', exact: true })
    await expect(section.getByRole('button', { name: 'Turn on notifications' })).toBeVisible()
    await next.goto(`/payment-links/${linkId}`)
    const notify = next.getByRole('button', { name: NOTIFY })
    await expect(notify).toBeVisible()
    expect(await permissionAsks(next)).toBe(0)
    await saveScreenshot(next, testInfo, 'payment-link-notify')

    await notify.click()
    await expect(
      next.getByRole('status').filter({ hasText: 'This device will be notified' }),
    ).toBeVisible()
    expect(await permissionAsks(next)).toBe(1)
    const saved = await next.request.get('/v1/push-subscriptions', { headers: portalHeaders(CITY) })
    expect(await saved.json()).toEqual([
      expect.objectContaining({
        endpoint: device.endpoint,
        submerchantIds: [CITY],
        eventTypes: ['intent.succeeded'],
      }),
    ])
    await next.reload()
    await expect(next.getByRole('heading', { name: 'Payment link', level: 1 })).toBeVisible()
    await expect(next.getByRole('button', { name: 'Copy link' })).toBeVisible()
    await expect(next.getByRole('button', { name: NOTIFY })).toHaveCount(0)

    // The profile shows this device on with that choice; turning it off removes it everywhere.
    await next.goto('/user/edit')
    await expect(section.getByText('On', { exact: true })).toBeVisible()
    await expect(section.getByRole('checkbox', { name: 'City Cabs' })).toBeChecked()
    await expect(section.getByRole('checkbox', { name: 'Payment link paid' })).toBeChecked()
    await expect(section.getByRole('checkbox', { name: 'Payout paid' })).not.toBeChecked()
    await section.getByRole('button', { name: 'Turn off' }).click()
    await expect(section.getByText('Notifications are off on this device.')).toBeVisible()
    const after = await next.request.get('/v1/push-subscriptions', { headers: portalHeaders(CITY) })
    expect(await after.json()).toEqual([])

    // Turning it on from the profile saves the choice on the form.
    await section.getByRole('checkbox', { name: 'New sale' }).check()
    await section.getByRole('button', { name: 'Turn on notifications' }).click()
    await expect(section.getByText('Saved. This device will be notified.')).toBeVisible()
    await expect(section.getByText('On', { exact: true })).toBeVisible()
    const on = await next.request.get('/v1/push-subscriptions', { headers: portalHeaders(CITY) })
    const [mine] = (await on.json()) as {
      id: string
      eventTypes: string[]
      submerchantIds: string[]
    }[]
    expect(mine?.submerchantIds).toEqual([CITY])
    expect(mine?.eventTypes).toEqual(expect.arrayContaining(['sale.created', 'intent.succeeded']))
    expect(await permissionAsks(next)).toBe(2)
    // The shared sandbox keeps no subscription to the stand-in address for later specs' events.
    const gone = await next.request.delete(`/v1/push-subscriptions/${mine!.id}`, {
      headers: portalHeaders(CITY),
    })
    expect(gone.status()).toBe(204)
    await second.close()
  },
)

test('the profile’s Notifications section, light and dark', async ({ baseURL }, testInfo) => {
  const context = await fullBrowserContext(baseURL!, testInfo)
  const page = await context.newPage()
  await signIn(page, DEMO_EMAILS.owner, { account: DEMO_ACCOUNT_NAMES.cityCabs, to: '/user/edit' })
  await useScreenshotWidth(page)
  const section = page.getByRole('region', { name: 'Notifications', exact: true })
  await expect(section.getByRole('group', { name: 'Accounts' })).toBeVisible()
  await expect(section.getByRole('checkbox', { name: 'City Cabs' })).toBeChecked()
  await expect(section.getByRole('checkbox', { name: 'Airport Express' })).not.toBeChecked()
  await expect(section.getByRole('checkbox', { name: 'Payment link paid' })).toBeChecked()
  await expect(section.getByRole('checkbox', { name: 'New sale' })).not.toBeChecked()
  // The deadline reminder is offered under Tax year, and off until chosen.
  await expect(
    section
      .getByRole('group', { name: 'Tax year' })
      .getByRole('checkbox', { name: 'Quarterly update reminder' }),
  ).not.toBeChecked()
  await checkScreen(page, testInfo, 'profile-notifications')
  await context.close()
})

test(
  'blocked notifications are said plainly, with how to allow them',
  PHONE_ONLY,
  async ({ page }, testInfo) => {
    // The headless shell denies notifications, as a person who chose Block would.
    await signIn(page, DEMO_EMAILS.owner, {
      account: DEMO_ACCOUNT_NAMES.cityCabs,
      to: '/user/edit',
    })
    await useScreenshotWidth(page)
    const section = page.getByRole('region', { name: 'Notifications', exact: true })
    await expect(section.getByText('Notifications are blocked on this device')).toBeVisible()
    await expect(section.getByText(/allow notifications for this site/)).toBeVisible()
    await expect(section.getByRole('button')).toHaveCount(0)
    await checkScreen(page, testInfo, 'profile-notifications-blocked')
  },
)
