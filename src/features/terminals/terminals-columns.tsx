import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { Terminal } from '@/api/schema/terminals'
import { formatDateTime } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import { prettify } from '@/lib/prettify'
import { RefText } from '@/ui/code-text'
import type { CardSpec, Column } from '@/ui/data-table'
import type { ListView } from '@/ui/list-screen'
import { terminalQueries, type TakingsTotal } from '@/features/terminals/api'
import { TERMINALS_LIST } from '@/features/terminals/list-spec'
import dayjs from 'dayjs'

export const TERMINAL_ROUTE = '/terminals/$terminalId' as const

export const configurationText = (terminal: Terminal) =>
  terminal.reportedConfiguration.isUpToDate ? 'Up to date' : 'Update pending'

export const allocatedSince = (terminal: Terminal) =>
  terminal.currentAllocation ? formatDateTime(terminal.currentAllocation.createdAt) : '–'

// The model picture (public/terminals), fetched only when it scrolls into view.
export function TerminalPicture({ terminal, size = 96 }: { terminal: Terminal; size?: number }) {
  return (
    <img
      className="terminal-picture"
      src={`/terminals/${terminal.model}.svg`}
      alt={prettify(terminal.model)}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  )
}

// Local midnights of today and 6 days before: the "today" and "last 7 days" windows.
export function takingsWindows(now = dayjs()) {
  const today = now.startOf('day')
  return { todayStart: today.toISOString(), weekStart: today.subtract(6, 'day').toISOString() }
}

function totalText({ count, total }: TakingsTotal, currency: string) {
  return `${count} · ${formatMoney(total, currency)}`
}

// Beyond what docs/screens.md describes: today's and the last 7 days' takings of one terminal (count · total).
export function TerminalTakings({
  submerchantId,
  terminalId,
  compact,
}: {
  submerchantId: string
  terminalId: string
  compact?: boolean
}) {
  const { weekStart, todayStart } = takingsWindows()
  const query = useQuery(terminalQueries.takings(submerchantId, terminalId, weekStart, todayStart))
  if (!query.data) {
    const text = query.isError
      ? 'Takings unavailable'
      : query.fetchStatus === 'paused'
        ? 'Takings load when you are online'
        : 'Loading takings…'
    return <span className="muted">{text}</span>
  }
  const { today, week, currency, partial } = query.data
  const stopped = today.count === 0
  return (
    <span className={['terminal-takings', stopped ? 'terminal-takings--idle' : ''].join(' ')}>
      <span>
        Today {totalText(today, currency)}
        {compact ? ', ' : <br />}7 days {partial ? 'at least ' : ''}
        {totalText(week, currency)}
      </span>
    </span>
  )
}

// Names a terminal for screen readers: its row's More.
export const terminalLabel = (terminal: Terminal) =>
  `terminal ${terminal.name ?? terminal.serialNumber}`

// In a narrow table the allocation and custom reference fold into the row's details first, then the
// configuration and model; the name, serial number and takings stay.
export function terminalColumns(submerchantId: string): readonly Column<Terminal>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      cell: (t) => (
        <Link to={TERMINAL_ROUTE} params={{ terminalId: t.id }}>
          {t.name ?? t.serialNumber}
        </Link>
      ),
      sortField: 'name',
    },
    {
      id: 'serialNumber',
      header: 'Serial number',
      cell: (t) => t.serialNumber,
      sortField: 'serialNumber',
      priority: 1,
    },
    {
      id: 'customReference',
      header: 'Custom reference',
      cell: (t) => (t.customReference ? <RefText value={t.customReference} /> : '–'),
      sortField: 'customReference',
      priority: 3,
    },
    {
      id: 'model',
      header: 'Model',
      cell: (t) => prettify(t.model),
      sortField: 'model',
      priority: 2,
    },
    {
      id: 'allocated',
      header: 'Allocated since',
      cell: allocatedSince,
      sortField: 'currentAllocation.createdAt',
      firstDirection: 'desc',
      priority: 3,
    },
    { id: 'configuration', header: 'Configuration', cell: configurationText, priority: 2 },
    {
      id: 'takings',
      header: 'Takings',
      cell: (t) => <TerminalTakings submerchantId={submerchantId} terminalId={t.id} />,
      priority: 1,
    },
  ]
}

// On phones (docs/screens.md#terminals): every column; the card opens the terminal (as its name does in the table).
export function terminalCard(submerchantId: string): CardSpec<Terminal> {
  return {
    shows: [
      'name',
      'serialNumber',
      'customReference',
      'model',
      'allocated',
      'configuration',
      'takings',
    ],
    render: (terminal) => <TerminalCard terminal={terminal} submerchantId={submerchantId} />,
  }
}

// The terminals list's fixed half (docs/list-screens.md); its takings are the account's.
export function terminalsView(submerchantId: string): ListView<Terminal> {
  return {
    spec: TERMINALS_LIST,
    title: 'Terminals',
    columns: terminalColumns(submerchantId),
    rowKey: (terminal) => terminal.id,
    card: terminalCard(submerchantId),
    rowLabel: terminalLabel,
    errorTitle: 'Failed to load terminals',
  }
}

function TerminalCard({ terminal, submerchantId }: { terminal: Terminal; submerchantId: string }) {
  return (
    <Link to={TERMINAL_ROUTE} params={{ terminalId: terminal.id }} className="terminal-card">
      <span className="terminal-card__name">{terminal.name ?? terminal.serialNumber}</span>
      <span className="terminal-card__model">{prettify(terminal.model)}</span>
      <span className="muted">
        {terminal.serialNumber}
        {terminal.customReference ? ` · ${terminal.customReference}` : ''}
      </span>
      <span className="muted">
        {configurationText(terminal)} · since {allocatedSince(terminal)}
      </span>
      <TerminalTakings submerchantId={submerchantId} terminalId={terminal.id} compact />
    </Link>
  )
}
