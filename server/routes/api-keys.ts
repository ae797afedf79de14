import { Hono } from 'hono'
import { ApiKeyCreatePayload, ToggleEnabledPayload } from '@/api/schema/developer'
import type { AppEnv } from '../context'
import { apiKeysList, createApiKey, findOwnApiKey, setApiKeyEnabled } from '../domain/api-keys'
import { diffFields } from '../domain/activity'
import { audited } from '../lib/activity'
import { runAccountList } from '../lib/account-scope'
import { assertPayloadAccount, requireDeveloperAccount } from '../lib/developer-access'
import { requireAuth } from '../middleware/auth'
import { requirePerspective } from '../middleware/perspective'
import { parseJsonBody } from '../middleware/validate'

// The key by its name and public identifier, never its token.
const keyObject = (key: { id: string; name: string | null; identifier: string }) => ({
  type: 'api_key' as const,
  id: key.id,
  label: key.name ?? key.identifier,
})

export function apiKeyRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  // GET /v1/api-keys: owner and manager only (Developer Tools, docs/roles.md#developer-tools).
  app.get('/', (c) => runAccountList(c, apiKeysList, { rule: 'canUseDeveloperTools' }))

  // POST /v1/api-keys: the token is in this answer only (a replay of it has none).
  app.post('/', async (c) => {
    const submerchantId = await requireDeveloperAccount(c)
    const payload = await parseJsonBody(c, ApiKeyCreatePayload)
    assertPayloadAccount(submerchantId, payload.submerchantId)
    const scope = { createdBy: requireAuth(c).userId, now: c.get('deps').clock.now() }
    const key = await audited(
      c,
      (tx) => createApiKey(tx, payload, scope),
      (created) => ({
        action: 'api_key.created',
        object: keyObject(created),
        changes: [{ field: 'permissions', before: null, after: created.permissions.join(', ') }],
      }),
    )
    c.set('shownOnce', ['token'])
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
    const id = c.req.param('id')
    const { after } = await audited(
      c,
      async (tx) => ({
        before: await findOwnApiKey(tx, id, submerchantId),
        after: await setApiKeyEnabled(tx, id, submerchantId, isEnabled),
      }),
      ({ before, after }) => ({
        action: isEnabled ? 'api_key.enabled' : 'api_key.disabled',
        object: keyObject(after),
        changes: diffFields(before, after, ['isEnabled']),
      }),
    )
    return c.json(after)
  })

  return app
}
