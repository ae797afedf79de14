// A whole run of 13–19 digits that passes the Luhn check looks like a full card number (PAN).
const DIGIT_RUN = /(?<!\d)\d{13,19}(?!\d)/g

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

/** The Luhn-valid runs of 13–19 digits in a text. */
export function cardNumbersIn(text: string): string[] {
  return [...text.matchAll(DIGIT_RUN)].map(([run]) => run).filter(isLuhnValid)
}

/** Whether any string inside a value (nested arrays and objects too) holds a card number. */
export function containsCardNumber(value: unknown, seen = new Set<object>()): boolean {
  if (typeof value === 'string') return value.length >= 13 && cardNumbersIn(value).length > 0
  if (typeof value !== 'object' || value === null || seen.has(value)) return false
  seen.add(value)
  const children = Array.isArray(value) ? value : Object.values(value)
  return children.some((child) => containsCardNumber(child, seen))
}
