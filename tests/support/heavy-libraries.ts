// One marker per heavy library that survives minification (checked against built chunks or the
// package's own minified file). Each library belongs to the routes that use it (issue 19): /login
// and the sales list, the two most opened pages, load none of them. Used by the bundle bench and
// tests/e2e/foundation.spec.ts.
export const HEAVY_LIBRARY_MARKERS: Record<string, string> = {
  arktype: 'vendor:`arktype`',
  '@zxcvbn-ts': 'zxcvbn',
  'libphonenumber-js': 'INVALID_COUNTRY',
  'chrono-node': 'createParsingComponents',
  papaparse: 'UndetectableDelimiter',
  jspdf: 'jsPDF',
  qrcode: 'QR Code version',
  // The payment-proof check's camera reader and its Ed25519 fallback (docs/screens.md#check-a-payment).
  jsqr: 'Invalid module size',
  '@noble/ed25519': 'negative coordinate',
}

export function heavyLibrariesIn(code: string, allowed: ReadonlySet<string> = new Set()): string[] {
  return Object.entries(HEAVY_LIBRARY_MARKERS)
    .filter(([name, marker]) => !allowed.has(name) && code.includes(marker))
    .map(([name]) => name)
}
