import { describe, expect, it } from 'vitest'
import { initialsOf, truncateDisplayName } from '@/features/shell/display-name'

describe('truncateDisplayName', () => {
  it('keeps names of up to 15 characters and cuts longer ones at 15', () => {
    expect(truncateDisplayName('Olivia Owen')).toBe('Olivia Owen')
    expect(truncateDisplayName('Abcdefghijklmno')).toBe('Abcdefghijklmno')
    expect(truncateDisplayName('Mohammed Mansour')).toBe('Mohammed Mansou…')
  })

  it('counts characters, not UTF-16 units', () => {
    expect(truncateDisplayName('😀'.repeat(16))).toBe(`${'😀'.repeat(15)}…`)
  })
})

describe('initialsOf', () => {
  it('takes the first and last word', () => {
    expect(initialsOf('Olivia Owen')).toBe('OO')
    expect(initialsOf('nobody@example.com')).toBe('N')
    expect(initialsOf('  ')).toBe('')
  })
})
