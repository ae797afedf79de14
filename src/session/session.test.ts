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
