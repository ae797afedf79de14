import { redirect, type ParsedLocation } from '@tanstack/react-router'
import type { Session } from '@/session/session'

// docs/screens.md#routing-rules: a user who is not logged in and opens an authenticated route goes to login.
export function requireLogin(session: Session, location: ParsedLocation): void {
  if (!session.loggedIn) {
    throw redirect({ to: '/login', search: { redirect: location.href } })
  }
}
