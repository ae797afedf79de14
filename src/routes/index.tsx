import { createFileRoute, redirect, type SearchSchemaInput } from '@tanstack/react-router'
import { optionalFlag } from '@/lib/search'

export const Route = createFileRoute('/')({
  validateSearch: (search: { welcome?: unknown } & SearchSchemaInput) => ({
    welcome: optionalFlag(search.welcome),
  }),
  // The welcome of a fresh registration (/?welcome=true, docs/api.md#users-and-session) travels on to the dashboard.
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/dashboard', search: search.welcome ? { welcome: true } : {} })
  },
})
