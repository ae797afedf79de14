import { type } from 'arktype'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/api/errors'
import { EmailAddress } from '@/api/schema/common'
import {
  checkForm,
  defaultSummary,
  firstFieldMessages,
  lazySchema,
  serverFieldErrors,
  type FormRules,
} from '@/lib/use-form'

const Schema = type({
  emailAddress: EmailAddress,
  password: '8 <= string <= 256',
  'name?': 'string <= 3',
})
type Values = { emailAddress: string; password: string; name: string }
const values = (over: Partial<Values> = {}): Values => ({
  emailAddress: 'rider@example.com',
  password: 'long enough',
  name: '',
  ...over,
})
const rules: FormRules<Values> = {
  toInput: (v) => ({
    emailAddress: v.emailAddress.trim(),
    password: v.password,
    ...(v.name ? { name: v.name } : {}),
  }),
  messages: {
    emailAddress: { required: 'Email is required', invalid: 'Enter a valid email address' },
    password: { required: 'Password is required', minLength: 'Too short' },
  },
}

const apiError = (message: string, fieldErrors: Record<string, string[]> = {}) =>
  new ApiError({ status: 400, code: 'invalid_request', message, fieldErrors })

describe('checkForm', () => {
  it('passes the schema output on', () => {
    expect(checkForm(Schema, values({ emailAddress: ' rider@example.com ' }), rules)).toEqual({
      ok: true,
      data: { emailAddress: 'rider@example.com', password: 'long enough' },
    })
  })

  it('says required for a blank field, the code text or invalid otherwise', () => {
    expect(checkForm(Schema, values({ emailAddress: '  ', password: '' }), rules)).toEqual({
      ok: false,
      errors: { emailAddress: 'Email is required', password: 'Password is required' },
    })
    expect(checkForm(Schema, values({ emailAddress: 'nope', password: 'short' }), rules)).toEqual({
      ok: false,
      errors: { emailAddress: 'Enter a valid email address', password: 'Too short' },
    })
  })

  it("falls back to the schema's own message", () => {
    const checked = checkForm(Schema, values({ name: 'Robert' }), rules)
    expect(checked).toEqual({
      ok: false,
      errors: { name: expect.stringContaining('name must be') },
    })
  })

  it('lets the form rules win and maps paths to fields', () => {
    const checked = checkForm(Schema, values({ password: 'short' }), {
      ...rules,
      check: () => ({ password: 'Unable to Reset', name: 'Taken' }),
    })
    expect(checked).toEqual({ ok: false, errors: { password: 'Unable to Reset', name: 'Taken' } })
    const dropped = checkForm(Schema, values({ emailAddress: 'nope' }), {
      ...rules,
      fieldOf: (name) => (name === 'emailAddress' ? undefined : (name as keyof Values)),
    })
    // A dropped field's issue still fails the check, so nothing unchecked is sent.
    expect(dropped).toEqual({ ok: false, errors: {} })
  })
})

describe('server errors', () => {
  const error = apiError('Invalid request', {
    emailAddress: ['must be an email address', 'second'],
    other: ['Something else'],
    password: ['Invalid request'],
  })

  it('puts the first message of each on its field', () => {
    expect(serverFieldErrors(error, values())).toEqual({
      emailAddress: 'must be an email address',
      password: 'Invalid request',
    })
  })

  it('summarises with the server message and the messages no field shows', () => {
    expect(defaultSummary(error, values())).toEqual({
      message: 'Invalid request',
      details: ['Something else'],
    })
    expect(firstFieldMessages(error)).toEqual(['must be an email address', 'Something else'])
  })
})

describe('lazySchema', () => {
  it('loads once, and again after a failed load', async () => {
    const load = vi
      .fn<() => Promise<typeof Schema>>()
      .mockRejectedValueOnce(new Error('chunk'))
      .mockResolvedValue(Schema)
    const lazy = lazySchema(load)
    expect(lazy.loaded()).toBeNull()
    await expect(lazy.load()).rejects.toThrow('chunk')
    expect(await lazy.load()).toBe(Schema)
    expect(await lazy.load()).toBe(Schema)
    expect(lazy.loaded()).toBe(Schema)
    expect(load).toHaveBeenCalledTimes(2)
  })
})
