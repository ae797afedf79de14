import { useEffect } from 'react'

interface ExternalRedirectProps {
  href: string
  // What the destination is, e.g. "the system status page".
  name: string
}

// Leaves the app with location.replace so Back returns to the page before, not here.
export function ExternalRedirect({ href, name }: ExternalRedirectProps) {
  useEffect(() => {
    window.location.replace(href)
  }, [href])

  return (
    <main className="page">
      <p>
        Taking you to {name}… If nothing happens, <a href={href}>open {name}</a>.
      </p>
    </main>
  )
}
