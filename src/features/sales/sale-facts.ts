import type { Sale } from '@/api/schema/sales'
import { prettify } from '@/lib/prettify'

// Settlement (docs/states.md#settlement-and-payout-of-a-sale): settled once the bank's settlement transaction exists.
export function settlementStatus(sale: Pick<Sale, 'settlementTransactionId'>): string {
  return sale.settlementTransactionId ? 'Settled' : 'Awaiting bank settlement'
}

// Payout (docs/states.md#settlement-and-payout-of-a-sale): withheld if disbursementWithheld, else OK.
export function payoutStatus(sale: Pick<Sale, 'disbursementWithheld'>): string {
  return sale.disbursementWithheld ? 'Withheld' : 'OK'
}

let regionNames: Intl.DisplayNames | null = null

// "GB" → "United Kingdom"; an unknown code is shown as given.
export function countryName(code: string): string {
  regionNames ??= new Intl.DisplayNames(['en-GB'], { type: 'region', fallback: 'code' })
  try {
    return regionNames.of(code) ?? code
  } catch {
    return code
  }
}

// Issuing country, European or non-European (docs/screens.md#sale-detail; EEA membership as the sale says).
export function issuingCountry(sale: Pick<Sale, 'cardCountryCode' | 'cardCountryIsInEEA'>): string {
  const region = sale.cardCountryIsInEEA ? 'European' : 'Non-European'
  return `${countryName(sale.cardCountryCode)} (${region})`
}

// Card details (docs/screens.md#sale-detail): commercial or consumer, type, prepaid.
export function cardDetails(sale: Pick<Sale, 'cardIsCommercial' | 'cardType' | 'cardIsPrepaid'>): {
  use: string
  type: string
  prepaid: string
} {
  return {
    use: sale.cardIsCommercial ? 'Commercial' : 'Consumer',
    type: prettify(sale.cardType),
    prepaid: sale.cardIsPrepaid ? 'Yes' : 'No',
  }
}
