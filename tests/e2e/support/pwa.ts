import type { BrowserContext, Page } from '@playwright/test'
import { buildPortal as buildProductionPortal } from '../../../server/portal-build'
import { cardNumbersIn } from '../../../src/offline/card-number'
import { E2E_BUILD_ENV } from '../../support/portal-build'
import { startPrivateServer, type PrivateServer } from './private-server'

export type SandboxWithDist = PrivateServer

/**
 * A sandbox of one's own serving the portal from distDir (the update proof builds a new version
 * into it while the server runs; the leak proof logs its demo user out everywhere).
 */
export function startSandboxWithDist(
  distDir: string,
  { sales = 100 }: { sales?: number } = {},
): Promise<SandboxWithDist> {
  return startPrivateServer({ distDir, sales })
}

/** A new build of the e2e portal into outDir, with the version its footer shows. */
export function buildPortal(outDir: string, version: string): Promise<void> {
  return buildProductionPortal(outDir, { env: { ...E2E_BUILD_ENV, BUILD_VERSION: version } })
}

/**
 * Cuts the network for real: setOffline alone does not stop the service worker's fetches in
 * Chromium, so every request is also aborted.
 */
export async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true)
  await context.route('**/*', (route) => route.abort('internetdisconnected'))
}

export async function goOnline(context: BrowserContext): Promise<void> {
  await context.unrouteAll({ behavior: 'ignoreErrors' })
  await context.setOffline(false)
}

export interface StorageDump {
  indexedDb: { database: string; store: string; key: unknown; value: unknown }[]
  localStorage: Record<string, string>
  // Every cached request; the body only for entries outside the build's precache.
  caches: { cache: string; url: string; body: string | null }[]
}

/** Everything the origin keeps on the device: IndexedDB, localStorage and CacheStorage. */
export function dumpStorage(page: Page): Promise<StorageDump> {
  return page.evaluate(async () => {
    const request = <T>(req: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        req.onsuccess = () => resolve(req.result)
        req.onerror = () => reject(req.error)
      })
    const indexedDb: StorageDump['indexedDb'] = []
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue
      const db = await request(indexedDB.open(info.name))
      for (const store of Array.from(db.objectStoreNames)) {
        const objects = db.transaction(store).objectStore(store)
        const keys = await request(objects.getAllKeys())
        const values = await request(objects.getAll())
        keys.forEach((key, i) =>
          indexedDb.push({ database: info.name!, store, key, value: values[i] }),
        )
      }
      db.close()
    }
    const local: Record<string, string> = {}
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)
      if (key !== null) local[key] = localStorage.getItem(key) ?? ''
    }
    const cached: StorageDump['caches'] = []
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      for (const req of await cache.keys()) {
        const precache = name.includes('precache')
        const res = precache ? null : await cache.match(req)
        cached.push({ cache: name, url: req.url, body: res ? await res.text() : null })
      }
    }
    return { indexedDb, localStorage: local, caches: cached }
  })
}

// Every string and number inside a value, keys included.
function leaves(value: unknown, out: (string | number)[] = []): (string | number)[] {
  if (typeof value === 'string' || typeof value === 'number') out.push(value)
  else if (Array.isArray(value)) value.forEach((item) => leaves(item, out))
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      out.push(key)
      leaves(item, out)
    }
  }
  return out
}

const DAY_MS = 24 * 60 * 60 * 1000

/** The texts of a dump: IndexedDB keys and values, localStorage, cached URLs and bodies. */
export function dumpTexts(dump: StorageDump): string[] {
  return leaves([
    dump.indexedDb.map(({ key, value }) => [key, value]),
    dump.localStorage,
    dump.caches.map(({ url, body }) => [url, body ?? '']),
  ]).map(String)
}

/**
 * Card numbers in a dump: Luhn-valid runs of 13–19 digits. A 13-digit number within two days of
 * now is a millisecond timestamp (dataUpdatedAt, the session's last refresh), not a card.
 */
export function cardNumbersInDump(dump: StorageDump, now = Date.now()): string[] {
  return dumpTexts(dump)
    .flatMap(cardNumbersIn)
    .filter((digits) => !(digits.length === 13 && Math.abs(Number(digits) - now) < 2 * DAY_MS))
}

// Written with waitFor (not expect) so the benches can use them outside the test runner too.

/** The service worker has installed its precache and is active (an offline reload works). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(
    async () => (await navigator.serviceWorker.ready).active?.state === 'activated',
    undefined,
    { polling: 250, timeout: 30_000 },
  )
}

const saleLinks = (page: Page) =>
  page.getByRole('region', { name: 'Sales' }).locator('a[href*="/transactions/sales/"]')

/** Sale ids in the list on screen (table Details links or phone cards), in order. */
export async function shownSaleIds(page: Page): Promise<string[]> {
  const hrefs = await saleLinks(page).evaluateAll((nodes) =>
    nodes.map((node) => node.getAttribute('href') ?? ''),
  )
  return [...new Set(hrefs.map((href) => decodeURIComponent(href.split('/').pop() ?? '')))]
}

/** Opens a page of the sales list and returns the ids it shows. */
export async function openSalesPage(page: Page, pageNumber = 1): Promise<string[]> {
  await page.goto(`/transactions/sales${pageNumber > 1 ? `?page=${pageNumber}` : ''}`)
  await page.getByRole('heading', { name: 'Sales', level: 1 }).waitFor()
  await saleLinks(page).first().waitFor()
  return shownSaleIds(page)
}

/** In-app navigation from the list to a sale (the router, not a page load), then back. */
export async function visitSale(page: Page, saleId: string): Promise<void> {
  await saleLinks(page)
    .and(page.locator(`[href$="/${saleId}"]`))
    .first()
    .click()
  await page.getByRole('heading', { name: 'Sale details', level: 1 }).waitFor()
  await page.getByRole('region', { name: 'Money' }).waitFor()
  await page.goBack()
  await page.getByRole('heading', { name: 'Sales', level: 1 }).waitFor()
  await saleLinks(page).first().waitFor()
}

/** Browses list pages and opens each sale on them until `count` sales were seen. */
export async function browseSales(page: Page, count: number): Promise<string[]> {
  const browsed: string[] = []
  for (let pageNumber = 1; browsed.length < count; pageNumber++) {
    for (const saleId of await openSalesPage(page, pageNumber)) {
      if (browsed.length === count) break
      await visitSale(page, saleId)
      browsed.push(saleId)
    }
  }
  return browsed
}
