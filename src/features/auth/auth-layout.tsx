import type { ReactNode } from 'react'
import { SUPPORT_LINKS } from '@/config/links'
import { BrandMark } from '@/features/auth/brand-mark'
import { ExternalLink } from '@/ui/external-link'
import { useBrand } from '@/ui/use-brand'
import './auth.css'

interface AuthLayoutProps {
  title: string
  description?: ReactNode
  children: ReactNode
  // Links under the card (back to login, register …).
  after?: ReactNode
}

// The frame of every public screen: the operator's brand, one card, support links.
export function AuthLayout({ title, description, children, after }: AuthLayoutProps) {
  const brand = useBrand()
  return (
    <main className="auth-screen">
      <div className="auth-screen__panel">
        <p className="auth-screen__brand">
          <BrandMark />
          <span>{brand.name}</span>
        </p>
        <section className="auth-card" aria-labelledby="auth-title">
          <h1 id="auth-title">{title}</h1>
          {description && <p className="muted">{description}</p>}
          {children}
        </section>
        {after && (
          <nav className="auth-screen__after" aria-label="Other options">
            {after}
          </nav>
        )}
        <footer className="auth-screen__footer">
          <ExternalLink href={SUPPORT_LINKS.helpCentre}>Support</ExternalLink>
          <ExternalLink href={SUPPORT_LINKS.terms}>Terms</ExternalLink>
          <ExternalLink href={SUPPORT_LINKS.privacy}>Privacy</ExternalLink>
        </footer>
      </div>
    </main>
  )
}
