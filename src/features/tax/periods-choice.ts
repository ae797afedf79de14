import { TAX_YEAR_PERIODS, type TaxYearPeriods } from '@/api/schema/tax-year-values'

// The quarters' choice (standard or calendar) is kept per account on this device: an account that
// elected calendar quarters sees them each time (docs/screens.md#tax-year).
const storageKey = (submerchantId: string) => `portal:tax-periods:${submerchantId}`

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

export function readPeriodsChoice(submerchantId: string): TaxYearPeriods {
  const stored = storage()?.getItem(storageKey(submerchantId))
  return (TAX_YEAR_PERIODS as readonly (string | null | undefined)[]).includes(stored)
    ? (stored as TaxYearPeriods)
    : 'standard'
}

export function keepPeriodsChoice(submerchantId: string, periods: TaxYearPeriods): void {
  try {
    storage()?.setItem(storageKey(submerchantId), periods)
  } catch {
    // Storage full or refused: the choice lasts for this visit only.
  }
}
