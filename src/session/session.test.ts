// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createSession, sessionStorageKey } from '@/session/session'

beforeEach(() => localStorage.clear())

describe('session', () => {
  it('starts logged out', () => {
    const session = createSession(localStorage, 'local')
    expect(session.loggedIn).toBe(false)
    expect(session.userId).toBeNull()
  })

  it('persists the flag per environment', () => {
    createSession(localStorage, 'staging').setLoggedIn(true)
    expect(createSession(localStorage, 'staging').loggedIn).toBe(true)
    expect(createSession(localStorage, 'production').loggedIn).toBe(false)
    expect(localStorage.getItem(sessionStorageKey('staging'))).toContain('"loggedIn":true')
  })

  it('clears the user on logout and notifies subscribers', () => {
    const session = createSession(localStorage, 'local')
    const listener = vi.fn()
    const unsubscribe = session.subscribe(listener)
    session.setLoggedIn(true)
    session.setUserId('usr_1')
    expect(session.userId).toBe('usr_1')
    session.setLoggedIn(false)
    expect(session.userId).toBeNull()
    expect(listener).toHaveBeenCalledTimes(3)
    unsubscribe()
    session.setLoggedIn(true)
    expect(listener).toHaveBeenCalledTimes(3)
  })

  it('treats a corrupt entry as logged out', () => {
    localStorage.setItem(sessionStorageKey('local'), '{not json')
    expect(createSession(localStorage, 'local').loggedIn).toBe(false)
    localStorage.setItem(sessionStorageKey('local'), '{"loggedIn":"yes"}')
    expect(createSession(localStorage, 'local').loggedIn).toBe(false)
  })
})

describe('session details', () => {
  it('keeps the expiry and account, and logout removes them all', () => {
    const session = createSession(localStorage, 'local')
    session.signIn('2030-01-01T00:00:00.000Z')
    session.setUserId('usr_1')
    session.setSubmerchantId('sub_1')
    const restored = createSession(localStorage, 'local')
    expect(restored).toMatchObject({
      loggedIn: true,
      userId: 'usr_1',
      submerchantId: 'sub_1',
      expiresAt: '2030-01-01T00:00:00.000Z',
    })
    session.clear()
    expect(localStorage.getItem(sessionStorageKey('local'))).toBeNull()
    expect(createSession(localStorage, 'local')).toMatchObject({
      loggedIn: false,
      userId: null,
      submerchantId: null,
      expiresAt: null,
    })
  })

  it('a new sign-in drops the previous user and account', () => {
    const session = createSession(localStorage, 'local')
    session.signIn('2030-01-01T00:00:00.000Z')
    session.setUserId('usr_1')
    session.setSubmerchantId('sub_1')
    session.signIn('2031-01-01T00:00:00.000Z')
    expect(session.userId).toBeNull()
    expect(session.submerchantId).toBeNull()
  })
})
