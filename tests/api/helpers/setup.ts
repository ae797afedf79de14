// The API project's setup: a database a test opened (in the test or its beforeEach) is closed when
// the test ends, and one the file opened in beforeAll when the file ends; either way its PGlite
// instance goes back for the next test (helpers/db.ts).
import { afterAll, afterEach, beforeEach } from 'vitest'
import { beginTestScope, endFileScope, endTestScope } from './db'

beforeEach(() => {
  beginTestScope()
})

afterEach(async () => {
  await endTestScope()
})

afterAll(async () => {
  await endFileScope()
})
