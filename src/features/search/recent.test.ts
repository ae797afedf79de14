import { describe, expect, it } from 'vitest'
import { MAX_RECENT, parseRecent, recentSearchesKey, withRecent } from '@/features/search/recent'

describe('recent searches', () => {
  it('are kept per person and account', () => {
    expect(recentSearchesKey('usr_1', 'sub_a')).not.toBe(recentSearchesKey('usr_1', 'sub_b'))
    expect(recentSearchesKey('usr_1', 'sub_a')).not.toBe(recentSearchesKey('usr_2', 'sub_a'))
  })

  it('put the latest first, once, and keep the last few', () => {
    let list: string[] = []
    for (const query of ['4242', '23.50', '  4242 ', 'a', 'b', 'c', 'd'])
      list = withRecent(list, query)
    expect(list).toEqual(['d', 'c', 'b', 'a', '4242'])
    expect(list).toHaveLength(MAX_RECENT)
  })

  it('read anything stored as a short list of texts, never throwing', () => {
    expect(parseRecent(null)).toEqual([])
    expect(parseRecent('{')).toEqual([])
    expect(parseRecent('{"a":1}')).toEqual([])
    expect(parseRecent(JSON.stringify(['x', 1, '', 'y']))).toEqual(['x', 'y'])
  })
})
