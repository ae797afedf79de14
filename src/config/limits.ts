// Business constants (docs/constants.md), in one place so screens and tests agree.
export const PROGRESS_DELAY_MS = 100
// The page-change indicator, once shown, stays at least this long (the router's default is 500 ms).
export const PENDING_MIN_MS = 200
// The first render waits at most this long for the persisted cache (signed in) or the page (signed
// out) before it shows the app (main.tsx).
export const FIRST_RENDER_WAIT_MS = 1000
export const NOTICE_MS = 3000
export const COPY_NOTICE_MS = 1000
export const PAGE_SIZE = 10
export const PAGE_LINKS = 5
export const PAGE_CHUNK = 3
// Search (docs/constants.md#timing): free text waits for a pause; suggestions are capped.
export const SEARCH_DEBOUNCE_MS = 500
export const SEARCH_LIMIT = 10
// The one-box search asks once typing has paused this long (docs/constants.md#timing).
export const ONE_BOX_DEBOUNCE_MS = 200
export const APPROXIMATE_TOTAL_FACTOR = 1.2
// docs/constants.md#formats: a 12-hour hour, since a 24-hour one beside AM/PM reads '23:53 PM'.
export const DATE_TIME_FORMAT = 'YYYY-MM-DD hh:mm A'
// Dates are typed and shown in entry fields the British way, whatever the browser's locale.
export const DATE_ENTRY_FORMAT = 'DD/MM/YYYY'
// Years a date field accepts; a two-digit year means 20YY.
export const DATE_ENTRY_YEARS = { min: 1900, max: 2099 } as const
export const DEFAULT_CURRENCY = 'GBP'
export const STATUS_CHECK_INTERVAL_MS = 300_000
export const PERSIST_MAX_AGE_MS = 24 * 60 * 60 * 1000
// docs/validation.md#new-password password lengths; the maximum is the server's (src/api/schema/users.ts newPassword).
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 256
