import { createFileRoute } from '@tanstack/react-router'
import { NOT_BUILT_PAGE } from '@/ui/route-states-lazy'

// Any other path under /scan-to-pay says Page Not Found inside the shell.
export const Route = createFileRoute('/_auth/scan-to-pay/$')({ ...NOT_BUILT_PAGE })
