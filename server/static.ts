import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from './context'

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

async function fileStat(filePath: string) {
  try {
    const info = await stat(filePath)
    return info.isFile() ? info : null
  } catch {
    return null
  }
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
    if (c.req.header('if-none-match') === etag) return c.body(null, 304)
    if (method === 'HEAD') {
      c.header('Content-Length', String(info.size))
      return c.body(null, 200)
    }
    return c.body(await readFile(filePath), 200)
  }
}
