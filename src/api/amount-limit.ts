// The one upper limit of an amount a person or a client enters (payment links, captures, bulk
// rows, refunds), in minor units: £999,999.99. The forms and the sandbox both check it, and it keeps
// every amount well inside the database's integer columns. Plain constants, so the screens that
// check it early (and /login's shared chunks) do not pull in the schema library.
export const MAX_AMOUNT = 99_999_999
export const AMOUNT_TOO_LARGE = 'Amount must be at most £999,999.99'
