import { onlineManager } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { checkForUpdate } from '@/offline/update-check'

function registration(installing: ServiceWorker | null = null) {
  return { installing, update: vi.fn(() => Promise.resolve(undefined as never)) }
}

afterEach(() => onlineManager.setOnline(true))

describe('checkForUpdate', () => {
  it('fetches the worker script uncached, then asks the browser to update', async () => {
    const reg = registration()
    const fetchScript = vi.fn(() => Promise.resolve(new Response('', { status: 200 })))
    await expect(checkForUpdate('/sw.js', reg, fetchScript)).resolves.toBe(true)
    expect(fetchScript).toHaveBeenCalledWith(
      '/sw.js',
      expect.objectContaining({ cache: 'no-store' }),
    )
    expect(reg.update).toHaveBeenCalledTimes(1)
  })

  it('is skipped while offline, without touching the network', async () => {
    onlineManager.setOnline(false)
    const reg = registration()
    const fetchScript = vi.fn()
    await expect(checkForUpdate('/sw.js', reg, fetchScript)).resolves.toBe(false)
    expect(fetchScript).not.toHaveBeenCalled()
    expect(reg.update).not.toHaveBeenCalled()
  })

  it('leaves a worker that is still installing alone, and shrugs off an unreachable server', async () => {
    const installing = registration({} as ServiceWorker)
    await expect(checkForUpdate('/sw.js', installing, vi.fn())).resolves.toBe(false)
    const reg = registration()
    const down = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')))
    await expect(checkForUpdate('/sw.js', reg, down)).resolves.toBe(false)
    const missing = vi.fn(() => Promise.resolve(new Response('', { status: 404 })))
    await expect(checkForUpdate('/sw.js', reg, missing)).resolves.toBe(false)
    expect(reg.update).not.toHaveBeenCalled()
  })
})
