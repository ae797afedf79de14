// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import { clearStaleStorage, STORAGE_RESET_DATE, STORAGE_RESET_KEY } from '@/session/storage-reset'

beforeEach(() => localStorage.clear())

describe('clearStaleStorage', () => {
  it('is a fixed date in 2023', () => {
    expect(new Date(STORAGE_RESET_DATE).getUTCFullYear()).toBe(2023)
  })

  it('clears storage last cleared before the date, once', () => {
    localStorage.setItem('old', '1')
    localStorage.setItem(STORAGE_RESET_KEY, '2022-12-31T00:00:00.000Z')
    expect(clearStaleStorage(localStorage, new Date('2024-01-01T00:00:00Z'))).toBe(true)
    expect(localStorage.getItem('old')).toBeNull()
    localStorage.setItem('new', '1')
    expect(clearStaleStorage(localStorage)).toBe(false)
    expect(localStorage.getItem('new')).toBe('1')
  })

  it('treats never-cleared (or a corrupt marker) as stale', () => {
    localStorage.setItem('old', '1')
    localStorage.setItem(STORAGE_RESET_KEY, 'not a date')
    expect(clearStaleStorage(localStorage)).toBe(true)
    expect(localStorage.getItem('old')).toBeNull()
  })
})
