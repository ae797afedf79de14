import { createFileRoute } from '@tanstack/react-router'
import { NOT_BUILT_PAGE } from '@/ui/route-states-lazy'

// Any other path under Payment Links says Page Not Found inside the shell (docs/screens.md#routing-rules).
export const Route = createFileRoute('/_auth/payment-links/$')({ ...NOT_BUILT_PAGE })
