import type { ApiError } from '@/api/errors'
import { firstFieldMessages, type FormSummary } from '@/lib/use-form'

// Texts of the developer tools (docs/validation.md#developer-tools, docs/errors.md#developer-tools), and this screen's own.
export const DEVELOPER_MESSAGES = {
  permissionRequired: 'Choose at least one permission',
  urlRequired: 'URL is required',
  eventRequired: 'Choose at least one event',
  saleRequired: 'A sale must be selected',
  testFailed: (message: string) => `Test failed: ${message}`,
  deletionFailed: (message: string) => `Deletion failed: ${message}`,
} as const

// docs/errors.md#developer-tools: create forms show the server message followed by the field messages.
export function createFormSummary(error: ApiError): FormSummary {
  return { message: error.message, details: firstFieldMessages(error) }
}
