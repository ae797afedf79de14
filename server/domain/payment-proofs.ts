// A sale's signed proof of payment (docs/api.md#payment-proofs): what a driver's app checks with no
// connection. The token is `P.S`: P the base64url of the JSON payload, S the base64url of the
// Ed25519 signature over P's ASCII bytes (the way JWS signs its input).
import { sign } from 'node:crypto'
import type { ProofPayload } from '@/api/schema/payment-proof'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { sales, submerchants } from '../db/schema/core'
import { notFound } from '../errors'
import { currentSigningKey } from './receipt-keys'

export interface PaymentProof {
  token: string
  payload: ProofPayload
}

// The portal's screen that checks a proof opened as a link (docs/screens.md#check-a-payment).
export function proofPath(token: string): string {
  return `/v/${token}`
}

async function findProofSale(db: Db, saleId: string, submerchantId?: string) {
  const [row] = await db
    .select({
      sale: sales.id,
      acct: sales.submerchantId,
      name: submerchants.name,
      amt: sales.amount,
      cur: sales.currency,
      last4: sales.panLastFour,
      at: sales.capturedAt,
      term: sales.terminalSerialNumber,
    })
    .from(sales)
    .innerJoin(submerchants, eq(submerchants.id, sales.submerchantId))
    .where(
      submerchantId === undefined
        ? eq(sales.id, saleId)
        : and(eq(sales.id, saleId), eq(sales.submerchantId, submerchantId)),
    )
  return row ?? null
}

async function signProof(
  db: Db,
  sale: NonNullable<Awaited<ReturnType<typeof findProofSale>>>,
  now: Date,
): Promise<PaymentProof> {
  const key = await currentSigningKey(db, now)
  // The keys' order is the wire order: { v, kid, sale, acct, name, amt, cur, last4, at, term }.
  const payload: ProofPayload = {
    v: 1,
    kid: key.kid,
    sale: sale.sale,
    acct: sale.acct,
    name: sale.name,
    amt: sale.amt,
    cur: sale.cur,
    last4: sale.last4,
    at: sale.at.toISOString(),
    term: sale.term,
  }
  const signed = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url')
  const signature = sign(null, Buffer.from(signed, 'ascii'), key.privateKey).toString('base64url')
  return { token: `${signed}.${signature}`, payload }
}

// GET /v1/sales/{id}/proof: a sale of the account; another account's sale is the same 404 as a
// missing one.
export async function proofOfOwnSale(
  db: Db,
  saleId: string,
  submerchantId: string,
  now: Date,
): Promise<PaymentProof> {
  const sale = await findProofSale(db, saleId, submerchantId)
  if (!sale) throw notFound('Sale not found')
  return signProof(db, sale, now)
}

// The customer's pages (pay page, receipt page) and receipt messages, which already know the sale.
export async function proofOfSale(db: Db, saleId: string, now: Date): Promise<PaymentProof | null> {
  const sale = await findProofSale(db, saleId)
  return sale ? signProof(db, sale, now) : null
}
