// The product mark (a card on the brand colour), decorative next to the product name.
export function BrandMark({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <rect width="48" height="48" rx="12" fill="var(--brand)" />
      <rect x="9" y="14" width="30" height="20" rx="4" fill="var(--on-brand)" />
      <rect x="9" y="18.5" width="30" height="4" fill="var(--brand)" opacity="0.55" />
      <rect x="13" y="26.5" width="8" height="3.5" rx="1.2" fill="var(--brand)" />
    </svg>
  )
}
