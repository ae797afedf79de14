import {
  randomBytes,
  scrypt as scryptCallback,
  timingSafeEqual,
  type ScryptOptions,
} from 'node:crypto'
import { availableParallelism } from 'node:os'
import { HttpError } from '../errors'

// Stored format: scrypt$N$r$p$salt$hash (base64url); parameters travel with the hash so test hashes still verify.
const PREFIX = 'scrypt'
const KEY_LENGTH = 32
const SALT_LENGTH = 16

interface ScryptParams {
  N: number
  r: number
  p: number
}

// OWASP password storage cheat sheet: N=2^17, r=8, p=1.
const PRODUCTION_PARAMS: ScryptParams = { N: 2 ** 17, r: 8, p: 1 }
// Light parameters keep test suites fast; never used outside test mode.
const TEST_PARAMS: ScryptParams = { N: 2 ** 10, r: 8, p: 1 }

let modeOverride: 'production' | 'test' | null = null

// The server passes its configured mode; otherwise NODE_ENV decides (vitest sets 'test').
export function setPasswordHashMode(mode: 'production' | 'test' | null): void {
  modeOverride = mode
}

function currentParams(): ScryptParams {
  const mode = modeOverride ?? (process.env.NODE_ENV === 'test' ? 'test' : 'production')
  return mode === 'test' ? TEST_PARAMS : PRODUCTION_PARAMS
}

/**
 * The hash queue: scrypt runs on the libuv pool (async), at most `running` at once so a login
 * flood leaves a core to the event loop and the database; beyond `queued` waiting, a hash is
 * refused with 503 and Retry-After rather than piling up without end.
 */
const hashQueue = {
  running: Math.max(1, availableParallelism() - 1),
  queued: 16,
  active: 0,
  waiting: [] as Array<() => void>,
}

export const SERVER_BUSY = 'The server is busy. Try again in a moment.'

// For tests: small limits make the refusal observable.
export function setHashQueueLimits(limits: { running: number; queued: number }): void {
  hashQueue.running = limits.running
  hashQueue.queued = limits.queued
}

async function acquireHashSlot(): Promise<void> {
  if (hashQueue.active < hashQueue.running) {
    hashQueue.active += 1
    return
  }
  if (hashQueue.waiting.length >= hashQueue.queued) {
    throw new HttpError(503, SERVER_BUSY, 'server_busy', undefined, 1)
  }
  // The releasing hash hands its slot straight over.
  await new Promise<void>((resolve) => hashQueue.waiting.push(resolve))
}

function releaseHashSlot(): void {
  const next = hashQueue.waiting.shift()
  if (next) next()
  else hashQueue.active -= 1
}

async function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  await acquireHashSlot()
  try {
    return await scryptAsync(password, salt, params)
  } finally {
    releaseHashSlot()
  }
}

function scryptAsync(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = {
    N: params.N,
    r: params.r,
    p: params.p,
    // Default maxmem (32 MiB) is below the 128 MiB that N=2^17, r=8 requires.
    maxmem: 256 * params.N * params.r + 1024 * 1024,
  }
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => {
      if (error) reject(error)
      else resolve(key)
    })
  })
}

export async function hashPassword(password: string): Promise<string> {
  const params = currentParams()
  const salt = randomBytes(SALT_LENGTH)
  const key = await derive(password, salt, params)
  return [
    PREFIX,
    params.N,
    params.r,
    params.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$')
}

function parseHash(hash: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const parts = hash.split('$')
  if (parts.length !== 6 || parts[0] !== PREFIX) return null
  const [N, r, p] = parts.slice(1, 4).map(Number)
  if (!N || !r || !p || !Number.isInteger(N) || !Number.isInteger(r) || !Number.isInteger(p)) {
    return null
  }
  // Refuse absurd parameters from a tampered row instead of exhausting memory.
  if (N > 2 ** 20 || r > 32 || p > 16) return null
  const salt = Buffer.from(parts[4] ?? '', 'base64url')
  const key = Buffer.from(parts[5] ?? '', 'base64url')
  if (salt.length === 0 || key.length !== KEY_LENGTH) return null
  return { params: { N, r, p }, salt, key }
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  const parsed = parseHash(hash)
  if (!parsed) return false
  const key = await derive(password, parsed.salt, parsed.params)
  return timingSafeEqual(key, parsed.key)
}

// A hash of a random password, verified against for unknown emails so timing does not reveal them.
let dummyHash: Promise<string> | null = null
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'))
  return dummyHash
}
