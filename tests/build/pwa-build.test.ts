// The built PWA (vite-plugin-pwa's own build test, for this portal): what the service worker
// precaches, that it never precaches itself, and that the manifest is complete.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  cacheReadScript,
  compactCss,
  inlineBootStyles,
  loadEntryAfterPaint,
  preloadAppStylesheets,
} from '../../scripts/first-paint'
import { CACHE_READ_GLOBAL } from '../../src/offline/cache-layout'
import { QUERY_CACHE_DB, QUERY_STORE } from '../../src/offline/idb-persister'
import { cutImageDecoders } from '../../scripts/jspdf-without-image-decoders'
import { cutRouteLinks } from '../../scripts/router-without-route-links'
import { createTestApp } from '../api/auth-harness'
import { heavyLibrariesIn } from '../support/heavy-libraries'
import { e2eBuild } from '../support/portal-build'

interface ManifestImage {
  src: string
  sizes: string
  type?: string
  purpose?: string
  form_factor?: string
}

interface WebManifest {
  [field: string]: unknown
  icons: ManifestImage[]
  screenshots: ManifestImage[]
  shortcuts: { name: string; url: string }[]
}

let outDir = ''
let precached: string[] = []
let swSource = ''
let manifest: WebManifest

const read = (path: string) => readFileSync(join(outDir, path))

// A PNG's width × height, from its IHDR chunk.
function pngSize(path: string): string {
  const png = read(path.replace(/^\//, ''))
  return `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`
}

// The e2e suite's build (built here when stale, so Playwright then finds it fresh).
beforeAll(async () => {
  outDir = await e2eBuild()
  swSource = read('sw.js').toString()
  precached = [...swSource.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1] ?? '')
  manifest = JSON.parse(read('manifest.webmanifest').toString()) as WebManifest
}, 300_000)

describe('precache', () => {
  it('holds the shell: index.html, everything it loads, the manifest and its icons', () => {
    const html = read('index.html').toString()
    const loaded = [...html.matchAll(/(?:src|href)="\/([^"]+\.(?:js|css))"/g)].map((m) => m[1])
    expect(loaded.length).toBeGreaterThan(0)
    expect(precached).toEqual(
      expect.arrayContaining([
        'index.html',
        'manifest.webmanifest',
        'icons/icon-192.png',
        'icons/icon-512.png',
        'icons/maskable-512.png',
        ...loaded,
      ]),
    )
    for (const url of precached) expect(existsSync(join(outDir, url)), url).toBe(true)
  })

  it('never holds the service worker, on-demand images or the password dictionaries', () => {
    expect(precached).not.toContain('sw.js')
    expect(precached.filter((url) => /^(brands|terminals|screenshots)\//.test(url))).toEqual([])
    expect(precached.filter((url) => url.includes('zxcvbn'))).toEqual([])
    const bytes = precached.reduce((sum, url) => sum + read(url).length, 0)
    // The whole shell a phone downloads once on install (before compression). 1.75 MiB since the
    // one-box search (with its English date reader) and the dashboard's takings chart work offline;
    // 1.9 MiB since Check a payment reads a QR code with no signal where the browser has no
    // BarcodeDetector (jsQR, 127 KiB, is installed with the shell and loaded when the camera opens).
    expect(precached.filter((url) => /^assets\/jsQR-[\w-]+\.js$/.test(url))).toHaveLength(1)
    expect(bytes).toBeLessThan(1.9 * 1024 * 1024)
  })

  it('holds jspdf for the offline Scan to Pay kit, not the libraries it loads for HTML and SVG', () => {
    // jspdf in one chunk of its own (vite.config.ts), installed: the kit is made with no network.
    const withJspdf = precached.filter((url) => url.endsWith('.js') && read(url).includes('jsPDF'))
    expect(withJspdf).toEqual([expect.stringMatching(/^assets\/jspdf-[\w-]+\.js$/)])
    // html2canvas, canvg and DOMPurify: jspdf imports them only for html() and SVG, which nothing
    // here uses; they stay on the server (0.4 MB), as does the export's table layout.
    const jspdf = read(withJspdf[0] ?? '').toString()
    const optional = [...jspdf.matchAll(/import\(\s*[`'"]\.\/([^`'"]+\.js)[`'"]\s*\)/g)].map(
      (match) => `assets/${match[1]}`,
    )
    expect(optional.map((url) => url.replace(/-[\w-]+\.js$/, '')).sort()).toEqual([
      'assets/html2canvas',
      'assets/index.es',
      'assets/purify.es',
    ])
    for (const url of optional) {
      expect(existsSync(join(outDir, url)), url).toBe(true)
      expect(precached).not.toContain(url)
    }
    expect(precached.filter((url) => /^assets\/pdf-writer-/.test(url))).toEqual([])
    // Nor its raster image readers (scripts/jspdf-without-image-decoders.ts): WebP, GIF, BMP, PNG.
    for (const marker of ['processWEBP', 'processGIF89A', 'processBMP', 'incorrect header check']) {
      expect(jspdf, marker).not.toContain(marker)
    }
  })

  it('holds every chunk a screen can load lazily, but for those of screens that need a connection', () => {
    // Phone metadata, the receipt form, dialogs, chrono, qrcode, jspdf: all of them come from the
    // install once the worker controls the page. Left out: the password dictionaries, the export's
    // PDF writer, jspdf's HTML and SVG helpers and the bulk import's worker (vite.config.ts).
    const onServerOnly =
      /^assets\/(zxcvbn|pdf-writer|html2canvas|index\.es|purify\.es|bulk-import\.worker)-[\w-]+\.js$/
    const chunks = readdirSync(join(outDir, 'assets'))
      .filter((name) => name.endsWith('.js') || name.endsWith('.css'))
      .map((name) => `assets/${name}`)
    expect(chunks.length).toBeGreaterThan(20)
    expect(chunks.filter((url) => !precached.includes(url) && !onServerOnly.test(url))).toEqual([])
    // libphonenumber, jspdf and qrcode (its 'Kanji' mode), by a string each keeps when minified.
    for (const library of ['parsePhoneNumber', 'jsPDF', 'Kanji']) {
      const holders = chunks.filter((url) => url.endsWith('.js') && read(url).includes(library))
      expect(holders.filter((url) => precached.includes(url)).length, library).toBeGreaterThan(0)
    }
  })

  it('belongs to a build that registers the service worker (production, even under a test runner)', () => {
    const scripts = precached.filter((url) => url.endsWith('.js'))
    expect(scripts.some((url) => read(url).toString().includes('/sw.js'))).toBe(true)
  })

  it('never caches /v1 or the other server paths: none precached, every runtime route skips them', () => {
    expect(precached.filter((url) => /^\/?(v1|sandbox|pay|receipts)(\/|$)/.test(url))).toEqual([])
    // Source check of sw/sw.ts: each registerRoute is the navigation fallback with the server-path
    // denylist, or a matcher that excludes server paths.
    const source = readFileSync('sw/sw.ts', 'utf8')
    const routes = source.split('registerRoute(').slice(1)
    expect(routes.length).toBeGreaterThan(0)
    for (const route of routes) {
      expect(route).toMatch(
        /^\s*new NavigationRoute\([^)]*\), \{ denylist: SERVER_PATHS \}|!isServerPath\(/,
      )
    }
  })

  it('keeps API and sandbox pages out of the navigation fallback', () => {
    for (const path of ['v1', 'sandbox', 'pay', 'receipts']) {
      expect(swSource).toContain(`/^\\/${path}(?:\\/|$)/`)
    }
  })
})

describe('manifest', () => {
  it('has the identity and display fields an installable app needs', () => {
    expect(manifest).toMatchObject({
      id: '/',
      name: 'FleetPay Portal',
      short_name: 'FleetPay',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      background_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    })
  })

  it('lists 192 and 512 icons and a maskable one, each the size it claims', () => {
    const bySize = (size: string, purpose: string) =>
      manifest.icons.find((icon) => icon.sizes === size && icon.purpose === purpose)
    expect(bySize('192x192', 'any')).toBeDefined()
    expect(bySize('512x512', 'any')).toBeDefined()
    expect(bySize('512x512', 'maskable')).toBeDefined()
    for (const icon of manifest.icons) expect(pngSize(icon.src), icon.src).toBe(icon.sizes)
  })

  it('offers the Sales, New payment link, Scan to Pay and Check a payment shortcuts', () => {
    expect(manifest.shortcuts.map(({ name, url }) => [name, url])).toEqual([
      ['Sales', '/transactions/sales'],
      ['New payment link', '/payment-links/create'],
      ['Scan to Pay', '/scan-to-pay'],
      ['Check a payment', '/check-payment'],
    ])
  })

  it('has a narrow and a wide screenshot of the declared sizes', () => {
    expect(manifest.screenshots.map((shot) => shot.form_factor)).toEqual(['narrow', 'wide'])
    for (const shot of manifest.screenshots) expect(pngSize(shot.src), shot.src).toBe(shot.sizes)
  })
})

describe('heavy-library markers (tests/support/heavy-libraries.ts)', () => {
  // The markers the bundle bench and the /login test look for must really be in each library's
  // minified code, or those checks would pass whatever loads.
  it('find every heavy library the portal uses in the built chunks', () => {
    const chunks = readdirSync(join(outDir, 'assets'))
      .filter((name) => name.endsWith('.js'))
      .map((name) => read(`assets/${name}`).toString())
    const found = new Set(chunks.flatMap((code) => heavyLibrariesIn(code)))
    const libraries = [
      'arktype',
      '@zxcvbn-ts',
      'libphonenumber-js',
      'chrono-node',
      'qrcode',
      'jsqr',
      '@noble/ed25519',
    ]
    for (const library of libraries) {
      expect(found, library).toContain(library)
    }
  })

  it('match papaparse and jspdf in their published minified files', () => {
    const packaged = (path: string) => readFileSync(join('node_modules', path), 'utf8')
    expect(heavyLibrariesIn(packaged('papaparse/papaparse.min.js'))).toEqual(['papaparse'])
    expect(heavyLibrariesIn(packaged('jspdf/dist/jspdf.es.min.js'))).toContain('jspdf')
  })
})

describe('jspdf without its image decoders (scripts/jspdf-without-image-decoders.ts)', () => {
  it('cuts the GIF, BMP and WebP readers and keeps the rest of jspdf', () => {
    const source = readFileSync('node_modules/jspdf/dist/jspdf.es.js', 'utf8')
    const cut = cutImageDecoders(source)
    expect(source.length - cut.length).toBeGreaterThan(100_000)
    for (const gone of ['function WebPDecoder', 'function GifReader', 'processBMP']) {
      expect(cut).not.toContain(gone)
    }
    for (const kept of [
      '@name split_text_to_size',
      '@name standard_fonts_metrics',
      'processJPEG',
    ]) {
      expect(cut).toContain(kept)
    }
  })

  it('fails the build rather than guess when jspdf is laid out differently', () => {
    expect(() => cutImageDecoders('export const jsPDF = 1')).toThrow(/not found/)
  })
})

describe('router without the Route.Link shortcut (scripts/router-without-route-links.ts)', () => {
  it('cuts the Link import and the three shortcuts, and keeps the route classes and their hooks', () => {
    const source = readFileSync('node_modules/@tanstack/react-router/dist/esm/route.js', 'utf8')
    const cut = cutRouteLinks(source)
    expect(cut).not.toMatch(/\bLink\b/)
    expect(cut).not.toContain('./link.js')
    for (const kept of [
      'var RouteApi',
      'var Route ',
      'var RootRoute',
      'this.useSearch',
      'this.useNavigate',
    ]) {
      expect(cut).toContain(kept)
    }
  })

  it('fails the build rather than guess when the router is laid out differently', () => {
    expect(() => cutRouteLinks('export class Route {}')).toThrow(/expected its Link import/)
  })
})

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

describe("index.html's first paint (scripts/first-paint.ts)", () => {
  it('paints the loading screen from inline rules and only preloads the app stylesheet', () => {
    const html = read('index.html').toString()
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '')
    // One block: src/boot.css, as Vite minifies it.
    expect(styles).toHaveLength(1)
    for (const rule of [
      'html{',
      '.boot{',
      '.boot__name{',
      '.boot__text{',
      'prefers-color-scheme:dark',
    ]) {
      expect(styles[0]).toContain(rule)
    }
    // Nothing render-blocking: the stylesheet is a preload that main.tsx applies before rendering.
    expect(html).not.toMatch(/rel="stylesheet"/)
    expect(html).toMatch(
      /<link rel="preload" as="style" crossorigin href="\/assets\/index-[\w-]+\.css" data-app-styles>/,
    )
    expect(html).not.toContain('/src/boot.css')
  })

  it('requests its entry script from one inline loader, once the loading screen is painted', () => {
    const html = read('index.html').toString()
    // No tag the browser could fetch and run before painting: no module script, no modulepreload.
    expect(html).not.toMatch(/<script[^>]*\bsrc=/)
    expect(html).not.toMatch(/<link rel="modulepreload"/)
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '')
    expect(scripts).toHaveLength(1)
    const loader = scripts[0] ?? ''
    // It names the built entry and the entry's own imports, which exist.
    const entry = loader.match(/"(\/assets\/index-[\w-]+\.js)"/)?.[1] ?? ''
    expect(existsSync(join(outDir, entry))).toBe(true)
    expect(read(entry).toString()).toContain('createRoot')
    const preloads = JSON.parse(loader.match(/,(\[[^\]]*\])\)$/)?.[1] ?? 'null') as string[]
    expect(preloads.length).toBeGreaterThan(0)
    for (const url of preloads) expect(existsSync(join(outDir, url))).toBe(true)
    // After the first frame, unless the service worker serves the code or the tab paints nothing.
    expect(loader).toContain('requestAnimationFrame(function(){setTimeout(load)})')
    expect(loader).toContain('sw.controller')
    expect(loader).toContain('visibilityState==="hidden"')
    // Signed in and served by the worker, the account pages' chunks beside the entry, which exist.
    expect(loader).toContain('"loggedIn":true')
    const signedIn = JSON.parse(
      loader.match(/preloads\.concat\((\[[^\]]*\])\)/)?.[1] ?? '[]',
    ) as string[]
    const scriptsOf = signedIn.filter((url) => url.endsWith('.js'))
    expect(scriptsOf.map((url) => url.replace(/-[\w-]+\.js$/, ''))).toEqual(
      ['app', 'http', 'offline', 'query', 'shell'].map((name) => `/assets/${name}`),
    )
    // With their stylesheets, which the chunks' imports wait for: preloaded as styles.
    const styles = signedIn.filter((url) => url.endsWith('.css'))
    expect(styles.map((url) => url.replace(/-[\w-]+\.css$/, ''))).toEqual(
      expect.arrayContaining(['/assets/app', '/assets/shell']),
    )
    expect(loader).toContain('/\\.css$/.test(url)?"preload":"modulepreload"')
    for (const url of signedIn) expect(existsSync(join(outDir, url))).toBe(true)
    // Signed in, it begins reading the persisted cache: the persister's database and store, left
    // where the persister's restore takes it (src/offline/cache-layout.ts, for this build's env).
    expect(loader).toContain(`indexedDB.open(${JSON.stringify(QUERY_CACHE_DB)})`)
    expect(loader).toContain(`createObjectStore(${JSON.stringify(QUERY_STORE)})`)
    expect(loader).toContain(`b.transaction(${JSON.stringify(QUERY_STORE)})`)
    expect(loader).toContain(`window[${JSON.stringify(CACHE_READ_GLOBAL)}]=new Promise`)
    expect(loader).toContain(
      `if(signedIn){${cacheReadScript({
        database: QUERY_CACHE_DB,
        store: QUERY_STORE,
        global: CACHE_READ_GLOBAL,
      })}}`,
    )
  })

  // Serving the page needs a sandbox with a fresh database first, which a busy machine takes a while to copy.
  it('is served with a CSP that allows exactly its inline rules and loader by hash, never unsafe-inline', async () => {
    const t = await createTestApp({ distDir: outDir })
    const res = await t.app.request('/login')
    const html = await res.text()
    const css = html.match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? ''
    const js = html.match(/<script>([\s\S]*?)<\/script>/)?.[1] ?? ''
    const csp = res.headers.get('Content-Security-Policy') ?? ''
    expect(csp).toContain(`style-src 'self' ${sha256(css)};`)
    expect(csp).toContain(`script-src 'self' ${sha256(js)};`)
    expect(csp).not.toContain('unsafe-inline')
    // A revalidation's 304 and a HEAD carry the same policy: a 304 updates the stored headers.
    const etag = res.headers.get('ETag') ?? ''
    const revalidated = await t.app.request('/login', { headers: { 'If-None-Match': etag } })
    expect(revalidated.status).toBe(304)
    expect(revalidated.headers.get('Content-Security-Policy')).toBe(csp)
    const head = await t.app.request('/login', { method: 'HEAD' })
    expect(head.headers.get('Content-Security-Policy')).toBe(csp)
    // Other responses keep the plain policy.
    const asset = await t.app.request('/assets/' + readdirSync(join(outDir, 'assets'))[0])
    const plain = asset.headers.get('Content-Security-Policy') ?? ''
    expect(plain).toContain("style-src 'self';")
    expect(plain).toContain("script-src 'self';")
  }, 120_000)

  it('fails the build when index.html no longer links src/boot.css', () => {
    expect(() => inlineBootStyles('<head></head>', '.boot{}')).toThrow(/not found/)
    expect(compactCss('/* x */\n.a {\n  color: red;\n}\n')).toBe('.a{color:red}')
    expect(
      preloadAppStylesheets('<link rel="stylesheet" crossorigin href="/assets/index-A.css">'),
    ).toBe('<link rel="preload" as="style" crossorigin href="/assets/index-A.css" data-app-styles>')
  })

  it('fails the build when the entry script is not where the loader expects it', () => {
    const entry = '<script type="module" crossorigin src="/assets/index-A.js"></script>'
    expect(() => loadEntryAfterPaint('<head></head><body></body>')).toThrow(/one module entry/)
    expect(() => loadEntryAfterPaint(`<head>${entry}${entry}</head><body></body>`)).toThrow(
      /found 2/,
    )
    expect(() => loadEntryAfterPaint(`<head>${entry}</head>`)).toThrow(/<\/body>/)
    const html = loadEntryAfterPaint(
      `<head>\n    ${entry}\n    <link rel="modulepreload" crossorigin href="/assets/r-B.js">\n</head><body></body>`,
    )
    expect(html).toMatch(/^<head>\n<\/head><body> {2}<script>\(function\(d,entry,preloads\)/)
    expect(html).toContain('})(document,"/assets/index-A.js",["/assets/r-B.js"])</script>')
  })
})
