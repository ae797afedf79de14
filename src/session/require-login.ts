import { redirect, type ParsedLocation } from '@tanstack/react-router'
import type { Session } from '@/session/session'

// §2: a user who is not logged in and opens an authenticated route goes to login.
export function requireLogin(session: Session, location: ParsedLocation): void {
  if (!session.loggedIn) {
    throw redirect({ to: '/login', search: { redirect: location.href } })
  }
}
