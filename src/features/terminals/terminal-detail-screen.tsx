import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useCanGoBack, useRouter } from '@tanstack/react-router'
import type { Terminal } from '@/api/schema/terminals'
import { prettify } from '@/lib/prettify'
import { DataAge } from '@/offline/data-age'
import { Button } from '@/ui/button'
import { PageHeader } from '@/ui/page-layout'
import { QueryView } from '@/ui/query-view'
import { terminalQueries } from '@/features/terminals/api'
import {
  allocatedSince,
  configurationText,
  TerminalPicture,
  TerminalTakings,
} from '@/features/terminals/terminal-parts'
import './terminals.css'

interface TerminalDetailScreenProps {
  submerchantId: string
  terminalId: string
  // The terminal's sales table, composed by the route.
  children?: ReactNode
}

// §2 /terminals/{terminalId}: its fields and model picture, its takings, then its sales.
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
        actions={<GoBack />}
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
    <section className="card terminal-detail__card" aria-labelledby="terminal-facts">
      <TerminalPicture terminal={terminal} size={112} />
      <div>
        <h2 id="terminal-facts">Terminal</h2>
        <dl className="terminal-facts">
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
        </dl>
      </div>
    </section>
  )
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="terminal-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

function GoBack() {
  const router = useRouter()
  const canGoBack = useCanGoBack()
  return (
    <Button
      variant="secondary"
      onClick={() =>
        canGoBack ? router.history.back() : void router.navigate({ to: '/terminals' })
      }
    >
      Go back
    </Button>
  )
}
