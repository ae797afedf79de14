import { describe, expect, it, vi } from 'vitest'
import { NEEDS_CONNECTION } from '@/config/app'
import { isModuleLoadError, loadModule } from '@/lib/lazy-load'
import { ModuleLoadError, onModuleLoadError, watchPreloadErrors } from '@/lib/module-errors'

const chromium = new TypeError(
  'Failed to fetch dynamically imported module: http://127.0.0.1/assets/min-Cka6UzPV.js',
)

describe('lazy-load', () => {
  it("recognises each browser's and Vite's words for a chunk that did not load", () => {
    for (const message of [
      chromium.message,
      'error loading dynamically imported module: http://x/assets/a.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/a.css',
    ]) {
      expect(isModuleLoadError(new TypeError(message)), message).toBe(true)
    }
    expect(isModuleLoadError(new TypeError('Failed to fetch'))).toBe(false)
    expect(isModuleLoadError('Failed to fetch dynamically imported module')).toBe(false)
  })

  it('turns a chunk that did not load into ModuleLoadError, and tells the listeners', async () => {
    const heard = vi.fn()
    const stop = onModuleLoadError(heard)
    const failure = await loadModule(() => Promise.reject(chromium)).catch(
      (error: unknown) => error,
    )
    expect(failure).toBeInstanceOf(ModuleLoadError)
    expect((failure as Error).message).toBe(NEEDS_CONNECTION)
    expect((failure as Error).cause).toBe(chromium)
    expect(heard).toHaveBeenCalledWith(failure)
    stop()
  })

  it('passes a module and any other failure through as they are', async () => {
    const heard = vi.fn()
    const stop = onModuleLoadError(heard)
    await expect(loadModule(() => Promise.resolve({ a: 1 }))).resolves.toEqual({ a: 1 })
    const other = new RangeError('bad input')
    await expect(loadModule(() => Promise.reject(other))).rejects.toBe(other)
    expect(heard).not.toHaveBeenCalled()
    stop()
  })

  it("hears Vite's vite:preloadError, which a route chunk that did not load raises", () => {
    const heard = vi.fn()
    const stop = onModuleLoadError(heard)
    const target = new EventTarget()
    watchPreloadErrors(target)
    target.dispatchEvent(Object.assign(new Event('vite:preloadError'), { payload: chromium }))
    expect(heard).toHaveBeenCalledTimes(1)
    expect((heard.mock.calls[0]?.[0] as Error).cause).toBe(chromium)
    stop()
  })
})
