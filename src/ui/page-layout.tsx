import type { ReactNode } from 'react'
import './page-layout.css'

// The main landmark of a signed-in page; the app shell (a later issue) wraps it.
export function PageMain({ children }: { children: ReactNode }) {
  return (
    <main id="main-content" className="page">
      {children}
    </main>
  )
}

interface PageHeaderProps {
  title: string
  description?: ReactNode
  // Buttons shown next to the title (Refresh, Export …).
  actions?: ReactNode
}

export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <header className="page-header">
      <div className="page-header__text">
        <h1>{title}</h1>
        {description && <p className="muted">{description}</p>}
      </div>
      {actions && <div className="page-header__actions">{actions}</div>}
    </header>
  )
}
