// A card number (PAN) as a person writes it: 13–19 digits, run together or in groups split by
// single spaces or hyphens ('4242 4242 4242 4242'), that pass the Luhn check. The whole number
// only: no digit, group or letter may adjoin it. Digits inside a word are part of an identifier
// or a hex token ('rcp_4111111111111111a0'), never a card: about one random 20-hex id in 1,200
// holds a Luhn-valid run of 13–19 digits, so counting them dropped real sales from the offline
// cache (a list of 25 sales holds ~75 ids).
const CARD_NUMBER = /(?<![\w]|\d[ -])\d(?:[ -]?\d){12,18}(?![\w]|[ -]\d)/g

export function isLuhnValid(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

/** The Luhn-valid card numbers in a text, as bare digits. */
export function cardNumbersIn(text: string): string[] {
  return [...text.matchAll(CARD_NUMBER)]
    .map(([match]) => match.replace(/[ -]/g, ''))
    .filter(isLuhnValid)
}

/** Whether any string inside a value (nested arrays and objects too) holds a card number. */
export function containsCardNumber(value: unknown, seen = new Set<object>()): boolean {
  if (typeof value === 'string') return value.length >= 13 && cardNumbersIn(value).length > 0
  if (typeof value !== 'object' || value === null || seen.has(value)) return false
  seen.add(value)
  const children = Array.isArray(value) ? value : Object.values(value)
  return children.some((child) => containsCardNumber(child, seen))
}
