import { APP_NAME } from '@/config/app'
import { SUPPORT_LINKS } from '@/config/links'
import { BrandMark } from '@/features/auth/brand-mark'
import { LoginForm } from '@/features/auth/login-form'
import './auth.css'

export function LoginScreen() {
  return (
    <main className="auth-screen">
      <div className="auth-screen__panel">
        <p className="auth-screen__brand">
          <BrandMark />
          <span>{APP_NAME}</span>
        </p>
        <section className="auth-card" aria-labelledby="login-title">
          <h1 id="login-title">Log in</h1>
          <p className="muted">Manage your sales, payment links and payouts.</p>
          <LoginForm />
        </section>
        <footer className="auth-screen__footer">
          <a href={SUPPORT_LINKS.helpCentre}>Support</a>
          <a href={SUPPORT_LINKS.terms}>Terms</a>
          <a href={SUPPORT_LINKS.privacy}>Privacy</a>
        </footer>
      </div>
    </main>
  )
}
