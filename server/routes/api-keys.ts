import { Hono } from 'hono'
import { ApiKeyCreatePayload, ToggleEnabledPayload } from '@/api/schema/developer'
import type { AppEnv } from '../context'
import { apiKeysList, createApiKey, findOwnApiKey, setApiKeyEnabled } from '../domain/api-keys'
import { runAccountList } from '../lib/account-scope'
import { assertPayloadAccount, requireDeveloperAccount } from '../lib/developer-access'
import { requireAuth } from '../middleware/auth'
import { requirePerspective } from '../middleware/perspective'
import { parseJsonBody } from '../middleware/validate'

export function apiKeyRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  // GET /v1/api-keys: owner and manager only (Developer Tools, docs/roles.md#developer-tools).
  app.get('/', (c) => runAccountList(c, apiKeysList, { rule: 'canUseDeveloperTools' }))

  // POST /v1/api-keys: the token is in this answer only.
  app.post('/', async (c) => {
    const submerchantId = await requireDeveloperAccount(c)
    const payload = await parseJsonBody(c, ApiKeyCreatePayload)
    assertPayloadAccount(submerchantId, payload.submerchantId)
    const { db, clock } = c.get('deps')
    const key = await createApiKey(db.db, payload, {
      createdBy: requireAuth(c).userId,
      now: clock.now(),
    })
    return c.json(key, 201)
  })

  // GET /v1/api-keys/{id}: names the key behind an api_ createdBy; any member of the account may look.
  app.get('/:id', async (c) => {
    const submerchantId = requirePerspective(c)
    return c.json(await findOwnApiKey(c.get('deps').db.db, c.req.param('id'), submerchantId))
  })

  // PATCH /v1/api-keys/{id} with isEnabled.
  app.patch('/:id', async (c) => {
    const submerchantId = await requireDeveloperAccount(c)
    const { isEnabled } = await parseJsonBody(c, ToggleEnabledPayload)
    const key = await setApiKeyEnabled(
      c.get('deps').db.db,
      c.req.param('id'),
      submerchantId,
      isEnabled,
    )
    return c.json(key)
  })

  return app
}
