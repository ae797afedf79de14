// Failures that mean "the database cannot be reached right now", not "this request is wrong":
// PostgreSQL restarting or refusing connections, a connection cut mid-query, a pool that could
// not connect in time. The error handler answers them 503 with Retry-After (docs/sandbox.md#many-servers).

// SQLSTATE classes and codes: 08 connection exception, 57P01-57P03 shutdown and start-up,
// 53300 too many connections, 57014 a statement cancelled (a request's deadline passed, or an
// operator cancelled it): nothing wrong with the request itself.
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[123]|53300|57014)$/
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
])
// node-postgres says these in words only.
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection ended unexpectedly',
]

export const DATABASE_RETRY_AFTER_SECONDS = 2

export function isDatabaseUnavailable(err: unknown): boolean {
  // Drizzle wraps the driver's error: walk a few causes.
  for (let cause = err, depth = 0; cause instanceof Error && depth < 4; depth += 1) {
    const code = (cause as { code?: unknown }).code
    if (
      typeof code === 'string' &&
      (UNAVAILABLE_SQLSTATES.test(code) || UNAVAILABLE_ERRNOS.has(code))
    )
      return true
    if (
      UNAVAILABLE_MESSAGES.some((text) => cause instanceof Error && cause.message.startsWith(text))
    )
      return true
    cause = cause.cause
  }
  return false
}
