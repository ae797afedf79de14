// The team (members, invitations) and its activity rows, on the real app (docs/roles.md#team).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ActivityEntry,
  Invitation,
  InvitationPreview,
  TeamMember,
  type ActivityAction,
} from '@/api/schema/team'
import { queryRows } from '../../server/db/client'
import { listOutboxMessages } from '../../server/sandbox/outbox'
import { Client, errorBody } from './auth-harness'
import { clientFor, seededApp, type SeededApp } from './helpers/app'
import { SEED_SUBMERCHANTS, SEED_USERS } from './helpers/db'
import { exactly } from './helpers/exactly'

const CITY = SEED_SUBMERCHANTS.cityCabs
const NEW_START = SEED_SUBMERCHANTS.newStart
const GREEN = SEED_SUBMERCHANTS.greenLine

let ctx: SeededApp
let owner: Client
let manager: Client
let viewer: Client

// Signs everyone in again (moving the sandbox clock by days ends the sessions too).
async function signIn() {
  owner = await clientFor(ctx.app, 'owner@example.com', CITY)
  manager = await clientFor(ctx.app, 'manager@example.com', CITY)
}

beforeAll(async () => {
  ctx = await seededApp()
  await signIn()
  viewer = await clientFor(ctx.app, 'viewer@example.com', CITY)
})
afterAll(async () => {
  await ctx.database.close()
})

const team = (account: string, rest = '') => `/v1/submerchants/${account}${rest}`

async function invite(
  client: Client,
  emailAddress: string,
  role: string,
  account: string = CITY,
): Promise<Response> {
  return client.request('POST', team(account, '/invitations'), {
    json: { emailAddress, role },
    perspective: account,
  })
}

// The token of the newest invitation email to this address, read from the sandbox outbox.
async function linkTokenFor(emailAddress: string): Promise<string> {
  const messages = await listOutboxMessages(ctx.database.db)
  const mail = messages.find((m) => m.kind === 'team_invitation' && m.recipient === emailAddress)
  if (!mail) throw new Error(`no invitation email to ${emailAddress}`)
  const link = String(mail.metadata.link)
  expect(mail.body).toContain(link)
  expect(link).toMatch(/^http:\/\/localhost\/invitations\/[A-Za-z0-9_-]{16,}$/)
  return link.split('/').pop() ?? ''
}

async function activityRows(account: string, action?: ActivityAction) {
  const rows = await queryRows<{ action: string; outcome: string; actor_id: string }>(
    ctx.database,
    `select action, outcome, actor_id from activity_events where submerchant_id = $1
     ${action ? 'and action = $2' : ''} order by id`,
    action ? [account, action] : [account],
  )
  return rows
}

async function activityCount(account: string) {
  return (await activityRows(account)).length
}

async function newUser(emailAddress: string): Promise<Client> {
  const client = new Client(ctx.app)
  const registered = await client.request('POST', '/v1/registrations', {
    json: { emailAddress, password: 'Kestrel-Harbour-9431', firstName: 'Nia', lastName: 'New' },
  })
  expect(registered.status).toBe(201)
  const login = await client.login(emailAddress, { password: 'Kestrel-Harbour-9431' })
  expect(login.status).toBe(200)
  expect((await client.refresh()).status).toBe(200)
  return client
}

describe('members', () => {
  it('lists the members with their role, joined, last active and MFA', async () => {
    expect((await owner.request('GET', '/v1/sales?limit=1', { perspective: CITY })).status).toBe(
      200,
    )
    const res = await owner.request('GET', team(CITY, '/users'), { perspective: CITY })
    expect(res.status).toBe(200)
    const members = ((await res.json()) as unknown[]).map((m) => exactly<TeamMember>(TeamMember, m))
    expect(res.headers.get('Total-Count')).toBe(String(members.length))
    expect(members.map((m) => [m.emailAddress, m.role])).toEqual([
      ['owner@example.com', 'owner'],
      ['manager@example.com', 'manager'],
      ['viewer@example.com', 'viewer'],
    ])
    // The owner's call just before made them active; the others have not called yet.
    expect(members[0]?.lastActiveAt).not.toBeNull()
    expect(members.every((m) => m.mfaEnabled === false)).toBe(true)
  })

  it('gives every role its answer for every team action (allowed or 403)', async () => {
    const list = async (client: Client, rest: string) =>
      (await client.request('GET', team(CITY, rest), { perspective: CITY })).status
    expect([
      await list(owner, '/users'),
      await list(manager, '/users'),
      await list(viewer, '/users'),
    ]).toEqual([200, 200, 403])
    expect([
      await list(owner, '/invitations'),
      await list(manager, '/invitations'),
      await list(viewer, '/invitations'),
    ]).toEqual([200, 200, 403])
    expect([
      (await invite(owner, 'role-owner@example.com', 'owner')).status,
      (await invite(manager, 'role-owner-2@example.com', 'owner')).status,
      (await invite(manager, 'role-manager@example.com', 'manager')).status,
      (await invite(manager, 'role-viewer@example.com', 'viewer')).status,
      (await invite(viewer, 'role-viewer-2@example.com', 'viewer')).status,
    ]).toEqual([201, 403, 201, 201, 403])
    const patch = (client: Client) =>
      client.request('PATCH', team(CITY, `/users/${SEED_USERS.viewer}`), {
        json: { role: 'manager' },
        perspective: CITY,
      })
    expect([(await patch(viewer)).status, (await patch(manager)).status]).toEqual([403, 403])
    const remove = (client: Client, userId: string) =>
      client.request('DELETE', team(CITY, `/users/${userId}`), { perspective: CITY })
    expect([
      (await remove(viewer, SEED_USERS.manager)).status,
      (await remove(manager, SEED_USERS.viewer)).status,
    ]).toEqual([403, 403])
    const refused = await manager.request('PATCH', team(CITY, `/users/${SEED_USERS.viewer}`), {
      json: { role: 'owner' },
      perspective: CITY,
    })
    expect((await errorBody(refused)).message).toBe('Insufficient privileges')
    // The path's account must be the one the call acts for.
    const other = await owner.request('GET', team(GREEN, '/users'), { perspective: CITY })
    expect(other.status).toBe(403)
    // An owner may change a role and then restore it.
    const up = await patch(owner)
    expect(up.status).toBe(200)
    expect(exactly<TeamMember>(TeamMember, await up.json()).role).toBe('manager')
    const down = await owner.request('PATCH', team(CITY, `/users/${SEED_USERS.viewer}`), {
      json: { role: 'viewer' },
      perspective: CITY,
    })
    expect(down.status).toBe(200)
  })

  it('keeps the last owner: no demotion, no removal, no leaving, until another owner exists', async () => {
    const demote = await owner.request('PATCH', team(NEW_START, `/users/${SEED_USERS.owner}`), {
      json: { role: 'manager' },
      perspective: NEW_START,
    })
    expect(demote.status).toBe(409)
    expect((await errorBody(demote)).message).toBe(
      'An account needs at least one owner. Make someone else an owner first.',
    )
    const leave = await owner.request('DELETE', team(NEW_START, `/users/${SEED_USERS.owner}`), {
      perspective: NEW_START,
    })
    expect(leave.status).toBe(409)
    // The account's log also holds the seed's history (its refunds): only refusals are new here.
    const refusals = (await activityRows(NEW_START)).filter((r) => r.outcome === 'refused')
    expect(refusals.map((r) => [r.action, r.outcome])).toEqual([
      ['member.role_changed', 'refused'],
      ['member.removed', 'refused'],
    ])
  })

  it("ends a removed member's access to the account at once; a member may leave", async () => {
    const before = await viewer.request('GET', '/v1/sales?limit=1', { perspective: CITY })
    expect(before.status).toBe(200)
    const removed = await owner.request('DELETE', team(CITY, `/users/${SEED_USERS.viewer}`), {
      perspective: CITY,
    })
    expect(removed.status).toBe(204)
    const after = await viewer.request('GET', '/v1/sales?limit=1', { perspective: CITY })
    expect(after.status).toBe(403)
    // Without the header the token's attached account no longer counts either.
    expect((await viewer.request('GET', '/v1/sales?limit=1')).status).toBe(403)
    const rows = (await activityRows(CITY, 'member.removed')).filter((r) => r.outcome === 'done')
    expect(rows).toEqual([
      { action: 'member.removed', outcome: 'done', actor_id: SEED_USERS.owner },
    ])
    // The manager leaves Night Owl (they are not its last owner).
    const nightOwl = SEED_SUBMERCHANTS.nightOwl
    const leaving = await clientFor(ctx.app, 'manager@example.com', nightOwl)
    const left = await leaving.request('DELETE', team(nightOwl, `/users/${SEED_USERS.manager}`), {
      perspective: nightOwl,
    })
    expect(left.status).toBe(204)
    expect((await activityRows(nightOwl, 'member.left')).length).toBe(1)
  })
})

describe('invitations', () => {
  it('answers 201 with the invitation and mails a single-use link on PUBLIC_URL', async () => {
    const res = await invite(owner, 'Driver.One@Example.com', 'viewer')
    expect(res.status).toBe(201)
    const invitation = exactly<Invitation>(Invitation, await res.json())
    expect(invitation).toMatchObject({
      emailAddress: 'driver.one@example.com',
      role: 'viewer',
      status: 'pending',
    })
    const days = (Date.parse(invitation.expiresAt) - +ctx.clock.now()) / 86_400_000
    expect(days).toBeGreaterThan(6.99)
    expect(days).toBeLessThanOrEqual(7)
    const token = await linkTokenFor('driver.one@example.com')
    const preview = await new Client(ctx.app).request('GET', `/v1/invitations/${token}`)
    expect(preview.status).toBe(200)
    expect(exactly<InvitationPreview>(InvitationPreview, await preview.json())).toMatchObject({
      submerchantName: 'City Cabs',
      role: 'viewer',
      status: 'pending',
    })
    // Inviting the same address again, or a member, says so.
    const again = await invite(owner, 'driver.one@example.com', 'manager')
    expect(again.status).toBe(409)
    expect((await errorBody(again)).message).toBe(
      'An invitation to driver.one@example.com is already pending. Resend it instead.',
    )
    const member = await invite(owner, 'manager@example.com', 'viewer')
    expect(member.status).toBe(409)
    expect((await errorBody(member)).message).toBe(
      'manager@example.com is already a member of this account.',
    )
  })

  it('lets an existing user accept; the link is then used up', async () => {
    expect((await invite(owner, 'manager@example.com', 'viewer', NEW_START)).status).toBe(201)
    const token = await linkTokenFor('manager@example.com')
    const mo = await clientFor(ctx.app, 'manager@example.com', CITY)
    const accepted = await mo.request('POST', `/v1/invitations/${token}/acceptance`)
    expect(accepted.status).toBe(201)
    expect(await accepted.json()).toEqual({
      submerchantId: NEW_START,
      submerchantName: 'New Start Cars',
      role: 'viewer',
    })
    const sales = await mo.request('GET', '/v1/sales?limit=1', { perspective: NEW_START })
    expect(sales.status).toBe(200)
    const twice = await mo.request('POST', `/v1/invitations/${token}/acceptance`)
    expect(twice.status).toBe(409)
    expect((await errorBody(twice)).message).toBe('This invitation has already been used.')
    const joined = await activityRows(NEW_START, 'member.joined')
    expect(joined).toEqual([
      { action: 'member.joined', outcome: 'done', actor_id: SEED_USERS.manager },
    ])
  })

  it('lets a new person register and then accept; another address is refused', async () => {
    expect((await invite(owner, 'new.driver@example.com', 'manager')).status).toBe(201)
    const token = await linkTokenFor('new.driver@example.com')
    const stranger = await clientFor(ctx.app, 'viewer@example.com', SEED_SUBMERCHANTS.harbourCars)
    const wrong = await stranger.request('POST', `/v1/invitations/${token}/acceptance`)
    expect(wrong.status).toBe(403)
    expect((await errorBody(wrong)).message).toBe(
      'This invitation was sent to another email address. Sign in with that address to accept it.',
    )
    const nia = await newUser('new.driver@example.com')
    const accepted = await nia.request('POST', `/v1/invitations/${token}/acceptance`)
    expect(accepted.status).toBe(201)
    const members = await owner.request('GET', team(CITY, '/users'), { perspective: CITY })
    const list = (await members.json()) as TeamMember[]
    expect(list.find((m) => m.emailAddress === 'new.driver@example.com')?.role).toBe('manager')
  })

  it('expires after 7 days on the sandbox clock; a resend makes a new link and kills the old', async () => {
    const res = await invite(owner, 'late.driver@example.com', 'viewer')
    const invitation = exactly<Invitation>(Invitation, await res.json())
    const first = await linkTokenFor('late.driver@example.com')
    ctx.clock.advance(7 * 86_400 + 1)
    await signIn()
    const preview = await new Client(ctx.app).request('GET', `/v1/invitations/${first}`)
    expect(((await preview.json()) as InvitationPreview).status).toBe('expired')
    const late = await newUser('late.driver@example.com')
    const expired = await late.request('POST', `/v1/invitations/${first}/acceptance`)
    expect(expired.status).toBe(410)
    expect((await errorBody(expired)).message).toBe(
      'This invitation has expired. Ask the person who invited you to send a new one.',
    )
    const resent = await owner.request('POST', team(CITY, `/invitations/${invitation.id}/resend`), {
      perspective: CITY,
    })
    expect(resent.status).toBe(201)
    expect(((await resent.json()) as Invitation).status).toBe('pending')
    const second = await linkTokenFor('late.driver@example.com')
    expect(second).not.toBe(first)
    const dead = await late.request('POST', `/v1/invitations/${first}/acceptance`)
    expect(dead.status).toBe(404)
    expect((await errorBody(dead)).message).toMatch(/^This invitation link is not valid\./)
    expect((await late.request('POST', `/v1/invitations/${second}/acceptance`)).status).toBe(201)
  })

  it('revokes: the link then says so, and the list shows Revoked', async () => {
    const res = await invite(manager, 'gone@example.com', 'viewer')
    const invitation = exactly<Invitation>(Invitation, await res.json())
    const token = await linkTokenFor('gone@example.com')
    const revoked = await manager.request('DELETE', team(CITY, `/invitations/${invitation.id}`), {
      perspective: CITY,
    })
    expect(revoked.status).toBe(200)
    const gone = await newUser('gone@example.com')
    const refused = await gone.request('POST', `/v1/invitations/${token}/acceptance`)
    expect(refused.status).toBe(410)
    expect((await errorBody(refused)).message).toMatch(/^This invitation was withdrawn\./)
    const list = await owner.request('GET', team(CITY, '/invitations'), { perspective: CITY })
    const found = ((await list.json()) as Invitation[]).find((i) => i.id === invitation.id)
    expect(found?.status).toBe('revoked')
    // A manager cannot resend or revoke an owner's invitation.
    const ownerInvite = exactly<Invitation>(
      Invitation,
      await (await invite(owner, 'co-owner@example.com', 'owner', CITY)).json(),
    )
    const resend = await manager.request(
      'POST',
      team(CITY, `/invitations/${ownerInvite.id}/resend`),
      { perspective: CITY },
    )
    expect(resend.status).toBe(403)
  })

  it('refuses a malformed or unknown link in plain words', async () => {
    const anyone = new Client(ctx.app)
    for (const token of ['short', 'x'.repeat(40)]) {
      const res = await anyone.request('GET', `/v1/invitations/${token}`)
      expect(res.status).toBe(404)
      expect((await errorBody(res)).code).toBe('invitation_link_invalid')
    }
  })

  it('limits the invitations an account sends per hour', async () => {
    const harbour = SEED_SUBMERCHANTS.harbourCars
    const client = await clientFor(ctx.app, 'owner@example.com', harbour)
    let status = 0
    let sent = 0
    while (sent < 30) {
      status = (await invite(client, `bulk${sent}@example.com`, 'viewer', harbour)).status
      if (status !== 201) break
      sent += 1
    }
    expect(sent).toBe(20)
    expect(status).toBe(429)
    ctx.clock.advance(3601)
    await signIn()
    expect(
      (
        await invite(
          await clientFor(ctx.app, 'owner@example.com', harbour),
          'bulk-late@example.com',
          'viewer',
          harbour,
        )
      ).status,
    ).toBe(201)
  })
})

describe('activity', () => {
  it('writes one row per audited change and none when the change is refused by its own rules', async () => {
    const green = await clientFor(ctx.app, 'owner@example.com', GREEN)
    const start = await activityCount(GREEN)
    expect((await invite(green, 'one-row@example.com', 'viewer', GREEN)).status).toBe(201)
    expect(await activityCount(GREEN)).toBe(start + 1)
    // A conflict rolls back: no invitation, no row.
    expect((await invite(green, 'one-row@example.com', 'viewer', GREEN)).status).toBe(409)
    expect(await activityCount(GREEN)).toBe(start + 1)
    const rows = await green.request('GET', '/v1/activity?action=member.invited', {
      perspective: GREEN,
    })
    expect(rows.status).toBe(200)
    const [row] = ((await rows.json()) as unknown[]).map((r) =>
      exactly<ActivityEntry>(ActivityEntry, r),
    )
    expect(row).toMatchObject({
      actorType: 'user',
      actorId: SEED_USERS.owner,
      actorName: 'Olivia Owen',
      action: 'member.invited',
      outcome: 'done',
      objectType: 'invitation',
      objectLabel: 'one-row@example.com',
      changes: [{ field: 'role', before: null, after: 'viewer' }],
    })
  })

  it('shows owners every row, managers their own, viewers nothing', async () => {
    const all = await owner.request('GET', '/v1/activity?limit=100', { perspective: CITY })
    const own = await manager.request('GET', '/v1/activity?limit=100', { perspective: CITY })
    const viewerRes = await (
      await clientFor(ctx.app, 'viewer@example.com', SEED_SUBMERCHANTS.harbourCars)
    ).request('GET', '/v1/activity', { perspective: SEED_SUBMERCHANTS.harbourCars })
    expect([all.status, own.status, viewerRes.status]).toEqual([200, 200, 403])
    const allRows = (await all.json()) as ActivityEntry[]
    const ownRows = (await own.json()) as ActivityEntry[]
    expect(new Set(allRows.map((r) => r.actorId)).size).toBeGreaterThan(1)
    expect(ownRows.length).toBeGreaterThan(0)
    expect(ownRows.every((r) => r.actorId === SEED_USERS.manager)).toBe(true)
    // The manager's refused attempts are theirs too.
    expect(ownRows.some((r) => r.outcome === 'refused')).toBe(true)
    // Filters and sort of the list engine; bad ones are a 400.
    const filtered = await owner.request(
      'GET',
      `/v1/activity?actorId=${SEED_USERS.manager}&sort=occurredAt&occurredAt[$gte]=2000-01-01`,
      { perspective: CITY },
    )
    expect(filtered.status).toBe(200)
    const times = ((await filtered.json()) as ActivityEntry[]).map((r) => r.occurredAt)
    expect(times).toEqual([...times].sort())
    expect(
      (await owner.request('GET', '/v1/activity?action=nope', { perspective: CITY })).status,
    ).toBe(400)
  })

  it('is never edited or deleted through the API', async () => {
    for (const method of ['PATCH', 'PUT', 'DELETE', 'POST']) {
      const res = await owner.request(method, '/v1/activity', { perspective: CITY, json: {} })
      expect([404, 405]).toContain(res.status)
    }
  })
})
