import { useSyncExternalStore } from 'react'

/**
 * What the live stream (docs/events.md#in-the-portal) tells the screens of other areas: whether it
 * is open (a payment link then stops its minute poll), and the sales it has announced, which the
 * sales list and the dashboard offer as a 'N new sales' pill instead of moving rows.
 */

interface AnnouncedSale {
  submerchantId: string
  saleId: string
  // When this tab heard of it (Date.now()).
  at: number
}

// Enough for any pill: past this the oldest are forgotten, and a screen that old refetches anyway.
const MAX_ANNOUNCED = 200

let open = false
let announced: readonly AnnouncedSale[] = []
const listeners = new Set<() => void>()

function emit(): void {
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function setLiveOpen(value: boolean): void {
  if (open === value) return
  open = value
  emit()
}

export function isLiveOpen(): boolean {
  return open
}

// True while this tab receives the account's events (its own stream or the leader tab's).
export function useLiveOpen(): boolean {
  return useSyncExternalStore(subscribe, isLiveOpen, () => false)
}

export function announceSale(submerchantId: string, saleId: string, at = Date.now()): void {
  if (announced.some((sale) => sale.saleId === saleId)) return
  announced = [...announced, { submerchantId, saleId, at }].slice(-MAX_ANNOUNCED)
  emit()
}

// The account's sales announced after `since` (a screen's data time): the pill's count.
export function newSalesSince(submerchantId: string, since: number): number {
  return announced.filter((sale) => sale.submerchantId === submerchantId && sale.at > since).length
}

export function useNewSalesSince(submerchantId: string, since: number): number {
  return useSyncExternalStore(
    subscribe,
    () => newSalesSince(submerchantId, since),
    () => 0,
  )
}

// Forgets everything (logout, tests).
export function resetLiveStatus(): void {
  open = false
  announced = []
  emit()
}
