import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { Terminal } from '@/api/schema/terminals'
import { prettify } from '@/lib/prettify'
import { DataAge } from '@/offline/data-age'
import { Fact, FactCard } from '@/ui/facts'
import { GoBack } from '@/ui/go-back'
import { PageHeader } from '@/ui/page-layout'
import { QueryView } from '@/ui/query-view'
import { terminalQueries } from '@/features/terminals/api'
import {
  allocatedSince,
  configurationText,
  TerminalPicture,
  TerminalTakings,
} from '@/features/terminals/terminals-columns'
import './terminals.css'

interface TerminalDetailScreenProps {
  submerchantId: string
  terminalId: string
  // The terminal's sales table, composed by the route.
  children?: ReactNode
}

// /terminals/{terminalId} (docs/screens.md#terminals): its fields and model picture, its takings, then its sales.
export function TerminalDetailScreen({
  submerchantId,
  terminalId,
  children,
}: TerminalDetailScreenProps) {
  const query = useQuery(terminalQueries.detail(submerchantId, terminalId))
  return (
    <>
      <PageHeader
        title={query.data?.name ?? query.data?.serialNumber ?? 'Terminal'}
        description={query.data ? prettify(query.data.model) : undefined}
        actions={<GoBack fallback="/terminals" />}
      />
      <QueryView
        query={query}
        errorTitle="Failed to load terminal"
        what="this terminal"
        pendingLabel="Loading the terminal"
      >
        {(terminal) => (
          <div className="terminal-detail">
            <DataAge updatedAt={query.dataUpdatedAt} />
            <TerminalFacts terminal={terminal} submerchantId={submerchantId} />
            {children}
          </div>
        )}
      </QueryView>
    </>
  )
}

function TerminalFacts({ terminal, submerchantId }: { terminal: Terminal; submerchantId: string }) {
  const none = <span className="muted">None</span>
  return (
    <FactCard title="Terminal" aside={<TerminalPicture terminal={terminal} size={112} />}>
      <Fact label="Name">{terminal.name ?? none}</Fact>
      <Fact label="Serial number">{terminal.serialNumber}</Fact>
      <Fact label="Custom reference">{terminal.customReference ?? none}</Fact>
      <Fact label="Reference">{terminal.reference ?? none}</Fact>
      <Fact label="Model">{prettify(terminal.model)}</Fact>
      <Fact label="Allocated since">{allocatedSince(terminal)}</Fact>
      <Fact label="Configuration">{configurationText(terminal)}</Fact>
      <Fact label="Takings">
        <TerminalTakings submerchantId={submerchantId} terminalId={terminal.id} />
      </Fact>
    </FactCard>
  )
}
