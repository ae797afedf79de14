import { BUILD_VERSION } from '@/config/build'
import { SUPPORT_LINKS } from '@/config/links'

// §2 footer: support links and the version label (package version + git short hash).
export function AppFooter() {
  return (
    <footer className="app-footer">
      <nav aria-label="Support">
        <ul className="app-footer__links">
          <li>
            <a href={SUPPORT_LINKS.helpCentre}>Help centre</a>
          </li>
          <li>
            <a href={SUPPORT_LINKS.contact}>Contact support</a>
          </li>
          <li>
            <a href={SUPPORT_LINKS.terms}>Terms</a>
          </li>
          <li>
            <a href={SUPPORT_LINKS.privacy}>Privacy</a>
          </li>
        </ul>
      </nav>
      <p className="app-footer__version">Version {BUILD_VERSION}</p>
    </footer>
  )
}
