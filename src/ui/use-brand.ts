import { useEffect, useState } from 'react'
import { brandFor, type Brand } from '@/config/brands'
import { useMediaQuery } from '@/ui/use-media-query'

const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)'

// The operator of the account last used on this device: public screens wear its brand.
export const LAST_OPERATOR_KEY = 'portal:last-operator'

export function rememberOperator(operatorId: string): void {
  try {
    localStorage.setItem(LAST_OPERATOR_KEY, operatorId)
  } catch {
    // Branding is cosmetic.
  }
}

function knownOperator(): string | null {
  try {
    return localStorage.getItem(LAST_OPERATOR_KEY)
  } catch {
    return null
  }
}

export function useBrand(): Brand {
  const [brand] = useState(() => brandFor(knownOperator()))
  useBrandTokens(brand)
  return brand
}

// Applies a brand's colours to the design tokens while mounted (light scheme only); a switch to
// dark mode while open takes them off again, as they fail contrast on the dark surfaces.
export function useBrandTokens(brand: Brand): void {
  const dark = useMediaQuery(DARK_SCHEME_QUERY)
  useEffect(() => {
    if (!brand.colour || dark) return
    const root = document.documentElement.style
    const vars: Array<[string, string | undefined]> = [
      ['--brand', brand.colour],
      ['--focus', brand.colour],
      ['--brand-strong', brand.colourStrong],
      ['--brand-soft', brand.colourSoft],
    ]
    for (const [name, value] of vars) if (value) root.setProperty(name, value)
    return () => {
      for (const [name] of vars) root.removeProperty(name)
    }
  }, [brand, dark])
}
