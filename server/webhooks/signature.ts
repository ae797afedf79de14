import { createHmac, timingSafeEqual } from 'node:crypto'

// Webhook-Signature: t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{body}"}, one v1 per valid secret.
export function signatureHeader(body: string, secrets: string[], unixSeconds: number): string {
  const parts = [`t=${unixSeconds}`]
  for (const secret of secrets) {
    parts.push(`v1=${createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')}`)
  }
  return parts.join(',')
}

// The receiver's side (tests, bench, README): a v1 matches and t is within the tolerance.
export function verifySignature(
  header: string,
  body: string,
  secret: string,
  opts: { nowSeconds: number; toleranceSeconds: number },
): boolean {
  const fields = header.split(',').map((part) => part.trim().split('='))
  const t = Number(fields.find(([k]) => k === 't')?.[1])
  if (!Number.isInteger(t) || Math.abs(opts.nowSeconds - t) > opts.toleranceSeconds) return false
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'))
  return fields.some(
    ([k, v]) =>
      k === 'v1' &&
      v !== undefined &&
      v.length === expected.length &&
      timingSafeEqual(Buffer.from(v), expected),
  )
}
