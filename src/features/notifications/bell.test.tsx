import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { notificationKeys } from '@/api/query-keys'
import type { NotificationFeed } from '@/api/schema/events'
import { NotificationBell } from '@/features/notifications/bell'

const ACCOUNT = 'sub_a'
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()

function feed(
  unreadCount: number,
  notifications: NotificationFeed['notifications'],
): NotificationFeed {
  return { unreadCount, notifications }
}

async function renderBell(data: NotificationFeed) {
  // Fresh for the test's length: nothing is fetched, the bell reads the cache as it would offline.
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } })
  queryClient.setQueryData(notificationKeys.feed(ACCOUNT), data)
  const root = createRootRoute({ component: () => <NotificationBell submerchantId={ACCOUNT} /> })
  const router = createRouter({
    routeTree: root.addChildren([createRoute({ getParentRoute: () => root, path: '/' })]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  await router.load()
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return queryClient
}

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('NotificationBell', () => {
  it('says the unread count in its name and lists the latest with their time and link', async () => {
    await renderBell(
      feed(2, [
        {
          id: 'evt_2',
          type: 'intent.succeeded',
          submerchantId: ACCOUNT,
          createdAt: minutesAgo(5),
          objectId: 'int_1',
          data: { amount: 1250, currency: 'EUR' },
          readAt: null,
        },
        {
          id: 'evt_1',
          type: 'refund_request.created',
          submerchantId: ACCOUNT,
          createdAt: minutesAgo(90),
          objectId: 'rr_1',
          data: { amount: 300, currency: 'GBP', saleId: 'sale_9' },
          readAt: null,
        },
      ]),
    )
    const bell = screen.getByRole('button', { name: 'Notifications, 2 unread' })
    expect(bell.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(bell)
    expect(bell.getAttribute('aria-expanded')).toBe('true')
    const panel = screen.getByRole('region', { name: 'Latest notifications' })
    const paid = within(panel).getByRole('link', {
      name: /^Payment link paid · €12.50\s*5 min ago\s*\(unread\)$/,
    })
    expect(paid.getAttribute('href')).toBe('/payment-links/int_1')
    const refund = within(panel).getByRole('link', { name: /Refund requested · £3.00/ })
    expect(refund.getAttribute('href')).toBe('/transactions/sales/sale_9')
    expect(refund.textContent).toContain('1 h ago')
    expect(within(panel).getByRole('button', { name: 'Mark all as read' })).toHaveProperty(
      'disabled',
      false,
    )
    expect(within(panel).queryByText('No new notifications')).toBeNull()
  })

  it("says 'No new notifications' and only 'Notifications' when nothing is unread", async () => {
    await renderBell(
      feed(0, [
        {
          id: 'evt_1',
          type: 'payout.paid',
          submerchantId: ACCOUNT,
          createdAt: minutesAgo(30),
          objectId: 'po_1',
          data: { amount: 5000, currency: 'GBP' },
          readAt: minutesAgo(10),
        },
      ]),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }))
    expect(screen.getByText('No new notifications')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull()
    expect(screen.getByRole('link', { name: /^Payout paid · £50.00\s*30 min ago$/ })).toBeTruthy()
  })

  it('renders text from the event as text, never as markup', async () => {
    await renderBell(
      feed(1, [
        {
          id: 'evt_1',
          type: 'webhook_endpoint.failing',
          submerchantId: ACCOUNT,
          createdAt: minutesAgo(1),
          objectId: 'we_1',
          data: { url: 'https://x.example/<img src=x onerror=alert(1)>' },
          readAt: null,
        },
      ]),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }))
    expect(document.querySelector('img')).toBeNull()
    expect(screen.getByText(/<img src=x onerror=alert\(1\)>/).tagName).toBe('SPAN')
  })
})
