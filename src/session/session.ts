import { apiEnv, type ApiEnv } from '@/config/api'

export interface SessionState {
  loggedIn: boolean
  userId: string | null
  // The chosen account (submerchant); null on /select-account.
  submerchantId: string | null
  // When the refresh token (the whole session) ends, as answered by the password grant.
  expiresAt: string | null
}

const SIGNED_OUT: SessionState = {
  loggedIn: false,
  userId: null,
  submerchantId: null,
  expiresAt: null,
}

// The router context's view of who is signed in ("a loggedIn flag", docs/states.md#session), kept per environment.
export interface Session extends Readonly<SessionState> {
  setLoggedIn(loggedIn: boolean): void
  // Login: the flag plus the session expiry; any previous user's choices are dropped.
  signIn(expiresAt: string): void
  setUserId(userId: string | null): void
  setSubmerchantId(submerchantId: string | null): void
  // Logout: user, account and stored expiry all go.
  clear(): void
  subscribe(listener: () => void): () => void
}

export function sessionStorageKey(env: ApiEnv): string {
  return `portal:${env}:session`
}

const stringOrNull = (value: unknown) => (typeof value === 'string' && value ? value : null)

function read(storage: Storage, key: string): SessionState {
  try {
    const value: unknown = JSON.parse(storage.getItem(key) ?? 'null')
    if (typeof value === 'object' && value !== null) {
      const record = value as Record<string, unknown>
      if (record.loggedIn !== true) return SIGNED_OUT
      return {
        loggedIn: true,
        userId: stringOrNull(record.userId),
        submerchantId: stringOrNull(record.submerchantId),
        expiresAt: stringOrNull(record.expiresAt),
      }
    }
  } catch {
    // A corrupt entry means logged out.
  }
  return SIGNED_OUT
}

export function createSession(storage: Storage = localStorage, env: ApiEnv = apiEnv): Session {
  const key = sessionStorageKey(env)
  let state = read(storage, key)
  const listeners = new Set<() => void>()

  function notify(): void {
    for (const listener of listeners) listener()
  }

  function update(next: SessionState): void {
    state = next
    try {
      if (next.loggedIn) storage.setItem(key, JSON.stringify(state))
      else storage.removeItem(key)
    } catch {
      // Storage can be full or blocked (private mode); the session still works for this tab.
    }
    notify()
  }

  // Another tab signing in, out or switching account is seen here too.
  if (typeof window !== 'undefined' && storage === globalThis.localStorage) {
    window.addEventListener('storage', (event) => {
      if (event.key !== key && event.key !== null) return
      state = read(storage, key)
      notify()
    })
  }

  return {
    get loggedIn() {
      return state.loggedIn
    },
    get userId() {
      return state.userId
    },
    get submerchantId() {
      return state.submerchantId
    },
    get expiresAt() {
      return state.expiresAt
    },
    setLoggedIn(loggedIn) {
      update(loggedIn ? { ...state, loggedIn } : SIGNED_OUT)
    },
    signIn(expiresAt) {
      update({ loggedIn: true, userId: null, submerchantId: null, expiresAt })
    },
    setUserId(userId) {
      update({ ...state, userId })
    },
    setSubmerchantId(submerchantId) {
      update({ ...state, submerchantId })
    },
    clear() {
      update(SIGNED_OUT)
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
