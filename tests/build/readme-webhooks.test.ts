// The README's webhook verification example, run as printed against deliveries signed by the
// sandbox's own signer (server/webhooks/signature.ts), with a body built as the delivery loop
// builds it (server/domain/events.ts).
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newId } from '../../server/auth/random'
import { eventPayload } from '../../server/domain/events'
import { signatureHeader } from '../../server/webhooks/signature'

type VerifyWebhook = (
  rawBody: string,
  header: string | undefined,
  secret: string,
  toleranceSeconds?: number,
) => boolean

const HEADING = '## Verifying a webhook delivery'

// The first ```js block of the README's section, exactly as printed.
function readmeExample(): string {
  const readme = readFileSync('README.md', 'utf8')
  const at = readme.indexOf(HEADING)
  if (at < 0) throw new Error(`README has no '${HEADING}' section`)
  const block = /\n```js\n([\s\S]*?)\n```\n/.exec(readme.slice(at))?.[1]
  if (!block) throw new Error(`README's '${HEADING}' has no js block`)
  return block
}

const secret = () => `whsec_${randomBytes(24).toString('hex')}`
const nowSeconds = () => Math.floor(Date.now() / 1000)

const code = readmeExample()
const dir = mkdtempSync(path.join(tmpdir(), 'readme-webhooks-'))
let verifyWebhook: VerifyWebhook
let body: string

beforeAll(async () => {
  const file = path.join(dir, 'verify-webhook.mjs')
  writeFileSync(file, code)
  ;({ verifyWebhook } = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as {
    verifyWebhook: VerifyWebhook
  })
  const sale = { id: 'sal_readme', amount: 1250, currency: 'GBP', captureMethod: 'terminal' }
  body = JSON.stringify(eventPayload(newId('whn'), 'sale.created', sale, new Date()))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe("README: verifying a webhook delivery's signature", () => {
  it('is a short example on node:crypto alone', () => {
    const imports = code.split('\n').filter((line) => /^import\b/.test(line))
    expect(imports).toEqual(["import { createHmac, timingSafeEqual } from 'node:crypto'"])
    expect(code.split('\n').length).toBeLessThanOrEqual(15)
    expect(code).toContain('timingSafeEqual(')
  })

  it('accepts a delivery signed with the secret, and refuses a wrong secret', () => {
    const key = secret()
    const header = signatureHeader(body, [key], nowSeconds())
    expect(verifyWebhook(body, header, key)).toBe(true)
    expect(verifyWebhook(body, header, secret())).toBe(false)
  })

  it('refuses a tampered body', () => {
    const key = secret()
    const header = signatureHeader(body, [key], nowSeconds())
    expect(verifyWebhook(body.replace('1250', '9250'), header, key)).toBe(false)
    expect(verifyWebhook(`${body}\n`, header, key)).toBe(false)
  })

  it('refuses a signature older than 5 minutes, accepts one just inside', () => {
    const key = secret()
    // Signed correctly for its own t: only the tolerance refuses it.
    expect(verifyWebhook(body, signatureHeader(body, [key], nowSeconds() - 301), key)).toBe(false)
    expect(verifyWebhook(body, signatureHeader(body, [key], nowSeconds() - 290), key)).toBe(true)
  })

  it('accepts when one of two v1 values matches (during a rotation), either secret', () => {
    const current = secret()
    const previous = secret()
    const header = signatureHeader(body, [current, previous], nowSeconds())
    expect(header.match(/v1=/g)).toHaveLength(2)
    expect(verifyWebhook(body, header, current)).toBe(true)
    expect(verifyWebhook(body, header, previous)).toBe(true)
    expect(verifyWebhook(body, header, secret())).toBe(false)
  })

  it('refuses a missing or malformed header without throwing', () => {
    const key = secret()
    const valid = signatureHeader(body, [key], nowSeconds())
    expect(verifyWebhook(body, undefined, key)).toBe(false)
    expect(verifyWebhook(body, '', key)).toBe(false)
    expect(verifyWebhook(body, valid.replace(/^t=\d+,/, ''), key)).toBe(false)
    expect(verifyWebhook(body, valid.slice(0, -1), key)).toBe(false)
    expect(verifyWebhook(body, valid.replace(/^t=/, 't=x'), key)).toBe(false)
  })
})
