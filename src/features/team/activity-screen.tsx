import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { ActivityEntry } from '@/api/schema/team'
import { collectPages } from '@/lib/fetch-pages'
import type { ListSearch } from '@/lib/list-search'
import { toListParams } from '@/lib/list-view'
import { DataAge } from '@/offline/data-age'
import { Button } from '@/ui/button'
import { ListScreen } from '@/ui/list-screen'
import { useToast } from '@/ui/toast'
import { fetchActivityPage, teamQueries } from './api'
import {
  ACTIVITY_CARD,
  ACTIVITY_COLUMNS,
  actionText,
  activityLabel,
  actorText,
  changesText,
} from './activity-columns'
import { ACTIVITY_LIST } from './activity-spec'
import './team.css'

// Export CSV reads at most this many rows of the current filters (docs/screens.md#activity).
const EXPORT_LIMIT = 10_000

interface ActivityScreenProps {
  submerchantId: string
  userId: string | null
  // Managers see only their own rows (docs/roles.md#activity).
  ownOnly: boolean
  search: ListSearch
  onSearchChange: (search: ListSearch) => void
}

// /team/activity (docs/screens.md#activity): the activity log on the list kit, with Export CSV.
export function ActivityScreen(props: ActivityScreenProps) {
  const { submerchantId, userId, search, onSearchChange } = props
  const params = toListParams(ACTIVITY_LIST, search)
  const query = useQuery(teamQueries.activity(submerchantId, params))
  const [exporting, setExporting] = useState(false)
  const toast = useToast()

  const exportCsv = async () => {
    setExporting(true)
    try {
      const { items } = await collectPages<ActivityEntry>({
        fetchPage: (offset, limit, signal) => fetchActivityPage(params, offset, limit, signal),
        pageSize: 100,
        concurrency: 2,
        maxItems: EXPORT_LIMIT,
      })
      const { csvBlob } = await import('@/lib/csv')
      const { downloadFile } = await import('@/lib/save-file')
      const rows = items.map((e) => [
        e.occurredAt,
        actorText(e),
        actionText(e.action),
        e.outcome,
        e.objectType ?? '',
        e.objectId ?? '',
        e.objectLabel ?? '',
        e.ipAddress ?? '',
        e.device ?? '',
        changesText(e),
      ])
      const header = [
        'When',
        'Who',
        'What',
        'Outcome',
        'Object type',
        'Object id',
        'Object',
        'IP address',
        'Device',
        'Change',
      ]
      downloadFile(await csvBlob([header, ...rows]), 'activity.csv')
    } catch {
      toast.show('The export failed. Try again.', { tone: 'error' })
    } finally {
      setExporting(false)
    }
  }

  return (
    <ListScreen
      spec={ACTIVITY_LIST}
      title={props.ownOnly ? 'Your activity' : 'Activity'}
      search={search}
      onSearchChange={onSearchChange}
      query={query}
      columns={ACTIVITY_COLUMNS}
      rowKey={(e) => e.id}
      card={ACTIVITY_CARD}
      rowLabel={activityLabel}
      errorTitle="Failed to load activity"
      savedViewsOwner={userId ? { userId, submerchantId } : null}
      age={<DataAge updatedAt={query.dataUpdatedAt} />}
      actions={
        <Button variant="secondary" loading={exporting} onClick={() => void exportCsv()}>
          Export CSV
        </Button>
      }
    />
  )
}
