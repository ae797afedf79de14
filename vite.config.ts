import { execSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { firstPaint } from './scripts/first-paint.ts'
import { parseApiEnv } from './src/config/api-envs.ts'
import { CACHE_READ_GLOBAL, QUERY_STORE, queryCacheDatabase } from './src/offline/cache-layout.ts'
import { jspdfWithoutImageDecoders } from './scripts/jspdf-without-image-decoders.ts'
import { routerWithoutRouteLinks } from './scripts/router-without-route-links.ts'

// "0.1.0+3cf36ef": package version plus commit; shown in the footer and part of the cache buster.
function buildVersion(): string {
  const { version } = JSON.parse(
    readFileSync(new URL('./package.json', import.meta.url), 'utf8'),
  ) as { version: string }
  try {
    const commit = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim()
    return `${version}+${commit || 'dev'}`
  } catch {
    return `${version}+dev`
  }
}

const sandboxUrl = process.env.SANDBOX_URL ?? 'http://127.0.0.1:8080'
// Paths the sandbox API serves; the dev server forwards them so the portal stays same-origin.
const apiPaths = ['/v1', '/sandbox', '/pay', '/receipts', '/.well-known']

// Light modules shared by two or more screens (UI kit, hooks, formatters), in one chunk instead of
// dozens of a few hundred bytes: fewer requests on a start, and a shorter preload map in the boot
// chunk. /login loads it after its first paint, with the offline cache's code that uses some of it.
const APP_SHARED = /[\\/]src[\\/](ui|lib|policy)[\\/]/
// Modules that bring a heavy library along stay with the screens that use them.
const APP_SHARED_EXCLUDED =
  /[\\/]src[\\/]lib[\\/](csv|expiry|password-strength|pdf-text|phone|qr)\.ts$/

// A signed-in start (the installed app's warm start, often offline) needs these together, and each
// file costs the main thread a request and a response through the service worker (some 15 ms at
// a phone's speed): in three chunks, not two dozen of a few hundred bytes.
// The offline cache: the query client, the persist client, the outbox and the queueable actions
// (main.tsx's loadPersistence; /login loads them at the first sign of use).
const OFFLINE_START =
  /[\\/](src[\\/]offline[\\/](persistence|persister|idb-persister|cache-layout|outbox|queueable|card-number|query-client)\.ts|src[\\/]features[\\/](receipts|payment-links)[\\/]mutations\.ts|src[\\/]api[\\/]query-keys\.ts|@tanstack[\\/](react-query-persist-client|query-persist-client-core)[\\/].*)$/
// The frame of every account page: the account guard, the shell route's component and its parts.
// Route files only by their split parts (?tsr-split): the rest of a route file is in the boot chunk.
const SIGNED_IN_SHELL =
  /[\\/]src[\\/](features[\\/](accounts|shell)[\\/].*|routes[\\/]_auth\.tsx\?tsr-split.*|routes[\\/](-live-bell|-account-frame)\.tsx|session[\\/]use-logout\.tsx|offline[\\/](use-online|use-outbox|data-age|outbox-badge)\.tsx?)$/
// The sales list, the page the installed app's Sales shortcut opens.
const SALES_LIST =
  /[\\/]src[\\/](routes[\\/]_auth[\\/]transactions[\\/]sales[\\/]index\.tsx\?tsr-split.*|routes[\\/]-list-route\.tsx|features[\\/]sales[\\/](api|list-spec|sales-columns|sales-list-screen)\.tsx?|features[\\/]export[\\/]export-button\.tsx|api[\\/]schema[\\/]sale-values\.ts)$/

export default defineConfig(({ command }) => {
  // A build started from a test runner (NODE_ENV=test: the e2e server, vitest) is still a production
  // build; otherwise import.meta.env.PROD is false and the portal never registers its service worker.
  if (command === 'build' && process.env.NODE_ENV === 'test') process.env.NODE_ENV = 'production'
  return {
    plugins: [
      // Must run before the React plugin so route files are code-split first.
      tanstackRouter({
        target: 'react',
        autoCodeSplitting: true,
        // Loaders too: their query factories carry arktype schemas that the /login route must not load.
        codeSplittingOptions: {
          defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
          // The sign-in screen is the first paint of every new visit: no second round trip for it.
          splitBehavior: ({ routeId }) => (routeId === '/login' ? [] : undefined),
        },
      }),
      react(),
      // The loading screen paints from index.html alone: its rules inline, the app's stylesheet
      // preloaded and applied by main.tsx before the first render, its entry script requested
      // once it is painted.
      // Signed in, a start served by the service worker also preloads the account pages' chunks.
      // Signed in, it also begins reading the persisted cache (src/offline/cache-layout.ts).
      ...firstPaint(
        fileURLToPath(new URL('./src/boot.css', import.meta.url)),
        ['query', 'app', 'http', 'offline', 'shell'],
        (env) => ({
          database: queryCacheDatabase(parseApiEnv(env.VITE_API_ENV)),
          store: QUERY_STORE,
          global: CACHE_READ_GLOBAL,
        }),
      ),
      // jspdf is installed for the offline Scan to Pay kit; its image readers are not needed.
      jspdfWithoutImageDecoders(),
      // The router's Link leaves the boot chunk for the screens that use it.
      routerWithoutRouteLinks(),
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'sw',
        filename: 'sw.ts',
        registerType: 'prompt',
        injectRegister: false,
        // The plugin precaches the manifest and its icons itself, so the globs leave them out.
        includeManifestIcons: true,
        injectManifest: {
          globPatterns: ['**/*.{js,css,html,svg,ico}', 'icons/apple-touch-icon.png'],
          // Operator logos and terminal pictures load on demand into the image cache (sw/sw.ts);
          // the 1.6 MB password dictionaries, the export's table layout (jspdf-autotable) and the
          // optional html2canvas, canvg and DOMPurify jspdf imports for HTML and SVG (0.4 MB) serve
          // screens that need a connection anyway. jspdf itself is installed: the Scan to Pay kit
          // is made offline.
          globIgnores: [
            'brands/**',
            'terminals/**',
            'screenshots/**',
            'assets/zxcvbn-*.js',
            'assets/pdf-writer-*.js',
            'assets/html2canvas-*.js',
            'assets/index.es-*.js',
            'assets/purify.es-*.js',
            // The bulk import's parser for large files (papaparse and the phone metadata again,
            // 0.2 MB): sending the links needs a connection, so reading the file offline gains nothing.
            'assets/bulk-import.worker-*.js',
          ],
        },
        manifest: {
          id: '/',
          name: 'FleetPay Portal',
          short_name: 'FleetPay',
          description:
            'Back office for taxi and fleet card payments: sales, refunds, payment links and payouts.',
          lang: 'en-GB',
          dir: 'ltr',
          start_url: '/dashboard',
          scope: '/',
          display: 'standalone',
          orientation: 'any',
          theme_color: '#1d4ed8',
          background_color: '#f4f6f9',
          categories: ['business', 'finance'],
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            {
              src: '/icons/maskable-512.png',
              sizes: '512x512',
              type: 'image/png',
              purpose: 'maskable',
            },
          ],
          shortcuts: [
            { name: 'Sales', url: '/transactions/sales', description: 'Card sales of the account' },
            {
              name: 'New payment link',
              short_name: 'Payment link',
              url: '/payment-links/create',
              description: 'Ask a customer to pay by link',
            },
            {
              name: 'Scan to Pay',
              url: '/scan-to-pay',
              description: 'The QR code customers scan to pay',
            },
            {
              name: 'Check a payment',
              short_name: 'Check payment',
              url: '/check-payment',
              description: 'Check a customer’s proof of payment, even with no signal',
            },
          ].map((shortcut) => ({
            ...shortcut,
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          })),
          // The richer install dialog: a phone view and a desktop view (scripts/pwa-screenshots.ts).
          screenshots: [
            {
              src: '/screenshots/narrow.png',
              sizes: '720x1560',
              type: 'image/png',
              form_factor: 'narrow',
              label: 'Dashboard on a phone',
            },
            {
              src: '/screenshots/wide.png',
              sizes: '1280x800',
              type: 'image/png',
              form_factor: 'wide',
              label: 'Sales on a desktop',
            },
          ],
        },
      }),
    ],
    resolve: {
      alias: {
        '@': fileURLToPath(new URL('./src', import.meta.url)),
        // TanStack Store asks for the React 17 shim; React 19 has useSyncExternalStore built in.
        'use-sync-external-store/shim/with-selector': 'use-sync-external-store/with-selector',
      },
      // The persist client pins an older query-core; one copy keeps one cache and a smaller bundle.
      dedupe: ['@tanstack/query-core'],
    },
    define: {
      // BUILD_VERSION overrides it (the update proof builds two versions of one commit).
      __BUILD_VERSION__: JSON.stringify(process.env.BUILD_VERSION || buildVersion()),
    },
    server: {
      proxy: Object.fromEntries(apiPaths.map((path) => [path, { target: sandboxUrl }])),
    },
    build: {
      outDir: process.env.DIST_DIR || 'dist',
      emptyOutDir: true,
      // Every browser the portal supports knows <link rel="modulepreload">; the polyfill would only
      // add to the first paint's script.
      modulePreload: { polyfill: false },
      rollupOptions: {
        output: {
          // A recognisable name, so the service worker's precache can leave these chunks out.
          chunkFileNames: (chunk) =>
            chunk.moduleIds.some((id) => id.includes('/@zxcvbn-ts/'))
              ? 'assets/zxcvbn-[hash].js'
              : 'assets/[name]-[hash].js',
          codeSplitting: {
            groups: [
              // Everything the entry needs before its first paint in one chunk: the small shared
              // modules (enum values, query managers, router helpers) otherwise come as a dozen
              // chunks of a few hundred bytes, each with its own wrapper and request.
              { name: 'boot', tags: ['$initial'] },
              // jspdf on its own (with fflate), shared by the export and the Scan to Pay kit: the
              // service worker installs it, and not the export-only chunk it used to share.
              { name: 'jspdf', test: /node_modules[\\/]jspdf[\\/]/ },
              // TanStack Query on its own: /login loads it after its first paint, apart from the
              // screens' shared modules, so neither makes one long task of evaluating both.
              { name: 'query', test: /[\\/]@tanstack[\\/](react-query|query-core)[\\/]/ },
              // The API client on its own: /login loads it after its first paint (the token
              // refresh), apart from the signed-in chunks below, which would otherwise take it in.
              // Auth's server half goes with it (the token calls, the device id they send, the
              // answers that end a session): nothing uses it before a request, and on /login it is
              // there before the first sign-in.
              {
                name: 'http',
                test: /[\\/]src[\\/](api[\\/]http|session[\\/](auth-requests|tokens|device-id|forced-logout))\.ts$/,
              },
              {
                name: 'app',
                test: (id) => APP_SHARED.test(id) && !APP_SHARED_EXCLUDED.test(id),
                minShareCount: 2,
              },
              // After the shared ones: each takes what is left of its modules' dependencies.
              { name: 'offline', test: OFFLINE_START },
              { name: 'shell', test: SIGNED_IN_SHELL },
              { name: 'sales-list', test: SALES_LIST },
            ],
          },
        },
      },
    },
  }
})
