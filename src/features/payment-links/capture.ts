import { parseMoney } from '@/lib/money'

// Capture (docs/validation.md#capture): typed in pounds, converted to minor units and capped at the intent amount.
export function captureAmountOf(text: string, intentAmount: number): number | null {
  const minor = parseMoney(text.trim())
  if (minor === null || minor <= 0) return null
  return Math.min(minor, intentAmount)
}
