import { useRouteContext } from '@tanstack/react-router'
import type { Auth } from '@/session/auth'

// The app's one auth controller, from the router context.
export function useAuth(): Auth {
  return useRouteContext({ from: '__root__', select: (context) => context.auth })
}
