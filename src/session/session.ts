import { apiEnv, type ApiEnv } from '@/config/api'

interface SessionState {
  loggedIn: boolean
  userId: string | null
}

// The router context's view of who is signed in (§4 "a loggedIn flag"), kept per environment.
export interface Session {
  readonly loggedIn: boolean
  readonly userId: string | null
  setLoggedIn(loggedIn: boolean): void
  setUserId(userId: string | null): void
  subscribe(listener: () => void): () => void
}

export function sessionStorageKey(env: ApiEnv): string {
  return `portal:${env}:session`
}

function read(storage: Storage, key: string): SessionState {
  try {
    const value: unknown = JSON.parse(storage.getItem(key) ?? 'null')
    if (typeof value === 'object' && value !== null) {
      const { loggedIn, userId } = value as Record<string, unknown>
      return { loggedIn: loggedIn === true, userId: typeof userId === 'string' ? userId : null }
    }
  } catch {
    // A corrupt entry means logged out.
  }
  return { loggedIn: false, userId: null }
}

export function createSession(storage: Storage = localStorage, env: ApiEnv = apiEnv): Session {
  const key = sessionStorageKey(env)
  let state = read(storage, key)
  const listeners = new Set<() => void>()

  function update(next: SessionState): void {
    state = next
    try {
      storage.setItem(key, JSON.stringify(state))
    } catch {
      // Storage can be full or blocked (private mode); the session still works for this tab.
    }
    for (const listener of listeners) listener()
  }

  return {
    get loggedIn() {
      return state.loggedIn
    },
    get userId() {
      return state.userId
    },
    setLoggedIn(loggedIn) {
      update(loggedIn ? { ...state, loggedIn } : { loggedIn: false, userId: null })
    },
    setUserId(userId) {
      update({ ...state, userId })
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
