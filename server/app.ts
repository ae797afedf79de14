import { Hono, type MiddlewareHandler } from 'hono'
import type { AppEnv, Deps } from './context'
import { setPasswordHashMode } from './auth/password'
import { limitBody, requireJsonBody } from './middleware/body-guard'
import { privateNoStore } from './middleware/cache-control'
import { credentialedCors } from './middleware/cors'
import { csrfGuard } from './middleware/csrf'
import { requestDeadline } from './middleware/deadline'
import { closeWhileDraining } from './middleware/drain'
import { capCostlyReads } from './middleware/costly-reads'
import { abuseLimits } from './middleware/abuse-limits'
import { authenticate } from './middleware/auth'
import { handleError, handleNotFound } from './middleware/error-handler'
import { claimKey, idempotency } from './middleware/idempotency'
import { inputGuard } from './middleware/input-guard'
import { perspective } from './middleware/perspective'
import { requestId } from './middleware/request-id'
import { requireSandboxToken } from './middleware/sandbox-token'
import { securityHeaders } from './middleware/security-headers'
import { recordRefusals } from './middleware/activity-refusals'
import { activityRoutes } from './routes/activity'
import { apiKeyRoutes } from './routes/api-keys'
import { balanceTransactionRoutes } from './routes/balance-transactions'
import { enrollmentRoutes } from './routes/enrollments'
import { eventRoutes, notificationRoutes } from './routes/events'
import { healthRoutes } from './routes/health'
import { intentRoutes } from './routes/intents'
import { intentImportRoutes } from './routes/intent-imports'
import { invitationRoutes } from './routes/invitations'
import { passwordResetTicketRoutes } from './routes/password-reset-tickets'
import { bankAccountRoutes, payoutCardRoutes, payoutRoutes } from './routes/payouts'
import { pushRoutes } from './routes/push'
import { receiptRoutes } from './routes/receipts'
import { refundRequestRoutes } from './routes/refund-requests'
import { registrationRoutes } from './routes/registrations'
import { salesRoutes } from './routes/sales'
import { submerchantRoutes } from './routes/submerchants'
import { taxYearRoutes } from './routes/tax-years'
import { teamRoutes } from './routes/team'
import { terminalRoutes } from './routes/terminals'
import { tokenRoutes } from './routes/tokens'
import { userSecurityRoutes } from './routes/user-security'
import { userRoutes } from './routes/users'
import { payPageRoutes } from './sandbox/pay-page'
import { paymentProofRoutes, receiptKeyRoutes } from './routes/payment-proofs'
import { webhookEndpointRoutes } from './routes/webhook-endpoints'
import { receiptPageRoutes } from './sandbox/receipt-page'
import { sandboxRoutes } from './sandbox/routes'
import { servePortal } from './static'

export interface AppOptions {
  // Extra CSP connect-src origins (API or status hosts other than this server).
  connectSrc?: string[]
}

/**
 * The sandbox API and portal host. Order matters: request id and headers wrap everything;
 * /v1 then runs no-store → CORS → CSRF → body size and hostile input (every route) → JSON media
 * type → idempotency key claim → auth → perspective → costly-read cap → refused attempts →
 * idempotency → route.
 */
export function createApp(deps: Deps, options: AppOptions = {}): Hono<AppEnv> {
  setPasswordHashMode(deps.config.mode)
  const app = new Hono<AppEnv>()

  app.use('*', async (c, next) => {
    c.set('deps', deps)
    await next()
  })
  app.use('*', requestId())
  app.use('*', closeWhileDraining())
  // Several servers share one sandbox clock: each request starts from its current offset.
  const syncClock: MiddlewareHandler<AppEnv> = async (_c, next) => {
    await deps.clock.sync?.()
    await next()
  }
  for (const path of ['/v1/*', '/sandbox/*', '/pay/*', '/receipts/*']) app.use(path, syncClock)
  app.use('*', securityHeaders({ connectSrc: options.connectSrc }))

  const deadline = deps.config.requestDeadlineMs
  if (deadline) app.use('/v1/*', requestDeadline(deadline))
  app.use('/v1/*', privateNoStore())
  app.use('/v1/*', credentialedCors(deps.config.corsOrigins))
  app.use('/v1/*', csrfGuard())
  // Every route: the size limit (413), then hostile path, query and JSON body (400).
  app.use('*', limitBody())
  app.use('*', inputGuard())
  app.use('/v1/*', requireJsonBody())
  // A duplicate Idempotency-Key while the first runs: 409 before anything waits on the database.
  app.use('/v1/*', claimKey())
  // Login, registration and forgot-password: per IP and per email (429 with Retry-After).
  const limit = abuseLimits(deps.config.abuseLimits)
  app.use('/v1/tokens', limit('login'))
  app.use('/v1/registrations', limit('registration'))
  app.use('/v1/password-reset-tickets', limit('password_reset'))
  app.use('/v1/*', authenticate())
  app.use('/v1/*', perspective())
  // Summaries and searches: at most 4 at once per person (429 with Retry-After).
  app.use('/v1/*', capCostlyReads())
  // Outside the idempotent transaction, so a refused attempt's row stays when that rolls back.
  app.use('/v1/*', recordRefusals())
  app.use('/v1/*', idempotency())

  app.route('/v1/tokens', tokenRoutes())
  app.route('/v1/users', userRoutes())
  app.route('/v1/users', userSecurityRoutes())
  app.route('/v1/submerchants', submerchantRoutes())
  app.route('/v1/submerchants', teamRoutes())
  app.route('/v1/invitations', invitationRoutes())
  app.route('/v1/activity', activityRoutes())
  app.route('/v1/sales', salesRoutes())
  app.route('/v1/sales', refundRequestRoutes())
  app.route('/v1/sales', paymentProofRoutes())
  app.route('/v1/balance-transactions', balanceTransactionRoutes())
  app.route('/v1/tax-years', taxYearRoutes())
  app.route('/v1/receipts', receiptRoutes())
  app.route('/v1/api-keys', apiKeyRoutes())
  app.route('/v1/webhook-endpoints', webhookEndpointRoutes())
  app.route('/v1/terminals', terminalRoutes())
  app.route('/v1/payouts', payoutRoutes())
  app.route('/v1/intents', intentRoutes())
  app.route('/v1/intent-imports', intentImportRoutes())
  app.route('/v1/enrollments', enrollmentRoutes())
  app.route('/v1/bank-accounts', bankAccountRoutes())
  app.route('/v1/payout-cards', payoutCardRoutes())
  app.route('/v1/password-reset-tickets', passwordResetTicketRoutes())
  app.route('/v1/registrations', registrationRoutes())
  app.route('/v1/events', eventRoutes())
  app.route('/v1/notifications', notificationRoutes())
  app.route('/v1', pushRoutes())

  if (deps.config.sandboxControls) {
    const token = deps.config.sandboxToken
    if (token) app.use('/sandbox/*', requireSandboxToken(token))
    app.route('/sandbox', sandboxRoutes())
  }

  // Liveness and readiness for a load balancer's health checks.
  app.route('/', healthRoutes())

  // The public keys that check payment proofs (docs/api.md#payment-proofs).
  app.route('/.well-known', receiptKeyRoutes())

  // The hosted receipt page the advice links to (public by its unguessable id).
  app.route('/receipts', receiptPageRoutes())
  // The sandbox checkout a payment link's clientAccessUrl opens (public by its unguessable id).
  app.route('/pay', payPageRoutes())

  // Last: anything not matched above may be a portal file or an SPA route.
  app.use('*', servePortal(deps.config.distDir))

  app.notFound(handleNotFound)
  app.onError(handleError)
  return app
}
