import type { AnchorHTMLAttributes } from 'react'

// Another site opens in a new tab so the person's place in the portal is kept.
export function ExternalLink(
  props: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'target' | 'rel'>,
) {
  return <a {...props} target="_blank" rel="noopener noreferrer" />
}
