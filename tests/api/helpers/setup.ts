// The API project's setup: a database a test opened (in the test or its beforeEach) is closed when
// the test ends, which hands a PGlite instance back for the next test (helpers/db.ts).
import { afterEach, beforeEach } from 'vitest'
import { beginTestScope, endTestScope } from './db'

beforeEach(() => {
  beginTestScope()
})

afterEach(async () => {
  await endTestScope()
})
