import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/api/errors'
import { QueryView, type ViewableQuery } from '@/ui/query-view'

function view(query: Partial<ViewableQuery<string>>) {
  const full: ViewableQuery<string> = {
    data: undefined,
    isPending: false,
    isError: false,
    error: null,
    fetchStatus: 'idle',
    refetch: vi.fn(),
    ...query,
  }
  return render(
    <QueryView
      query={full}
      errorTitle="Failed to load sale"
      what="this sale"
      pendingLabel="Loading"
    >
      {(data) => <p>Data: {data}</p>}
    </QueryView>,
  )
}

afterEach(cleanup)

describe('QueryView', () => {
  it('spins while the first load runs', () => {
    view({ isPending: true, fetchStatus: 'fetching' })
    expect(screen.getByRole('status').textContent).toBe('Loading')
  })

  it('says offline, not a spinner, when the first load waits for a connection', () => {
    view({ isPending: true, fetchStatus: 'paused' })
    expect(screen.getByText('You are offline')).toBeTruthy()
    expect(screen.getByText(/This sale has not been saved on this device yet/)).toBeTruthy()
    expect(screen.queryByText('Loading')).toBeNull()
  })

  it('shows the failure with Retry', () => {
    const error = new ApiError({ status: 404, code: 'not_found', message: 'Sale not found' })
    const refetch = vi.fn()
    view({ isError: true, error, refetch })
    expect(screen.getByText('Failed to load sale')).toBeTruthy()
    expect(screen.getByText('Sale not found')).toBeTruthy()
    screen.getByRole('button', { name: 'Retry' }).click()
    expect(refetch).toHaveBeenCalledOnce()
  })

  it('keeps the data on screen under a failed refresh', () => {
    view({
      data: 'sale_1',
      isError: true,
      error: new ApiError({ status: 500, code: 'internal_error', message: 'Down' }),
    })
    expect(screen.getByText('Data: sale_1')).toBeTruthy()
    expect(screen.getByText('Failed to load sale')).toBeTruthy()
  })
})
