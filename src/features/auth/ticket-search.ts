import type { SearchSchemaInput } from '@tanstack/react-router'
import { optionalString } from '@/lib/search'

// docs/validation.md#new-password: /reset-password and /set-password need ticketId and token; emailAddress is optional.
export function validateTicketSearch(
  search: { ticketId?: unknown; token?: unknown; emailAddress?: unknown } & SearchSchemaInput,
) {
  return {
    ticketId: optionalString(search.ticketId, 200),
    token: optionalString(search.token, 200),
    emailAddress: optionalString(search.emailAddress, 254),
  }
}
