import { describe, expect, it } from 'vitest'
import { pageCount, pageWindow } from '@/lib/pagination'

describe('pageCount', () => {
  it('rounds up and never returns less than one page', () => {
    expect(pageCount(0, 10)).toBe(1)
    expect(pageCount(10, 10)).toBe(1)
    expect(pageCount(11, 10)).toBe(2)
    expect(pageCount(12000, 10)).toBe(1200)
  })
})

describe('pageWindow', () => {
  it('shows every page when there are five or fewer', () => {
    expect(pageWindow(1, 1)).toEqual({ pages: [1], previousChunk: null, nextChunk: null })
    expect(pageWindow(3, 5)).toEqual({
      pages: [1, 2, 3, 4, 5],
      previousChunk: null,
      nextChunk: null,
    })
  })

  it('keeps five links at the start', () => {
    expect(pageWindow(1, 20)).toEqual({ pages: [1, 2, 3, 4, 5], previousChunk: null, nextChunk: 4 })
    expect(pageWindow(3, 20)).toEqual({ pages: [1, 2, 3, 4, 5], previousChunk: null, nextChunk: 6 })
  })

  it('centres the current page in the middle', () => {
    expect(pageWindow(10, 20)).toEqual({
      pages: [8, 9, 10, 11, 12],
      previousChunk: 7,
      nextChunk: 13,
    })
  })

  it('keeps five links at the end', () => {
    expect(pageWindow(20, 20)).toEqual({
      pages: [16, 17, 18, 19, 20],
      previousChunk: 17,
      nextChunk: null,
    })
    expect(pageWindow(18, 20)).toEqual({
      pages: [16, 17, 18, 19, 20],
      previousChunk: 15,
      nextChunk: null,
    })
  })

  it('clamps chunk jumps to the first and last page', () => {
    expect(pageWindow(4, 20).previousChunk).toBe(1)
    expect(pageWindow(18, 22).nextChunk).toBe(21)
    expect(pageWindow(18, 21, 5, 4).nextChunk).toBe(21)
  })

  it('clamps an out-of-range page', () => {
    expect(pageWindow(99, 7).pages).toEqual([3, 4, 5, 6, 7])
    expect(pageWindow(0, 7).pages).toEqual([1, 2, 3, 4, 5])
  })

  it('accepts other link and chunk sizes', () => {
    expect(pageWindow(10, 20, 3, 5)).toEqual({
      pages: [9, 10, 11],
      previousChunk: 5,
      nextChunk: 15,
    })
  })
})
