import { APP_NAME } from '@/config/app'

export interface Brand {
  name: string
  // Operator logo (a square mark under public/); without one the product mark is shown.
  logo?: string
  // Light-scheme brand colours; dark mode keeps the product's own, which are tuned for contrast.
  colour?: string
  colourStrong?: string
  colourSoft?: string
}

export const DEFAULT_BRAND: Brand = { name: APP_NAME }

// Operators with their own look (ids as in the sandbox seed, server/seed/ids.ts).
export const OPERATOR_BRANDS: Record<string, Brand> = {
  op_demo_metropay: {
    name: 'MetroPay Business',
    logo: '/brands/metropay.svg',
    colour: '#0b55e0',
    colourStrong: '#0840a8',
    colourSoft: '#e2ebff',
  },
  op_demo_cabcard: {
    name: 'CabCard Payments',
    logo: '/brands/cabcard.svg',
    colour: '#0c6b52',
    colourStrong: '#08513e',
    colourSoft: '#dff3ec',
  },
}

export function brandFor(operatorId: string | null | undefined): Brand {
  return (operatorId && OPERATOR_BRANDS[operatorId]) || DEFAULT_BRAND
}
