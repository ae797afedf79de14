// The offline warm start's floor page (tests/bench/offline-floor/): its own Vite build, React and a
// Workbox precaching service worker built by vite-plugin-pwa as the portal's is, served under
// FLOOR_BASE by the same sandbox as the portal so that it reads the portal's IndexedDB.
import path from 'node:path'
import react from '@vitejs/plugin-react'
import { build } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

export const FLOOR_BASE = '/bench-floor/'

/** Builds the floor page into outDir (the `bench-floor` folder of a copy of the portal's build). */
export async function buildOfflineFloor(outDir: string): Promise<void> {
  const root = path.resolve('tests/bench/offline-floor')
  await build({
    root,
    base: FLOOR_BASE,
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    resolve: { alias: { '@': path.resolve('src') } },
    plugins: [
      react(),
      VitePWA({
        strategies: 'injectManifest',
        srcDir: '.',
        filename: 'sw.ts',
        injectRegister: false,
        manifest: false,
        injectManifest: { globPatterns: ['**/*.{js,css,html}'] },
      }),
    ],
    build: { outDir, emptyOutDir: true, modulePreload: { polyfill: false } },
  })
}
