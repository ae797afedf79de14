// Production builds of the portal for `npm start --build-if-stale`, the tests and the benches.
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { makeOnce } from './lib/make-once'

// Sources whose change makes the built portal stale.
const BUILD_INPUTS = [
  'src',
  'sw',
  'public',
  'index.html',
  'vite.config.ts',
  // vite.config.ts's own plugins.
  'scripts/jspdf-without-image-decoders.ts',
  'scripts/first-paint.ts',
]

const TEST_FILE = /\.test\.tsx?$/

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0
  const info = statSync(entry)
  if (!info.isDirectory()) return info.mtimeMs
  let newest = info.mtimeMs
  for (const child of readdirSync(entry)) {
    // Unit tests beside the code are not part of the build.
    if (TEST_FILE.test(child)) continue
    newest = Math.max(newest, newestMtime(path.join(entry, child)))
  }
  return newest
}

export function portalIsStale(distDir: string, root = process.cwd()): boolean {
  const index = path.join(distDir, 'index.html')
  if (!existsSync(index)) return true
  const built = statSync(index).mtimeMs
  return BUILD_INPUTS.some((input) => newestMtime(path.join(root, input)) > built)
}

export interface BuildOptions {
  // Build-time variables on top of the process's own (VITE_*, BUILD_VERSION).
  env?: Record<string, string>
  // Print vite's output as it comes; otherwise only its tail, and only when the build fails.
  verbose?: boolean
}

/** A production build into distDir (emptied first). */
export function buildPortal(distDir: string, { env = {}, verbose = false }: BuildOptions = {}) {
  return new Promise<void>((resolve, reject) => {
    if (verbose) console.log(`Building the portal into ${distDir}/ …`)
    const child = spawn('npx', ['vite', 'build', '--outDir', distDir, '--emptyOutDir'], {
      stdio: verbose ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env, DIST_DIR: distDir },
    })
    let output = ''
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000))
    child.stdout?.on('data', keep)
    child.stderr?.on('data', keep)
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build exited with code ${code}\n${output}`)),
    )
  })
}

/**
 * Builds distDir only when a source is newer than it. Servers, test runners and benches started at
 * once share one build: the first builds, the others wait for its lock and then find it fresh.
 */
export async function buildIfStale(distDir: string, options: BuildOptions = {}): Promise<void> {
  await makeOnce(
    `${distDir}.build-lock`,
    () => !portalIsStale(distDir),
    () => buildPortal(distDir, options),
  )
}
