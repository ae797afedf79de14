// docs/constants.md#sizes-and-limits: the sidebar user menu cuts the display name at 15 characters.
export const DISPLAY_NAME_MAX = 15

// Counts characters, not UTF-16 units, so an accented or emoji name is never cut mid-character.
export function truncateDisplayName(name: string, max: number = DISPLAY_NAME_MAX): string {
  const characters = Array.from(name.trim())
  return characters.length > max ? `${characters.slice(0, max).join('')}…` : characters.join('')
}

// Up to two initials for the avatar circle.
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words.slice(0, 1)
  return letters
    .map((word) => Array.from(word ?? '')[0] ?? '')
    .join('')
    .toUpperCase()
}
