// The terminal models (docs/entities.md#terminals) as plain values: the terminals route's validateSearch reads them from
// the main bundle, which must not pull arktype in (the /login budget; see intent-values.ts).
export const TERMINAL_MODELS = [
  'bluePad55',
  'bluePad55_4g',
  'bluePad5000',
  'bluePad5000_v2',
] as const
