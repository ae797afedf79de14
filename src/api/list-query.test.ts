import { describe, expect, it } from 'vitest'
import { buildListQuery, listQueryString, parseListTotal } from '@/api/list-query'

describe('buildListQuery', () => {
  it('builds sort, paging, filters, ranges and fields', () => {
    expect(
      buildListQuery({
        sort: { field: 'capturedAt', direction: 'desc' },
        limit: 10,
        offset: 20,
        filters: { submerchantId: 'sub_1', method: 'pos', cardScheme: undefined, status: '' },
        ranges: { capturedAt: { gte: '2024-05-01T00:00:00.000Z', lt: '2024-06-01T00:00:00.000Z' } },
        fields: ['id', 'retrievalReferenceNumber', 'capturedAt'],
      }),
    ).toEqual({
      submerchantId: 'sub_1',
      method: 'pos',
      'capturedAt[$gte]': '2024-05-01T00:00:00.000Z',
      'capturedAt[$lt]': '2024-06-01T00:00:00.000Z',
      fields: 'id,retrievalReferenceNumber,capturedAt',
      sort: '-capturedAt',
      limit: '10',
      offset: '20',
    })
  })

  it('sorts ascending without a prefix and keeps half-open ranges', () => {
    expect(
      buildListQuery({ sort: { field: 'name', direction: 'asc' }, ranges: { amount: { gte: 0 } } }),
    ).toEqual({ sort: 'name', 'amount[$gte]': '0' })
  })

  it('passes nested filter keys and trimmed free text', () => {
    expect(
      listQueryString({
        filters: { 'currentAllocation[submerchantId]': 'sub_9' },
        q: ' BP5 ',
        limit: 10,
      }),
    ).toBe('currentAllocation%5BsubmerchantId%5D=sub_9&q=BP5&limit=10')
  })

  it('encodes the test-sale picker query', () => {
    expect(
      listQueryString({
        limit: 10,
        fields: ['id', 'retrievalReferenceNumber', 'capturedAt'],
        sort: { field: 'capturedAt', direction: 'desc' },
      }),
    ).toBe('fields=id%2CretrievalReferenceNumber%2CcapturedAt&sort=-capturedAt&limit=10')
  })
})

describe('parseListTotal', () => {
  it('reads an exact total', () => {
    expect(parseListTotal(new Headers({ 'Total-Count': '1234' }), 10)).toEqual({
      total: 1234,
      totalIsApproximate: false,
    })
  })

  it('estimates an approximate total at 1.2 times the count', () => {
    const headers = new Headers({ 'total-count': '10000', 'total-count-is-approximate': 'true' })
    expect(parseListTotal(headers, 10)).toEqual({ total: 12000, totalIsApproximate: true })
  })

  it('treats other approximate values as exact', () => {
    const headers = new Headers({ 'Total-Count': '50', 'Total-Count-Is-Approximate': 'false' })
    expect(parseListTotal(headers, 10)).toEqual({ total: 50, totalIsApproximate: false })
  })

  it('falls back to the item count when the header is missing or junk', () => {
    expect(parseListTotal(new Headers(), 7)).toEqual({ total: 7, totalIsApproximate: false })
    expect(parseListTotal(new Headers({ 'Total-Count': 'lots' }), 3).total).toBe(3)
  })
})
