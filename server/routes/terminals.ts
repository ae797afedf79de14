import { Hono } from 'hono'
import type { PartialTerminal } from '@/api/schema/terminals'
import { requireAccess } from '../auth/access'
import type { AppEnv } from '../context'
import { findAccountTerminal, TERMINAL_FIELDS, terminalsList } from '../domain/terminals'
import { runAccountList } from '../lib/account-scope'
import { narrowToFields, parseFieldsOnly } from '../lib/fields-query'
import { requirePerspective } from '../middleware/perspective'

export function terminalRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  // GET /v1/terminals: the perspective account's terminals (table, search, export lookup), the terminal rule (docs/roles.md#terminals) applied.
  app.get('/', (c) => runAccountList(c, terminalsList, { rule: 'canViewTerminals' }))

  // GET /v1/terminals/{id}[?fields=…]: a terminal the account holds or once held (its old sales link it).
  app.get('/:id', async (c) => {
    const submerchantId = requirePerspective(c)
    const fields = parseFieldsOnly(new URL(c.req.url).searchParams, TERMINAL_FIELDS)
    await requireAccess(c, 'canViewTerminals')
    const terminal = await findAccountTerminal(
      c.get('deps').db.db,
      c.req.param('id'),
      submerchantId,
    )
    const body: PartialTerminal = narrowToFields(terminal, fields)
    return c.json(body)
  })

  return app
}
