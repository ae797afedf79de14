// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import { DEVICE_COOKIE, DEVICE_STORAGE_KEY, removeDeviceIdentifier } from '@/session/device'
import { getDeviceIdentifier } from '@/session/device-id'

beforeEach(() => {
  localStorage.clear()
  removeDeviceIdentifier()
})

describe('device identifier', () => {
  it('is created once and kept in a cookie and in localStorage', () => {
    const id = getDeviceIdentifier()
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect(getDeviceIdentifier()).toBe(id)
    expect(localStorage.getItem(DEVICE_STORAGE_KEY)).toBe(id)
    expect(document.cookie).toContain(`${DEVICE_COOKIE}=${id}`)
  })

  it('is restored from the cookie when localStorage was cleared', () => {
    const id = getDeviceIdentifier()
    localStorage.clear()
    expect(getDeviceIdentifier()).toBe(id)
  })

  it('is removed from both places on logout', () => {
    getDeviceIdentifier()
    removeDeviceIdentifier()
    expect(localStorage.getItem(DEVICE_STORAGE_KEY)).toBeNull()
    expect(document.cookie).not.toContain(DEVICE_COOKIE)
  })
})
