import type { RuntimeConfig } from './config'
import { DEMO_MFA_SECRET, DEMO_USERS } from './seed/index'

// What npm start prints: where it listens, the database, the controls, warnings and demo logins.
export function startBanner(url: string, config: RuntimeConfig): string {
  const { sandboxControls, sandboxToken } = config.server
  const controls = sandboxControls
    ? `on (/sandbox${sandboxToken ? ', Authorization: Bearer $SANDBOX_TOKEN' : ''})`
    : 'off'
  return [
    '',
    `Sandbox API and portal: ${url}`,
    config.databaseUrl
      ? 'Database: PostgreSQL (DATABASE_URL)'
      : `Database: PGlite in ${config.dataDir}`,
    `Sandbox controls: ${controls}`,
    `Links in emails and receipts: ${config.server.publicUrl ?? url}`,
    ...config.warnings.map((warning) => `WARNING: ${warning}`),
    '',
    'Demo logins:',
    ...DEMO_USERS.map((user) => `  ${user.email}  ${user.password}  (${user.demonstrates})`),
    `  MFA user's TOTP secret: ${DEMO_MFA_SECRET}`,
    '',
  ].join('\n')
}
