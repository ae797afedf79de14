import { generateKeyPairSync, sign } from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { parseProofToken, proofTokenFrom } from './proof-token'
import type { ReceiptKey } from './receipt-keys'
import { checkProof } from './verify-proof'

function makeKey(kid: string) {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  const x = publicKey.export({ format: 'jwk' }).x ?? ''
  const published: ReceiptKey = { kid, x, notBefore: '2026-01-01T00:00:00.000Z', notAfter: null }
  return { privateKey, published }
}

const PAYLOAD = {
  v: 1,
  kid: 'rk_a',
  sale: 'sale_1',
  acct: 'sub_mine',
  name: 'Zoë’s Cars',
  amt: 2350,
  cur: 'GBP',
  last4: '4242',
  at: '2026-12-07T14:05:00.000Z',
  term: 'SN-0001',
}

const keyA = makeKey('rk_a')
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url')

function tokenFor(payload: object, key = keyA) {
  const signed = b64(JSON.stringify(payload))
  return `${signed}.${sign(null, Buffer.from(signed, 'ascii'), key.privateKey).toString('base64url')}`
}

const mine = (account: string) => account === 'sub_mine'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('checkProof', () => {
  it('finds a proof genuine with the published key, and names its payment', async () => {
    expect(await checkProof(tokenFor(PAYLOAD), [keyA.published], mine)).toEqual({
      kind: 'genuine',
      payload: PAYLOAD,
    })
  })

  it('says Paid to another account for a genuine proof of an account the person is not in', async () => {
    const verdict = await checkProof(
      tokenFor({ ...PAYLOAD, acct: 'sub_other' }),
      [keyA.published],
      mine,
    )
    expect(verdict.kind).toBe('other-account')
  })

  it('refuses a changed amount or account (signature), an unknown key, and a malformed token', async () => {
    const token = tokenFor(PAYLOAD)
    const [, signature] = token.split('.')
    const changed = `${b64(JSON.stringify({ ...PAYLOAD, amt: 9999 }))}.${signature}`
    expect(await checkProof(changed, [keyA.published], mine)).toEqual({
      kind: 'not-genuine',
      reason: 'signature',
    })
    const moved = `${b64(JSON.stringify({ ...PAYLOAD, acct: 'sub_x' }))}.${signature}`
    expect((await checkProof(moved, [keyA.published], () => true)).kind).toBe('not-genuine')
    const other = makeKey('rk_a')
    expect(await checkProof(token, [other.published], mine)).toEqual({
      kind: 'not-genuine',
      reason: 'signature',
    })
    expect(await checkProof(tokenFor({ ...PAYLOAD, kid: 'rk_b' }), [keyA.published], mine)).toEqual(
      { kind: 'not-genuine', reason: 'key' },
    )
    for (const bad of ['', 'abc', 'a.b.c', `${b64('{"v":1}')}.${signature}`, `${b64('nope')}.x`]) {
      expect(await checkProof(bad, [keyA.published], mine), bad).toEqual({
        kind: 'not-genuine',
        reason: 'format',
      })
    }
  })

  it('checks with @noble/ed25519 where WebCrypto has no Ed25519', async () => {
    const keyC = makeKey('rk_c')
    vi.spyOn(crypto.subtle, 'importKey').mockRejectedValue(
      new DOMException('Unrecognized name', 'NotSupportedError'),
    )
    const genuine = tokenFor({ ...PAYLOAD, kid: 'rk_c' }, keyC)
    expect((await checkProof(genuine, [keyC.published], mine)).kind).toBe('genuine')
    const [, signature] = genuine.split('.')
    const changed = `${b64(JSON.stringify({ ...PAYLOAD, kid: 'rk_c', amt: 1 }))}.${signature}`
    expect((await checkProof(changed, [keyC.published], mine)).kind).toBe('not-genuine')
    expect(crypto.subtle.importKey).toHaveBeenCalled()
  })
})

describe('proofTokenFrom', () => {
  it('takes the token from a proof link, with or without a query, or the token itself', () => {
    const token = tokenFor(PAYLOAD)
    expect(proofTokenFrom(` https://portal.example/v/${token}?utm=x `)).toBe(token)
    expect(proofTokenFrom(`http://localhost:8080/v/${token}#top`)).toBe(token)
    expect(proofTokenFrom(token)).toBe(token)
    expect(parseProofToken(token)?.payload).toEqual(PAYLOAD)
  })
})
