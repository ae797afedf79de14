// What a list declaration may leave to the engine (docs/server-resources.md#the-list-engine): its
// `fields` default to its columns' names, and each filter kind parses as its declaration says. No
// database: the parse runs before any SQL.
import { describe, expect, it } from 'vitest'
import type { FieldError } from '../../server/errors'
import { apiKeysList } from '../../server/domain/api-keys'
import { intentsList } from '../../server/domain/intent-records'
import { listFields, parseListQuery } from '../../server/lib/list-engine'

function refusal(run: () => unknown): FieldError[] {
  try {
    run()
  } catch (error) {
    expect(error).toMatchObject({ status: 400, code: 'invalid_query' })
    return (error as { errors: FieldError[] }).errors
  }
  throw new Error('the query was accepted')
}

describe('a list that declares no fields', () => {
  it("offers its columns' names, and only those (a left-out column stays out)", () => {
    expect(apiKeysList.fields).toBeUndefined()
    expect(listFields(apiKeysList)).toEqual(Object.keys(apiKeysList.columns))
    expect(listFields(apiKeysList)).not.toContain('tokenHash')
    const parsed = parseListQuery(apiKeysList, new URLSearchParams('fields=id,name,id'))
    expect(parsed.fields).toEqual(['id', 'name'])
    expect(
      refusal(() => parseListQuery(apiKeysList, new URLSearchParams('fields=id,tokenHash'))),
    ).toEqual([{ field: 'fields', messages: ['has unknown field(s): tokenHash'] }])
  })
})

describe('the filter kinds', () => {
  const links = intentsList('https://portal.example')
  const parse = (query: string) => parseListQuery(links, new URLSearchParams(query))

  it('enumFilter takes one of its values', () => {
    expect(parse('status=created').eq.get('status')).toBe('created')
    expect(refusal(() => parse('status=nope'))[0]?.messages[0]).toMatch(/^must be one of created,/)
  })

  it('boolFilter takes true or false', () => {
    expect(parse('statusIsFinal=false').eq.get('statusIsFinal')).toBe(false)
    expect(refusal(() => parse('statusIsFinal=yes'))).toEqual([
      { field: 'statusIsFinal', messages: ['must be true or false'] },
    ])
  })

  it('timeRangeFilter takes $gte and $lt, never equality', () => {
    const parsed = parse('createdAt[$gte]=2026-01-01&createdAt[$lt]=2026-02-01T00:00:00Z')
    expect(parsed.gte.get('createdAt')).toEqual(new Date('2026-01-01T00:00:00Z'))
    expect(parsed.lt.get('createdAt')).toEqual(new Date('2026-02-01T00:00:00Z'))
    expect(refusal(() => parse('createdAt=2026-01-01'))).toEqual([
      {
        field: 'createdAt',
        messages: ['cannot be filtered by equality; use createdAt[$gte] or createdAt[$lt]'],
      },
    ])
  })
})
