// The chosen submerchant, sent as Token-Perspective on every request (docs/roles.md#the-account-every-request-acts-for).
let perspective: string | null = null

export function setPerspective(submerchantId: string | null): void {
  perspective = submerchantId
}

export function getPerspective(): string | null {
  return perspective
}
