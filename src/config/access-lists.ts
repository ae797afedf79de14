// The sidebar (docs/screens.md#the-shell) entries, named here so the whitelists below can be keyed by them; the rules that
// use them are in src/policy/access.ts (config imports nothing, so policy → config stays one-way).
export type SidebarEntryId =
  | 'dashboard'
  | 'transactions'
  | 'paymentLinks'
  | 'scanToPay'
  | 'checkPayment'
  | 'payouts'
  | 'terminals'
  | 'tax'
  | 'team'
  | 'support'
  | 'status'
  | 'developer'

/**
 * Who may see a sidebar link beyond its role rule: the link shows when the account is listed in
 * `submerchants` or its operator in `operators`. A link without a whitelist shows for everyone.
 */
export interface LinkWhitelist {
  submerchants?: readonly string[]
  operators?: readonly string[]
}

// The id lists the product names without giving the ids (docs/roles.md#the-id-lists); src/policy/access.ts is their only reader.
export interface AccessLists {
  // docs/roles.md#refunds: only the owner may request refunds (4 accounts).
  restrictedRefundSubmerchants: readonly string[]
  // docs/roles.md#terminals: terminal list and detail hidden from managers and viewers (4 accounts).
  terminalRestrictedSubmerchants: readonly string[]
  // docs/roles.md#payouts: payouts list hidden from managers and viewers (12 accounts).
  payoutRestrictedSubmerchants: readonly string[]
  // docs/validation.md#payment-link-create: payment links need a job number of 8+ characters and a customer name (2 accounts).
  jobNumberSubmerchants: readonly string[]
  // docs/screens.md#the-shell: sidebar links limited to whitelisted submerchants or operators.
  linkWhitelists: Partial<Record<SidebarEntryId, LinkWhitelist>>
}

/**
 * Defaults: the sandbox seed's demo accounts (server/seed/ids.ts, checked by
 * tests/api/access-lists.test.ts) first, then fixed ids of provider accounts the seed does not hold.
 */
export const ACCESS_LISTS: AccessLists = {
  restrictedRefundSubmerchants: [
    'sub_demo_airport_express',
    'sub_demo_west_end_chauffeurs',
    'sub_468f163ebf44a5c53137',
    'sub_03a72e7c6d103175fc8f',
  ],
  terminalRestrictedSubmerchants: [
    'sub_demo_north_cars',
    'sub_6f11b9e5f35130e404c5',
    'sub_09557727c3a58cd6a85c',
    'sub_e61b32349132baf456ca',
  ],
  payoutRestrictedSubmerchants: [
    'sub_demo_harbour_cars',
    'sub_04ce2f2878f7e73ea2d4',
    'sub_9194698fb09dfb89a903',
    'sub_7279d400197d7d378d7e',
    'sub_aa0abdd396869a7dde11',
    'sub_d1765f386303c2eca73d',
    'sub_d9b5f748a73123df1b5b',
    'sub_9ac4765825ad9d9e784c',
    'sub_7dbab407bac9f0cb8197',
    'sub_5e4ce3503e90624937f1',
    'sub_99eff7a0ddcd44c0f732',
    'sub_e0de42e38b6d1d41043e',
  ],
  jobNumberSubmerchants: ['sub_demo_night_owl', 'sub_267db614c57259944bbb'],
  linkWhitelists: {
    // Anytime Payments runs on MetroPay's pay host, plus one CabCard account piloting it.
    scanToPay: {
      operators: ['op_demo_metropay'],
      submerchants: ['sub_demo_riverside_cars'],
    },
  },
}
