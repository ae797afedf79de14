// The signed payload of a payment proof (docs/api.md#payment-proofs), in its key order: the sale
// id, the account id and name, the amount in minor units, the currency, the card's last four,
// capturedAt and the terminal's serial. The server signs it; the portal reads and checks it.
export interface ProofPayload {
  v: 1
  kid: string
  sale: string
  acct: string
  name: string
  amt: number
  cur: string
  last4: string
  at: string
  term: string | null
}
