import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import { toApiError } from '@/api/errors'
import type { Notification } from '@/api/schema/events'
import { NEEDS_CONNECTION } from '@/config/app'
import {
  notificationQueries,
  useMarkAllReadMutation,
  useMarkReadMutation,
} from '@/features/notifications/api'
import {
  bellLabel,
  eventSentence,
  eventTarget,
  unreadBadge,
} from '@/features/notifications/messages'
import { useLiveStream } from '@/features/notifications/use-live-stream'
import { formatTimeAgo } from '@/lib/dates'
import { DataAge } from '@/offline/data-age'
import { useOnline } from '@/offline/use-online'
import { Button } from '@/ui/button'
import { Icon } from '@/ui/icons'
import { Menu } from '@/ui/menu'
import './bell.css'

// docs/errors.md#notifications.
export const LOAD_FAILED = 'Failed to load notifications'
export const MARK_READ_FAILED = 'Failed to mark notifications as read'

interface LiveBellProps {
  submerchantId: string
  userId: string
}

// The signed-in shell's live layer: the account's stream, and the bell it keeps current.
export function LiveBell({ submerchantId, userId }: LiveBellProps) {
  useLiveStream(submerchantId, userId)
  return <NotificationBell submerchantId={submerchantId} />
}

// The bell (docs/events.md#in-the-portal): the unread count, the latest 50, mark one or all read.
export function NotificationBell({ submerchantId }: { submerchantId: string }) {
  const query = useQuery(notificationQueries.feed(submerchantId))
  const unread = query.data?.unreadCount ?? 0
  return (
    <Menu
      label={bellLabel(unread)}
      className="bell"
      trigger={
        <span className="bell__icon">
          <Icon name="bell" />
          {unread > 0 && (
            <span className="bell__count" aria-hidden="true">
              {unreadBadge(unread)}
            </span>
          )}
        </span>
      }
    >
      {(close) => <BellPanel submerchantId={submerchantId} close={close} />}
    </Menu>
  )
}

function BellPanel({ submerchantId, close }: { submerchantId: string; close: () => void }) {
  const query = useQuery(notificationQueries.feed(submerchantId))
  const online = useOnline()
  const markRead = useMarkReadMutation(submerchantId)
  const markAll = useMarkAllReadMutation(submerchantId)
  const feed = query.data
  const newest = feed?.notifications[0]
  // The times read from when the panel was opened.
  const [now] = useState(Date.now)
  const title = useRef<HTMLHeadingElement>(null)
  return (
    <section className="bell__panel" aria-label="Latest notifications">
      <div className="bell__head">
        <h2 className="bell__title" ref={title} tabIndex={-1}>
          Notifications
        </h2>
        {feed && feed.unreadCount > 0 && newest && (
          <Button
            variant="ghost"
            size="small"
            loading={markAll.isPending}
            disabled={!online}
            title={online ? undefined : NEEDS_CONNECTION}
            onClick={() => {
              // The button goes once all is read: focus stays in the panel, which stays open.
              title.current?.focus()
              markAll.mutate(newest.id)
            }}
          >
            Mark all as read
          </Button>
        )}
      </div>
      {markAll.isError && (
        <p className="menu__note" role="alert">
          {MARK_READ_FAILED}: {toApiError(markAll.error).message}
        </p>
      )}
      {query.isPending && <p className="menu__note">Loading notifications</p>}
      {query.isError && !feed && (
        <p className="menu__note" role="alert">
          {LOAD_FAILED}
        </p>
      )}
      {feed && feed.unreadCount === 0 && <p className="menu__note">No new notifications</p>}
      {feed && feed.notifications.length > 0 && (
        <ul className="bell__list">
          {feed.notifications.map((notification) => (
            <BellItem
              key={notification.id}
              notification={notification}
              now={now}
              onOpen={() => {
                if (!notification.readAt && online) markRead.mutate(notification.id)
                close()
              }}
            />
          ))}
        </ul>
      )}
      <DataAge updatedAt={query.dataUpdatedAt} className="bell__age" />
    </section>
  )
}

function BellItem({
  notification,
  now,
  onOpen,
}: {
  notification: Notification
  now: number
  onOpen: () => void
}) {
  const target = eventTarget(notification)
  const unread = notification.readAt === null
  const className = unread ? 'bell__item bell__item--unread' : 'bell__item'
  const content = (
    <>
      <span className="bell__dot" aria-hidden="true" />
      <span className="bell__sentence">{eventSentence(notification)}</span>
      <time className="bell__time" dateTime={notification.createdAt}>
        {formatTimeAgo(notification.createdAt, now)}
      </time>
      {unread && <span className="visually-hidden"> (unread)</span>}
    </>
  )
  return (
    <li>
      {target ? (
        <Link {...target} className={className} onClick={onOpen}>
          {content}
        </Link>
      ) : (
        <button type="button" className={className} onClick={onOpen}>
          {content}
        </button>
      )}
    </li>
  )
}
