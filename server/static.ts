import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'
import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from './context'
import { inlineSources, type InlineSources } from './inline-sources'

// Paths owned by the API and sandbox pages; the SPA fallback never answers for them.
const NOT_PORTAL = /^\/(v1|sandbox|pay|receipts)(\/|$)/

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.pdf': 'application/pdf',
  '.wasm': 'application/wasm',
}

// index.html, the service worker and the manifest must be revalidated so updates reach users.
const REVALIDATE = new Set(['/index.html', '/sw.js', '/manifest.webmanifest'])

export function contentTypeFor(filePath: string): string {
  return CONTENT_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream'
}

function cacheControlFor(urlPath: string): string {
  if (urlPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable'
  if (REVALIDATE.has(urlPath)) return 'no-cache'
  return 'public, max-age=3600'
}

// Maps a URL path to a file strictly inside root, or null (traversal, NUL, bad encoding).
export function resolveInside(root: string, urlPath: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null
  const resolved = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`)
  return resolved === root || resolved.startsWith(root + path.sep) ? resolved : null
}

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

// Text assets are sent compressed: on a phone the /login bundle is the first thing waited on.
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|xml|wasm)|image\/svg)/
const MIN_COMPRESS_BYTES = 1024

type Encoding = 'br' | 'gzip'

export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
    .map(([name]) => name?.trim().toLowerCase())
  if (accepted.includes('br')) return 'br'
  if (accepted.includes('gzip')) return 'gzip'
  return null
}

// Built files never change under the same ETag, so each is compressed once per encoding.
const compressedCache = new Map<string, Buffer>()
const MAX_COMPRESSED_ENTRIES = 500

async function compressed(key: string, body: Buffer, encoding: Encoding): Promise<Buffer> {
  const cacheKey = `${encoding}:${key}`
  const hit = compressedCache.get(cacheKey)
  if (hit) return hit
  const result =
    encoding === 'br'
      ? await brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } })
      : await gzipAsync(body, { level: 9 })
  if (compressedCache.size >= MAX_COMPRESSED_ENTRIES) compressedCache.clear()
  compressedCache.set(cacheKey, result)
  return result
}

async function fileStat(filePath: string) {
  try {
    const info = await stat(filePath)
    return info.isFile() ? info : null
  } catch {
    return null
  }
}

// The CSP sources of an HTML file's inline styles and scripts, read once per version of the file.
const inlineSourcesByVersion = new Map<string, Promise<InlineSources>>()

function htmlInlineSources(filePath: string, etag: string): Promise<InlineSources> {
  const key = `${filePath}:${etag}`
  let sources = inlineSourcesByVersion.get(key)
  if (!sources) {
    sources = readFile(filePath, 'utf8').then(inlineSources, () => ({ style: [], script: [] }))
    inlineSourcesByVersion.set(key, sources)
    // A rebuilt portal gets a new etag; the old entries are dropped rather than kept forever.
    if (inlineSourcesByVersion.size > 16) {
      const oldest = inlineSourcesByVersion.keys().next().value
      if (oldest !== undefined) inlineSourcesByVersion.delete(oldest)
    }
  }
  return sources
}

/**
 * Serves the built portal from distDir: hashed /assets/ immutable, index.html / sw.js / manifest
 * no-cache, and index.html for any other unknown GET path (the SPA decides what to show).
 */
export function servePortal(distDir: string): MiddlewareHandler<AppEnv> {
  const root = path.resolve(distDir)
  return async (c, next) => {
    const method = c.req.method
    const urlPath = c.req.path
    if ((method !== 'GET' && method !== 'HEAD') || NOT_PORTAL.test(urlPath)) return next()

    let filePath = resolveInside(root, urlPath)
    let servedPath = urlPath
    let info = filePath ? await fileStat(filePath) : null
    if (!info) {
      // A missing hashed asset must 404: HTML served as a stale chunk would break the page.
      if (urlPath.startsWith('/assets/')) return next()
      filePath = path.join(root, 'index.html')
      servedPath = '/index.html'
      info = await fileStat(filePath)
      if (!info) return next()
    }
    if (!filePath) return next()

    const etag = `"${createHash('sha1').update(`${info.size}:${info.mtimeMs}`).digest('base64url')}"`
    c.header('Content-Type', contentTypeFor(filePath))
    c.header('Cache-Control', cacheControlFor(servedPath))
    c.header('ETag', etag)
    c.header('Last-Modified', info.mtime.toUTCString())
    // An HTML page's policy allows its inline code by hash, on every answer for it: a 304
    // updates the stored headers of the copy the browser then shows, so it must carry them too.
    if (contentTypeFor(filePath).startsWith('text/html')) {
      c.set('inlineSources', await htmlInlineSources(filePath, etag))
    }
    if (c.req.header('if-none-match') === etag) return c.body(null, 304)
    if (method === 'HEAD') {
      c.header('Content-Length', String(info.size))
      return c.body(null, 200)
    }
    const body = await readFile(filePath)
    const type = contentTypeFor(filePath)
    if (!COMPRESSIBLE.test(type) || body.length < MIN_COMPRESS_BYTES) return c.body(body, 200)
    c.header('Vary', 'Accept-Encoding')
    const encoding = preferredEncoding(c.req.header('accept-encoding'))
    if (!encoding) return c.body(body, 200)
    c.header('Content-Encoding', encoding)
    return c.body(new Uint8Array(await compressed(`${filePath}:${etag}`, body, encoding)), 200)
  }
}
