// Whole values with a house spelling (docs/constants.md#formats).
const EXACT: Record<string, string> = {
  pos: 'POS',
  softpos: 'SoftPOS',
  ecommerce: 'E-commerce',
  american_express: 'American Express',
  mastercard: 'Mastercard',
  visa: 'Visa',
}

// Words kept as acronyms inside longer values.
const ACRONYMS: Record<string, string> = {
  api: 'API',
  eea: 'EEA',
  id: 'ID',
  mfa: 'MFA',
  pos: 'POS',
  qr: 'QR',
  sms: 'SMS',
  url: 'URL',
  '3ds': '3DS',
}

const TERMINAL_MODEL = /^bluePad(\d+)(?:_(\w+))?$/i

function words(value: string): string[] {
  return value
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
}

// Short codes such as 4g or v2 read as 4G / V2.
function shortCode(word: string): string | undefined {
  return /^(\d+[a-z]+|v\d+)$/i.test(word) ? word.toUpperCase() : undefined
}

// snake_case or camelCase → sentence case ("payment_declined" → "Payment declined").
export function humanize(value: string): string {
  return words(value)
    .map((word, index) => {
      const lower = word.toLowerCase()
      const special = ACRONYMS[lower] ?? shortCode(lower)
      if (special) return special
      return index === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower
    })
    .join(' ')
}

// Display name of a product type, method, scheme or terminal model.
export function prettify(value: string): string {
  const exact = EXACT[value.toLowerCase()]
  if (exact) return exact
  const model = TERMINAL_MODEL.exec(value)
  if (model) {
    const suffix = model[2] ? words(model[2]).map((w) => shortCode(w) ?? humanize(w)) : []
    return ['BluePad', model[1], ...suffix].join(' ')
  }
  return humanize(value)
}
