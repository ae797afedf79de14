import { BUILD_VERSION } from '@/config/build'
import { SUPPORT_LINKS } from '@/config/links'
import { ExternalLink } from '@/ui/external-link'

// Footer (docs/screens.md#the-shell): support links and the version label (package version + git short hash).
export function AppFooter() {
  return (
    <footer className="app-footer">
      <nav aria-label="Support">
        <ul className="app-footer__links">
          <li>
            <ExternalLink href={SUPPORT_LINKS.helpCentre}>Help centre</ExternalLink>
          </li>
          <li>
            <ExternalLink href={SUPPORT_LINKS.contact}>Contact support</ExternalLink>
          </li>
          <li>
            <ExternalLink href={SUPPORT_LINKS.terms}>Terms</ExternalLink>
          </li>
          <li>
            <ExternalLink href={SUPPORT_LINKS.privacy}>Privacy</ExternalLink>
          </li>
        </ul>
      </nav>
      <p className="app-footer__version">Version {BUILD_VERSION}</p>
    </footer>
  )
}
