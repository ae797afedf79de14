import { afterEach, describe, expect, it, vi } from 'vitest'
import { reportError, setErrorReporter } from '@/lib/report-error'

afterEach(() => setErrorReporter(null))

describe('reportError', () => {
  it('queues errors until a reporter is set, then flushes them in order', () => {
    const first = new Error('first')
    const second = new Error('second')
    reportError(first)
    reportError(second)
    const reporter = vi.fn()
    setErrorReporter(reporter)
    expect(reporter.mock.calls).toEqual([[first], [second]])
  })

  it('reports directly once a reporter is set', () => {
    const reporter = vi.fn()
    setErrorReporter(reporter)
    const error = new Error('now')
    reportError(error)
    expect(reporter).toHaveBeenCalledWith(error)
  })

  it('caps the queue', () => {
    for (let i = 0; i < 80; i++) reportError(new Error(String(i)))
    const reporter = vi.fn()
    setErrorReporter(reporter)
    expect(reporter).toHaveBeenCalledTimes(50)
  })
})
