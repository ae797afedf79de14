// Text for jspdf's built-in fonts, which speak Windows-1252 (Latin-1 plus the characters below):
// anything else would print as garbage, so it prints as '?' instead.
// Used by the sales export's PdfWriter and the Scan to Pay kit.
const CP1252_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ')

const PLAIN_TEXT = /^[\x20-\x7e]*$/

export function pdfSafe(text: string): string {
  if (PLAIN_TEXT.test(text)) return text
  let out = ''
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0
    const printable = (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)
    out += printable || CP1252_EXTRAS.has(char) ? char : code < 0x20 ? ' ' : '?'
  }
  return out
}
