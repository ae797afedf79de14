// Stable ids of the seeded demo accounts; the portal's access-policy defaults (src/config) must match them.
export const SEED_SUBMERCHANTS = {
  cityCabs: 'sub_demo_city_cabs',
  airportExpress: 'sub_demo_airport_express',
  northFleet: 'sub_demo_north_cars',
  harbourCars: 'sub_demo_harbour_cars',
  nightOwl: 'sub_demo_night_owl',
  newStart: 'sub_demo_new_start',
  riversideCars: 'sub_demo_riverside_cars',
  greenLine: 'sub_demo_green_line',
  patelCars: 'sub_demo_patel_cars',
  westEndChauffeurs: 'sub_demo_west_end_chauffeurs',
  // Not enrolled; its self-enrolment request ends in error (the portal's error path).
  lateShift: 'sub_demo_late_shift',
} as const

export const SEED_IDS = {
  // docs/roles.md#refunds: only the owner may request refunds.
  restrictedRefund: [SEED_SUBMERCHANTS.airportExpress, SEED_SUBMERCHANTS.westEndChauffeurs],
  // docs/roles.md#terminals: terminal list and detail hidden from viewers and managers.
  terminalRestricted: [SEED_SUBMERCHANTS.northFleet],
  // docs/roles.md#payouts: payouts list hidden from viewers and managers.
  payoutRestricted: [SEED_SUBMERCHANTS.harbourCars],
  // docs/validation.md#payment-link-create: job number (reference, ≥ 8 chars) and customer name required on payment links.
  jobNumber: [SEED_SUBMERCHANTS.nightOwl],
  // No finaroId: payment links show self-enrolment.
  notEnrolled: [SEED_SUBMERCHANTS.lateShift, SEED_SUBMERCHANTS.newStart],
} as const

export const SEED_OPERATORS = {
  metroPay: 'op_demo_metropay',
  cabCard: 'op_demo_cabcard',
} as const

export const SEED_PAYMENT_FACILITATORS = {
  sandboxPay: 'pf_demo_sandbox_pay',
} as const

export const SEED_USERS = {
  owner: 'usr_demo_olivia_owner',
  manager: 'usr_demo_mo_manager',
  viewer: 'usr_demo_vera_viewer',
  mfa: 'usr_demo_max_mfa',
  compromised: 'usr_demo_cole_compromised',
  noAccounts: 'usr_demo_nina_noaccounts',
} as const
