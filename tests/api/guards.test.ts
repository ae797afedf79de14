import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { submerchantUsers } from '../../server/db/schema/core'
import { SEED_SUBMERCHANTS, SEED_USERS } from '../../server/seed/ids'
import { TEST_API_KEY_TOKEN } from './helpers/db'
import { Client, createTestApp, EMAILS, errorBody, signedIn, type TestApp } from './auth-harness'

let t: TestApp
let owner: Client

beforeAll(async () => {
  t = await createTestApp()
  owner = await signedIn(t.app)
})

describe('CSRF guard', () => {
  it('refuses a state-changing call without X-Requested-With: portal', async () => {
    const login = await new Client(t.app).request('POST', '/v1/tokens', {
      csrf: false,
      json: {
        type: 'refresh',
        grantType: 'password',
        emailAddress: EMAILS.owner,
        password: 'x',
        deviceIdentifier: 'd',
      },
    })
    expect(login.status).toBe(403)
    expect((await errorBody(login)).code).toBe('csrf_check_failed')

    const logout = await owner.request('DELETE', '/v1/tokens/all', { csrf: false })
    expect(logout.status).toBe(403)
    const wrongValue = await owner.request('DELETE', '/v1/tokens/all', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    })
    expect(wrongValue.status).toBe(403)
    // Still signed in: the refused logout did nothing.
    expect((await owner.request('GET', '/v1/users/current')).status).toBe(200)
  })

  it('lets an API-key call (Authorization: Bearer) past the CSRF check', async () => {
    const res = await new Client(t.app).request('DELETE', '/v1/tokens/all', {
      csrf: false,
      headers: { Authorization: 'Bearer sk_test_something' },
    })
    expect(res.status).toBe(204)
  })

  it('does not guard reads', async () => {
    const res = await owner.request('GET', '/v1/users/current', { csrf: false })
    expect(res.status).toBe(200)
  })
})

describe('API keys', () => {
  const withKey = (
    path: string,
    token = TEST_API_KEY_TOKEN,
    headers: Record<string, string> = {},
  ) => t.app.request(path, { headers: { Authorization: `Bearer ${token}`, ...headers } })

  it('reach the routes their permissions allow, for their own submerchant only', async () => {
    const sales = await withKey(`/v1/sales?submerchantId=${SEED_SUBMERCHANTS.cityCabs}&limit=1`)
    expect(sales.status).toBe(200)
    const foreign = await withKey(
      `/v1/sales?submerchantId=${SEED_SUBMERCHANTS.cityCabs}&limit=1`,
      undefined,
      {
        'Token-Perspective': SEED_SUBMERCHANTS.airportExpress,
      },
    )
    expect(foreign.status).toBe(403)
  })

  it('are refused elsewhere, and a bad key is 401 invalid_token', async () => {
    const noPermission = await withKey('/v1/submerchants')
    expect(noPermission.status).toBe(403)
    expect((await errorBody(noPermission)).code).toBe('insufficient_permissions')
    const notForKeys = await withKey('/v1/users/current')
    expect(notForKeys.status).toBe(403)
    expect((await errorBody(notForKeys)).code).toBe('api_key_not_permitted')
    const bad = await withKey('/v1/sales', 'sk_sandbox_not_a_key')
    expect(bad.status).toBe(401)
    expect((await errorBody(bad)).code).toBe('invalid_token')
  })
})

describe('perspective guard', () => {
  it('accepts one of the user’s accounts and sets the role', async () => {
    const res = await owner.request(
      'GET',
      `/v1/sales?submerchantId=${SEED_SUBMERCHANTS.cityCabs}&limit=1`,
      { perspective: SEED_SUBMERCHANTS.cityCabs },
    )
    expect(res.status).toBe(200)
  })

  it('reads the membership with the token on every call: a role change or removal counts at once', async () => {
    const own = await createTestApp()
    const manager = await signedIn(own.app, EMAILS.manager)
    const teamList = () =>
      manager.request('GET', `/v1/submerchants/${SEED_SUBMERCHANTS.cityCabs}/users`, {
        perspective: SEED_SUBMERCHANTS.cityCabs,
      })
    expect((await teamList()).status).toBe(200)
    const member = and(
      eq(submerchantUsers.userId, SEED_USERS.manager),
      eq(submerchantUsers.submerchantId, SEED_SUBMERCHANTS.cityCabs),
    )
    await own.database.db.update(submerchantUsers).set({ submerchantRole: 'viewer' }).where(member)
    expect((await teamList()).status).toBe(403)
    await own.database.db.delete(submerchantUsers).where(member)
    const gone = await teamList()
    expect(gone.status).toBe(403)
    expect((await errorBody(gone)).code).toBe('invalid_perspective')
  })

  it('refuses a foreign or unknown submerchant with 403', async () => {
    for (const perspective of [SEED_SUBMERCHANTS.patelCars, 'sub_does_not_exist']) {
      const res = await owner.request('GET', '/v1/users/current', { perspective })
      expect(res.status).toBe(403)
      expect((await errorBody(res)).code).toBe('invalid_perspective')
    }
  })
})

describe('submerchants and users', () => {
  it('lists only the user’s accounts, sorted by name', async () => {
    const manager = await signedIn(t.app, EMAILS.manager)
    const res = await manager.request('GET', '/v1/submerchants?sort=name')
    expect(res.status).toBe(200)
    expect(res.headers.get('Total-Count')).toBe('5')
    const names = ((await res.json()) as { name: string }[]).map((s) => s.name)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)))
    const nobody = await signedIn(t.app, EMAILS.noAccounts)
    const empty = await nobody.request('GET', '/v1/submerchants?sort=name')
    expect(await empty.json()).toEqual([])
    expect(empty.headers.get('Total-Count')).toBe('0')
  })

  it('rejects unknown list parameters', async () => {
    const res = await owner.request('GET', '/v1/submerchants?sort=secret')
    expect(res.status).toBe(400)
    expect((await errorBody(res)).code).toBe('invalid_query')
  })

  it('shows an own account with its plan, and 404s a foreign one', async () => {
    const mine = await owner.request(
      'GET',
      `/v1/submerchants/${SEED_SUBMERCHANTS.cityCabs}?expand=planAttachment`,
    )
    expect(mine.status).toBe(200)
    const body = (await mine.json()) as { id: string; planAttachment: { plan: { name: string } } }
    expect(body.id).toBe(SEED_SUBMERCHANTS.cityCabs)
    expect(body.planAttachment.plan.name).toBeTruthy()
    const plain = await owner.request('GET', `/v1/submerchants/${SEED_SUBMERCHANTS.cityCabs}`)
    expect(await plain.json()).not.toHaveProperty('planAttachment')

    for (const id of [SEED_SUBMERCHANTS.patelCars, 'sub_missing']) {
      const res = await owner.request('GET', `/v1/submerchants/${id}`)
      expect(res.status).toBe(404)
      expect(await errorBody(res)).toEqual({ message: 'Submerchant not found', code: 'not_found' })
    }
    const badExpand = await owner.request(
      'GET',
      `/v1/submerchants/${SEED_SUBMERCHANTS.cityCabs}?expand=everything`,
    )
    expect(badExpand.status).toBe(400)
  })

  it('returns the caller’s and a colleague’s role, only inside own accounts', async () => {
    const current = await owner.request(
      'GET',
      `/v1/submerchants/${SEED_SUBMERCHANTS.cityCabs}/users/current`,
    )
    expect(await current.json()).toMatchObject({
      userId: SEED_USERS.owner,
      submerchantId: SEED_SUBMERCHANTS.cityCabs,
      submerchantRole: 'owner',
    })
    const colleague = await owner.request(
      'GET',
      `/v1/submerchants/${SEED_SUBMERCHANTS.cityCabs}/users/${SEED_USERS.manager}`,
    )
    expect(await colleague.json()).toMatchObject({ submerchantRole: 'manager' })
    const stranger = await owner.request(
      'GET',
      `/v1/submerchants/${SEED_SUBMERCHANTS.cityCabs}/users/${SEED_USERS.mfa}`,
    )
    expect(stranger.status).toBe(404)
    const foreign = await owner.request(
      'GET',
      `/v1/submerchants/${SEED_SUBMERCHANTS.patelCars}/users/current`,
    )
    expect(foreign.status).toBe(404)
  })

  it('returns the signed-in user without secrets', async () => {
    const res = await owner.request('GET', '/v1/users/current')
    const user = (await res.json()) as Record<string, unknown>
    expect(user).toMatchObject({ id: SEED_USERS.owner, emailAddress: EMAILS.owner })
    expect(JSON.stringify(user)).not.toMatch(/scrypt|passwordHash/)
  })
})
