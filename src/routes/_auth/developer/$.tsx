import { createFileRoute } from '@tanstack/react-router'
import { NOT_BUILT_PAGE } from '@/ui/route-states'

// §2 Developer Tools: until its screens land, every path under it says Page Not Found inside the shell.
export const Route = createFileRoute('/_auth/developer/$')({ ...NOT_BUILT_PAGE })
