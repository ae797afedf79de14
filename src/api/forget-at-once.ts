/**
 * Options for a write whose variables or answer hold a secret (a password, a one-time code, an API
 * token, a signing secret, a recovery code): the mutation cache drops it as soon as no screen holds
 * it, instead of keeping it in memory for the app's long default. Such writes never wait offline.
 */
export const FORGET_AT_ONCE = { gcTime: 0, networkMode: 'always' } as const
