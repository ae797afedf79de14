import { beforeEach, describe, expect, it } from 'vitest'
import { SEED_SUBMERCHANTS } from '../../server/seed/ids'
import { Client, createTestApp, EMAILS, errorBody, signedIn, type TestApp } from './auth-harness'

let t: TestApp

beforeEach(async () => {
  t = await createTestApp()
})

const message = async (res: Response) => (await errorBody(res)).message

describe('refresh grant', () => {
  it('issues an access token carrying the attachment and answers with its expiry', async () => {
    const client = await signedIn(t.app)
    const before = client.cookies.get('refresh_token')
    const res = await client.refresh({ attachments: [SEED_SUBMERCHANTS.cityCabs] })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { expiresAt: string }
    expect(Object.keys(body)).toEqual(['expiresAt'])
    const expiresIn = Date.parse(body.expiresAt) - t.clock.now().getTime()
    expect(expiresIn).toBeGreaterThan(14 * 60_000)
    expect(expiresIn).toBeLessThanOrEqual(15 * 60_000)
    // Rotated: a new refresh token replaced the one presented.
    expect(client.cookies.get('refresh_token')).not.toBe(before)
    // The attachment is the default perspective: the sales list works without the header.
    const sales = await client.request(
      'GET',
      `/v1/sales?submerchantId=${SEED_SUBMERCHANTS.cityCabs}&limit=1`,
    )
    expect(sales.status).toBe(200)
  })

  it('names each failure with the forced-logout messages', async () => {
    const anonymous = new Client(t.app)
    expect(await message(await anonymous.refresh())).toBe('Refresh token missing')

    const client = await signedIn(t.app)
    const noDevice = await client.request('POST', '/v1/tokens', {
      json: { type: 'access', grantType: 'refresh_token', attachments: [] },
    })
    expect(noDevice.status).toBe(400)
    expect(await message(noDevice)).toBe('Device identifier required')

    const otherDevice = await client.refresh({ device: 'someone-else' })
    expect(otherDevice.status).toBe(400)
    expect(await message(otherDevice)).toBe('Invalid device')

    t.clock.advance(30 * 24 * 3600 + 1)
    const expired = await client.refresh()
    expect(expired.status).toBe(400)
    expect(await message(expired)).toBe('Token expired')
  })

  it('keeps the chain expiry fixed at sign-in through rotations', async () => {
    const client = await signedIn(t.app)
    t.clock.advance(29 * 24 * 3600)
    expect((await client.refresh()).status).toBe(200)
    t.clock.advance(24 * 3600 + 1)
    expect(await message(await client.refresh())).toBe('Token expired')
  })

  it('accepts a spent refresh token within 10 s, and revokes the device chain after that', async () => {
    const client = await signedIn(t.app)
    const spent = client.cookies.get('refresh_token') ?? ''
    expect((await client.refresh()).status).toBe(200)

    // A second tab still holding the old token, within the grace window.
    const racingTab = new Client(t.app)
    racingTab.cookies.set('refresh_token', spent)
    t.clock.advance(5)
    expect((await racingTab.refresh()).status).toBe(200)

    const access = client.cookies.get('access_token') ?? ''
    // A thief replaying it later: the whole device chain dies.
    t.clock.advance(6)
    const thief = new Client(t.app)
    thief.cookies.set('refresh_token', spent)
    const reuse = await thief.refresh()
    expect(reuse.status).toBe(400)
    expect(await message(reuse)).toBe('Token expired')
    expect(await message(await client.refresh())).toBe('Token expired')
    expect(await message(await racingTab.refresh())).toBe('Token expired')
    // A failed refresh clears the cookies; the device's access token is revoked too.
    expect(client.cookies.size).toBe(0)
    const stale = new Client(t.app)
    stale.cookies.set('access_token', access)
    const me = await stale.request('GET', '/v1/users/current')
    expect(me.status).toBe(401)
    expect((await errorBody(me)).code).toBe('invalid_token')
  })

  it('leaves other devices alone when one chain is revoked', async () => {
    const laptop = await signedIn(t.app)
    const phone = new Client(t.app)
    await phone.login(EMAILS.owner, { device: 'phone' })
    const spent = laptop.cookies.get('refresh_token') ?? ''
    await laptop.refresh()
    t.clock.advance(11)
    const thief = new Client(t.app)
    thief.cookies.set('refresh_token', spent)
    expect((await thief.refresh()).status).toBe(400)
    expect((await phone.refresh({ device: 'phone' })).status).toBe(200)
  })

  it('refuses an attachment the user does not belong to without spending the token', async () => {
    const client = await signedIn(t.app)
    const res = await client.refresh({ attachments: [SEED_SUBMERCHANTS.patelCars] })
    expect(res.status).toBe(403)
    t.clock.advance(60)
    expect((await client.refresh({ attachments: [SEED_SUBMERCHANTS.cityCabs] })).status).toBe(200)
  })
})

describe('access tokens and logout', () => {
  it('rejects an expired or unknown access token with invalid_token', async () => {
    const client = await signedIn(t.app)
    expect((await client.request('GET', '/v1/users/current')).status).toBe(200)
    t.clock.advance(15 * 60 + 1)
    const expired = await client.request('GET', '/v1/users/current')
    expect(expired.status).toBe(401)
    expect(await errorBody(expired)).toEqual({
      message: 'Invalid or expired access token',
      code: 'invalid_token',
    })
    const forged = new Client(t.app)
    forged.cookies.set('access_token', 'forged')
    expect((await errorBody(await forged.request('GET', '/v1/users/current'))).code).toBe(
      'invalid_token',
    )
    const none = await new Client(t.app).request('GET', '/v1/users/current')
    expect(none.status).toBe(401)
    expect((await errorBody(none)).code).toBe('unauthenticated')
  })

  it('DELETE /v1/tokens/all revokes every device and clears the cookies', async () => {
    const laptop = await signedIn(t.app)
    const phone = new Client(t.app)
    await phone.login(EMAILS.owner, { device: 'phone' })
    const res = await laptop.request('DELETE', '/v1/tokens/all')
    expect(res.status).toBe(204)
    const cleared = res.headers.getSetCookie()
    expect(cleared.some((c) => /^access_token=;.*Max-Age=0/.test(c))).toBe(true)
    expect(cleared.some((c) => /^refresh_token=;.*Max-Age=0/.test(c))).toBe(true)
    expect(laptop.cookies.size).toBe(0)
    expect((await phone.request('GET', '/v1/users/current')).status).toBe(401)
    expect(await message(await phone.refresh({ device: 'phone' }))).toBe('Token expired')
  })

  it('logout works with only a refresh token left', async () => {
    const client = await signedIn(t.app)
    client.cookies.delete('access_token')
    expect((await client.request('DELETE', '/v1/tokens/all')).status).toBe(204)
    client.cookies.clear()
    expect((await new Client(t.app).request('DELETE', '/v1/tokens/all')).status).toBe(204)
  })
})
