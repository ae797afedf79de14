import { describe, expect, it } from 'vitest'
import {
  cardDetails,
  countryName,
  issuingCountry,
  payoutStatus,
  settlementStatus,
} from '@/features/sales/sale-facts'

describe('sale facts', () => {
  it('derives the settlement and payout statuses', () => {
    expect(settlementStatus({ settlementTransactionId: 'stl_1' })).toBe('Settled')
    expect(settlementStatus({ settlementTransactionId: null })).toBe('Awaiting bank settlement')
    expect(settlementStatus({ settlementTransactionId: '' })).toBe('Awaiting bank settlement')
    expect(payoutStatus({ disbursementWithheld: true })).toBe('Withheld')
    expect(payoutStatus({ disbursementWithheld: false })).toBe('OK')
  })

  it('names the issuing country with European or non-European', () => {
    expect(countryName('GB')).toBe('United Kingdom')
    expect(countryName('DE')).toBe('Germany')
    expect(countryName('XX')).toBe('XX')
    expect(issuingCountry({ cardCountryCode: 'FR', cardCountryIsInEEA: true })).toBe(
      'France (European)',
    )
    expect(issuingCountry({ cardCountryCode: 'US', cardCountryIsInEEA: false })).toBe(
      'United States (Non-European)',
    )
  })

  it('describes the card', () => {
    expect(
      cardDetails({ cardIsCommercial: true, cardType: 'debit', cardIsPrepaid: false }),
    ).toEqual({ use: 'Commercial', type: 'Debit', prepaid: 'No' })
    expect(
      cardDetails({ cardIsCommercial: false, cardType: 'prepaid', cardIsPrepaid: true }),
    ).toEqual({ use: 'Consumer', type: 'Prepaid', prepaid: 'Yes' })
  })
})
